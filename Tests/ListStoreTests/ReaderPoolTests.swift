import Foundation
import SQLiteCore
import Synchronization
import Testing

@testable import ListStore
import ListStoreTesting

/// Reads go to read-only connections beside the writer: in WAL mode they never wait for a
/// write, and they see every write committed before they began.
@Suite struct ReaderPoolTests {
  @Test func readsReturnWhileAnotherConnectionHoldsTheWriteLock() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      let database = try ListsDatabase(
        path: path, configuration: .init(busyTimeoutMilliseconds: 5000))
      let orders = database.orders()
      let committed = try orders.importItems(try orderDrafts(3))
      let blocker = try Connection(path: path)
      try blocker.execute("BEGIN IMMEDIATE")
      try blocker.execute(
        "INSERT INTO orders (account, number, total_minor, currency, placed_at) VALUES ('default', 'X', 1, 'EUR', 9999)"
      )
      defer { try? blocker.execute("ROLLBACK") }
      // Waiting for the lock would end in databaseBusy after 5 s; the reads see the committed
      // rows, not the uncommitted one.
      let page = try orders.page(after: nil, limit: 20)
      #expect(page.items.map(\.number) == ["N-2", "N-1", "N-0"])
      #expect(try orders.count() == committed)
      #expect(try orders.item(id: page.items[0].id) == page.items[0])
      #expect(try database.favorites().isEmpty())
      var exported = 0
      try orders.export { _ in exported += 1 }
      #expect(exported == 3)
    }
  }

  @Test func aReadRightAfterAWriteSeesIt() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let orders = database.orders()
      for (index, draft) in try orderDrafts(20).enumerated() {
        let added = try orders.add(draft)
        #expect(try orders.count() == index + 1)
        #expect(try orders.page(after: nil, limit: 1).items == [added])
      }
      try orders.clear()
      #expect(try orders.isEmpty())
      #expect(try orders.page(after: nil, limit: 5).items.isEmpty)
    }
  }

  @Test func aReadWhileThisProcessWaitsToWriteReturnsAtOnce() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      let writing = DispatchSemaphore(value: 0)
      let added = AddOutcome()
      var configuration = ListsDatabase.Configuration(busyTimeoutMilliseconds: 5000)
      // Tells when the adding thread holds the writer and is about to wait for the lock.
      configuration.willUseConnection = {
        if added.thread.withLock({ $0 }) == pthread_self() { writing.signal() }
      }
      let database = try ListsDatabase(path: path, configuration: configuration)
      let orders = database.orders()
      try orders.importItems(try orderDrafts(2))
      let blocker = try Connection(path: path)
      try blocker.execute("BEGIN IMMEDIATE")
      let done = DispatchSemaphore(value: 0)
      let draft = OrderDraft(number: "late", total: try Money(minorUnits: 1, currency: .eur))
      Thread {
        added.thread.withLock { $0 = pthread_self() }
        let result = Result { () throws(ListStoreError) in try orders.add(draft) }
        added.value.withLock { $0 = result }
        done.signal()
      }.start()
      #expect(writing.wait(timeout: .now() + Double(deliveryBound.components.seconds)) == .success)
      // The add holds the writer until the blocker lets go; a read that waited for it would
      // hold up the rollback below until the add failed as busy.
      #expect(try orders.page(after: nil, limit: 20).items.map(\.number) == ["N-1", "N-0"])
      #expect(try orders.count() == 2)
      try blocker.execute("ROLLBACK")
      #expect(done.wait(timeout: .now() + Double(deliveryBound.components.seconds)) == .success)
      let result = try #require(added.value.withLock { $0 })
      #expect(try result.get().number == "late")
      #expect(try orders.count() == 3)
    }
  }

  @Test func readersOpenOnlyWhenTheWriterIsBusyAndAreReadOnly() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let readers = try #require(database.readers)
      let orders = database.orders()
      try orders.add(try orderDrafts(1)[0])
      #expect(try orders.count() == 1)
      #expect(try orders.page(after: nil, limit: 5).items.count == 1)
      #expect(readers.idleCount == 0)
      // Inside an import this thread holds the writer: its reads go to a reader.
      var pulled = false
      try orders.importItems {
        #expect(try orders.count() == 1)
        defer { pulled = true }
        return pulled ? nil : try orderDrafts(2)[1]
      }
      #expect(readers.idleCount == 1)
      // SQLITE_READONLY, which the store reports as a permission error.
      #expect(throws: ListStoreError.permissionDenied(path: folder.path())) {
        try database.withConnection { _ in
          try readers.withReader { connection in try connection.execute("DELETE FROM orders") }
        }
      }
      #expect(try orders.count() == 2)
    }
  }

  @Test func concurrentReadsEachGetAConnectionAndAtMostFourAreKept() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let readers = try #require(database.readers)
      try database.orders().importItems(try orderDrafts(2))
      // Six reads nested inside one another are six reads open at once: the first on the
      // writer, five on readers.
      func nest(_ depth: Int) throws -> Int {
        try database.read { _ in depth == 0 ? 0 : 1 + (try nest(depth - 1)) }
      }
      #expect(try nest(5) == 5)
      #expect(readers.idleCount == ReaderPool.maximumIdle)
    }
  }

  @Test func onceReadsHaveOverlappedEachThreadKeepsToAConnectionOfItsOwn() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let readers = try #require(database.readers)
      // This thread writes: it took the writer last.
      try database.orders().importItems(try orderDrafts(2))
      let writer = try database.withConnection { connection in ObjectIdentifier(connection) }
      let connectionOfARead: @Sendable () throws -> ObjectIdentifier = {
        try database.read { connection in ObjectIdentifier(connection) }
      }
      // Before any read ran beside another, a read on another thread uses the free writer.
      #expect(try onAnotherThread(connectionOfARead) == writer)
      // A read inside another opens the first reader.
      _ = try database.read { _ in try database.read { _ in 0 } }
      #expect(readers.idleCount == 1)
      // From now on another thread keeps to a reader, read after read, though the writer is
      // free; this thread keeps to the writer.
      let (first, second) = try onAnotherThread { (try connectionOfARead(), try connectionOfARead()) }
      #expect(first == second && first != writer)
      #expect(try connectionOfARead() == writer)
      #expect(readers.idleCount == 1)
    }
  }

  /// The result of `body` run on a thread of its own, waited for.
  private func onAnotherThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
    let done = DispatchSemaphore(value: 0)
    let result = Mutex<Result<T, any Error>?>(nil)
    Thread {
      result.withLock { $0 = Result { try body() } }
      done.signal()
    }.start()
    done.wait()
    return try result.withLock { $0! }.get()
  }

  @Test func releasingTheDatabaseClosesTheFileWithItsReaders() throws {
    try withTemporaryFolder { folder in
      do {
        let database = try ListsDatabase(path: folder.path())
        try database.orders().add(try orderDrafts(1)[0])
        #expect(try database.orders().count() == 1)
        #expect(try database.orders().page(after: nil, limit: 1).items.count == 1)
      }
      // The writer closed last, so it checkpointed and removed the -wal and -shm files.
      #expect(try folder.contents() == ["lists.db"])
    }
  }

  @Test func anInMemoryDatabaseReadsFromItsOneConnection() throws {
    let database = try ListsDatabase.inMemory()
    #expect(database.readers == nil)
    let added = try database.orders().add(try orderDrafts(1)[0])
    #expect(try database.orders().page(after: nil, limit: 5).items == [added])
  }
}

/// The thread that adds, and where it leaves the result of its add.
private final class AddOutcome: Sendable {
  let thread = Mutex<pthread_t?>(nil)
  let value = Mutex<Result<Order, ListStoreError>?>(nil)
}
