import Foundation
import Synchronization
import Testing

@testable import ListStore
import ListStoreTesting

/// The async repository calls run SQLite off the caller's actor — the main actor stays free
/// while they work — and give what the synchronous calls give.
@Suite struct ListRepositoryAsyncTests {
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

  /// The orders of a database whose every use of a connection goes through `probe`.
  private func orders(at path: String, probe: MainActorProbe) throws -> OrdersRepository {
    var configuration = ListsDatabase.Configuration()
    configuration.willUseConnection = { probe.connectionWillBeUsed() }
    return try ListsDatabase(path: path, configuration: configuration).orders()
  }

  @MainActor @Test func pageFromTheMainActorLeavesItFreeAndMatchesTheSyncPage() async throws {
    // Made here, not by withTemporaryFolder: its closure would leave the main actor.
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let probe = MainActorProbe()
    let orders = try orders(at: folder.path(), probe: probe)
    let (first, second) = try synchronously {
      try orders.importItems(try orderDrafts(5))
      let first = try orders.page(after: nil, limit: 2)
      return (first, try orders.page(after: first.nextCursor, limit: 2))
    }
    probe.arm(true)
    let asyncFirst = try await orders.page(after: nil, limit: 2)
    let asyncSecond = try await orders.page(after: asyncFirst.nextCursor, limit: 2)
    probe.arm(false)
    #expect(probe.take() == [true, true])
    #expect(asyncFirst.items == first.items)
    #expect(asyncFirst.nextCursor == first.nextCursor)
    #expect(asyncSecond.items == second.items)
    #expect(asyncSecond.nextCursor == second.nextCursor)
  }

  @MainActor @Test func everyAsyncCallLeavesTheMainActorFreeAndMatchesTheSyncCall() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let probe = MainActorProbe()
    let orders = try orders(at: folder.path(), probe: probe)
    let drafts = try orderDrafts(4)
    probe.arm(true)
    let added = try await orders.add(drafts[0])
    #expect(try await orders.item(id: added.id) == added)
    #expect(try await orders.item(id: added.id + 100) == nil)
    #expect(try await orders.importItems(Array(drafts[1...])) == 3)
    #expect(try await orders.count() == 4)
    #expect(try await orders.isEmpty() == false)
    try await orders.remove(ids: [added.id])
    await #expect(throws: ListStoreError.itemsNotFound(list: .orders, ids: [added.id], removing: true)) {
      try await orders.remove(ids: [added.id])
    }
    let cleared = try await orders.clear()
    let emptyAfter = try await orders.isEmpty()
    probe.arm(false)
    #expect(probe.take() == Array(repeating: true, count: 10))
    #expect(try synchronously { try orders.item(id: added.id) } == nil)
    #expect(cleared == 3)
    #expect(emptyAfter)
  }

  @Test func asyncCallsReportTheSameErrorsAsTheSyncCalls() async throws {
    let orders = try ListsDatabase.inMemory().orders()
    let draft = try orderDrafts(1)[0]
    try await orders.add(draft)
    await #expect(throws: ListStoreError.duplicateItem(kind: "orders", item: "order", fields: ["number"], values: [draft.number])) {
      try await orders.add(draft)
    }
    await #expect(throws: ListStoreError.invalidLimit(0, allowed: ListPage<Order>.allowedLimits)) {
      try await orders.page(after: nil, limit: 0)
    }
  }
}
