import Foundation
import Synchronization
import Testing

@testable import ListStore
import ListStoreTesting

/// Async code awaits at the access points, `database.read { }` and `database.write { }`: the
/// SQLite work runs off the caller's actor — the main actor stays free while it works — and
/// gives what the synchronous calls give.
@Suite struct AsyncAccessPointTests {
  /// Watches every use of a connection while armed: whether it runs off the main thread, where
  /// the main actor runs its jobs (so a use elsewhere leaves the main actor free). Asked
  /// directly, not inferred from a job sent to the main actor running within a time window,
  /// which a busy machine could outlast.
  private final class MainActorProbe: Sendable {
    private let armed = Atomic<Bool>(false)
    private let results = Mutex<[Bool]>([])

    func arm(_ on: Bool) { armed.store(on, ordering: .sequentiallyConsistent) }

    func connectionWillBeUsed() {
      guard armed.load(ordering: .sequentiallyConsistent) else { return }
      let free = !Thread.isMainThread
      results.withLock { $0.append(free) }
    }

    /// Whether the main actor was free during each use since the last call.
    func take() -> [Bool] {
      results.withLock { log in
        defer { log.removeAll() }; return log
      }
    }
  }

  /// Runs `body` as synchronous code, where the repository's calls are the synchronous ones.
  private func synchronously<T>(_ body: () throws -> T) rethrows -> T { try body() }

  /// A database whose every use of a connection goes through `probe`.
  private func database(at path: String, probe: MainActorProbe) throws -> ListsDatabase {
    var configuration = ListsDatabase.Configuration()
    configuration.willUseConnection = { probe.connectionWillBeUsed() }
    return try ListsDatabase(path: path, configuration: configuration)
  }

  @MainActor @Test func aReadFromTheMainActorLeavesItFreeAndMatchesTheSyncPages() async throws {
    // Made here, not by withTemporaryFolder: its closure would leave the main actor.
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let probe = MainActorProbe()
    let database = try database(at: folder.path(), probe: probe)
    let orders = database.orders()
    let (first, second) = try synchronously {
      try orders.importItems(try orderDrafts(5))
      let first = try orders.page(after: nil, limit: 2)
      return (first, try orders.page(after: first.nextCursor, limit: 2))
    }
    probe.arm(true)
    let (asyncFirst, asyncSecond, count) = try await database.read { database in
      let orders = database.orders()
      let first = try orders.page(after: nil, limit: 2)
      return (first, try orders.page(after: first.nextCursor, limit: 2), try orders.count())
    }
    probe.arm(false)
    #expect(probe.take() == [true])  // one reader held for the whole closure
    #expect(asyncFirst.items == first.items)
    #expect(asyncFirst.nextCursor == first.nextCursor)
    #expect(asyncSecond.items == second.items)
    #expect(asyncSecond.nextCursor == second.nextCursor)
    #expect(count == 5)
  }

  @MainActor @Test func aWriteFromTheMainActorLeavesItFreeAndCommitsAllOrNothing() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let probe = MainActorProbe()
    let database = try database(at: folder.path(), probe: probe)
    let drafts = try orderDrafts(4)
    probe.arm(true)
    let added = try await database.write { transaction in
      let orders = transaction.orders()
      let added = try orders.add(drafts[0])
      #expect(try orders.item(id: added.id) == added)
      #expect(try orders.importItems(Array(drafts[1...])) == 3)
      #expect(try orders.count() == 4)
      try orders.remove(ids: [added.id])
      #expect(throws: ListStoreError.itemsNotFound(kind: .orders, ids: [added.id], removing: true)) {
        try orders.remove(ids: [added.id])
      }
      return added
    }
    let (cleared, emptyAfter) = try await database.write { transaction in
      (try transaction.orders().clear(), try transaction.orders().isEmpty())
    }
    probe.arm(false)
    #expect(probe.take().allSatisfy { $0 })
    #expect(try synchronously { try database.orders().item(id: added.id) } == nil)
    #expect(cleared == 3)
    #expect(emptyAfter)
  }

  @Test func theAccessPointsReportTheErrorsOfTheSyncCallsUnchanged() async throws {
    let database = try ListsDatabase.inMemory()
    let draft = try orderDrafts(1)[0]
    try synchronously { _ = try database.orders().add(draft) }
    await #expect(throws: ListStoreError.duplicateItem(kind: "orders", item: "order", fields: ["number"], values: [draft.number])) {
      try await database.write { transaction in try transaction.orders().add(draft) }
    }
    await #expect(throws: ListStoreError.invalidLimit(0, allowed: ListPage<Order>.allowedLimits)) {
      try await database.read { database in try database.orders().page(after: nil, limit: 0) }
    }
    #expect(try await database.read { database in try database.orders().count() } == 1)
  }

  /// Everything a read's closure reads is one state of the file, whatever another connection
  /// commits meanwhile; the next read sees the commit.
  @Test func aReadIsOneStateOfTheFile() async throws {
    try await withTemporaryDatabase { database in
      try database.orders().importItems(try orderDrafts(3))
      let path = database.path
      let (before, after) = try await database.read { database in
        let before = try database.orders().page(after: nil, limit: 10).items.count
        let other = try ListsDatabase(path: path)
        try other.orders().add(OrderDraft(number: "B-1", total: try Money(parsing: "1", currency: .eur)))
        return (before, try database.orders().count())
      }
      #expect(before == 3)
      #expect(after == 3)
      #expect(try await database.read { try $0.orders().count() } == 4)
    }
  }

  /// A read's closure only reads: a write from inside it is refused, and nothing is written.
  @Test func aWriteInsideAReadThrowsNestedWrite() async throws {
    for inMemory in [false, true] {
      let folder = try TemporaryFolder()
      defer { folder.remove() }
      let database = inMemory ? try ListsDatabase.inMemory() : try ListsDatabase(path: folder.path())
      let draft = try orderDrafts(1)[0]
      await #expect(throws: ListStoreError.nestedWrite) {
        try await database.read { database in try database.orders().add(draft) }
      }
      await #expect(throws: ListStoreError.nestedWrite) {
        try await database.read { database in try database.write { _ in } }
      }
      #expect(try database.orders().count() == 0)
    }
  }
}
