import Foundation
import SQLiteCore
import Testing

@testable import ListStore
import ListStoreTesting

extension ListsDatabaseTests {
  /// Switching a new file to WAL takes the write lock while holding a read lock, and SQLite fails
  /// such an upgrade at once, without the busy handler, when another connection holds the write
  /// lock: several processes creating one file used to fail with busy in a few milliseconds.
  @Test func switchingToWALWaitsForAnotherWriterUpToTheBusyTimeout() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path()
      // Another connection is mid-way through writing the new, still rollback-journal file.
      let writer = try Connection(path: path)
      try writer.execute("BEGIN IMMEDIATE")
      let started = ContinuousClock.now
      let opening = Task.detached {
        try ListsDatabase(path: path, configuration: .init(busyTimeoutMilliseconds: 5000))
      }
      try await Task.sleep(for: .milliseconds(300))
      try writer.execute("ROLLBACK")
      let database = try await opening.value
      #expect(ContinuousClock.now - started >= .milliseconds(250))
      #expect(try await database.orders().isEmpty())
    }
  }
}
