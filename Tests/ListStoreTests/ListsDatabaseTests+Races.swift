import Foundation
import SQLiteCore
import Synchronization
import Testing

@testable import ListStore
import ListStoreTesting

extension ListsDatabaseTests {
  /// Switching a new file to WAL takes the write lock while holding a read lock, and SQLite fails
  /// such an upgrade at once, without the busy handler, when another connection holds the write
  /// lock: several processes creating one file used to fail with busy in a few milliseconds.
  ///
  /// Plain threads, not tasks: the open blocks while it waits, and on a loaded 2-core machine
  /// the rollback's task could wait for a cooperative thread past the busy timeout.
  @Test func switchingToWALWaitsForAnotherWriterUpToTheBusyTimeout() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      // Another connection is mid-way through writing the new, still rollback-journal file.
      let writer = try Connection(path: path)
      try writer.execute("BEGIN IMMEDIATE")
      let started = ContinuousClock.now
      let opened = Mutex<Result<ListsDatabase, any Error>?>(nil)
      let done = DispatchSemaphore(value: 0)
      Thread {
        let result = Result { () throws -> ListsDatabase in
          try ListsDatabase(path: path, configuration: .init(busyTimeoutMilliseconds: 5000))
        }
        opened.withLock { $0 = result }
        done.signal()
      }.start()
      Thread.sleep(forTimeInterval: 0.3)
      try writer.execute("ROLLBACK")
      #expect(done.wait(timeout: .now() + 30) == .success)
      let database = try #require(opened.withLock { $0 }).get()
      #expect(ContinuousClock.now - started >= .milliseconds(250))
      #expect(try database.orders().count() == 0)
    }
  }
}
