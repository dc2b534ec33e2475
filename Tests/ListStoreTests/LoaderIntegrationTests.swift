import ListPaging
import SQLiteCore
import Testing

@testable import ListStore
import ListStoreTesting

/// The paging loader over the real store, on a database file.
@Suite struct LoaderIntegrationTests {
  @Test func loaderPagesTheStoreInListOrder() async throws {
    try await withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let orders = database.orders()
      try orders.importItems(try orderDrafts(45))
      let loader = orders.loader(pageSize: 20)
      var state = await loader.loadNextPage()
      while state.phase == .content && !state.endReached { state = await loader.loadNextPage() }
      #expect(state.pagesLoaded == 3)
      #expect(state.items.map(\.number) == (0..<45).reversed().map { "N-\($0)" })
    }
  }

  /// A screen's setup: the store's loader walked on the main actor with its subscriber draining
  /// there too. The store answers pages inside the call, so the walk never suspends and the
  /// subscriber runs after it: it must still get every transition, and its stream must end
  /// once the loader is released.
  @MainActor @Test(.timeLimit(.minutes(1)))
  func aSubscriberOnTheLoadersActorGetsEveryTransitionAndTheEnd() async throws {
    try await withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let orders = database.orders()
      try orders.importItems(try orderDrafts(45))
      var loader: OrdersRepository.Loader? = orders.loader(pageSize: 10)
      let transitions = loader!.transitions
      let drain = Task { @MainActor in
        var numbers: [Int] = []
        for await transition in transitions { numbers.append(transition.number) }
        return numbers
      }
      var state = loader!.state
      repeat {
        state = await loader!.loadNextPage()
      } while state.phase == .content && !state.endReached
      loader = nil
      let numbers = await drain.value
      #expect(state.pagesLoaded == 5)
      #expect(numbers == Array(1...numbers.count))
      #expect(numbers.count == 2 * state.pagesLoaded)
    }
  }

  @Test func emptyListIsEmptyAndAWriteFromAnotherConnectionTurnsItIntoContent() async throws {
    try await withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let loader = database.orders().loader(pageSize: 20)
      #expect(await loader.loadNextPage().phase == .empty)
      let (_, stream) = loader.subscribe()
      let observer = Task { await loader.observeChanges() }
      defer { observer.cancel() }
      let other = try Connection(path: folder.path())
      try other.execute(
        "INSERT INTO orders (number, total_minor, currency, placed_at) VALUES ('X-1', 100, 'EUR', 5)")
      let seen = await transitions(stream, within: deliveryBound) { $0.state.phase == .content }
      #expect(seen.last?.state.items.map(\.number) == ["X-1"])
      // An automatic refresh never passes through loading: no blinking.
      #expect(!seen.contains { $0.state.phase == .loading })
      #expect(seen.first?.previousPhase == .empty)
    }
  }

  @Test func anObservingLoaderLetsTheFileCloseOnceReleased() async throws {
    try await withTemporaryFolder { folder in
      weak var released: ListsDatabase?
      do {
        let database = try ListsDatabase(path: folder.path())
        released = database
        try database.orders().add(try orderDrafts(1)[0])
        let loader = database.orders().loader(pageSize: 20)
        let (_, stream) = loader.subscribe()
        let observer = Task { await loader.observeChanges() }
        #expect(await loader.loadNextPage().phase == .content)
        let consumer = Task { for await _ in stream {} }
        observer.cancel()
        await observer.value
        consumer.cancel()
        await consumer.value
        database.stopObserving()
      }
      #expect(released == nil)
      // The last connection to close removes the WAL and its index.
      #expect(try folder.contents() == ["lists.db"])
    }
  }

  @Test func removingTheLastItemTurnsContentIntoEmptyWithoutLoading() async throws {
    try await withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let favorites = database.favorites()
      let only = try favorites.add(FavoriteDraft(ref: "r", title: "Kettle"))
      let loader = favorites.loader(pageSize: 20)
      #expect(await loader.loadNextPage().phase == .content)
      let (_, stream) = loader.subscribe()
      let observer = Task { await loader.observeChanges() }
      defer { observer.cancel() }
      try favorites.remove(ids: [only.id])
      let seen = await transitions(stream, within: deliveryBound) { $0.state.phase == .empty }
      #expect(seen.last?.state.phase == .empty)
      #expect(!seen.contains { $0.state.phase == .loading })
    }
  }

  @Test func storeErrorsAreClassified() async throws {
    #expect(LoadError(classifying: ListStoreError.databaseBusy).isRetryable)
    #expect(LoadError(classifying: ListStoreError.databaseBusy).kind == "busy")
    for permanent: ListStoreError in [
      .notADatabase(path: "x"), .corrupt(path: "x", detail: "d"),
      .schemaTooNew(app: nil, found: 9, supported: 1), .permissionDenied(path: "x"),
    ] {
      #expect(!LoadError(classifying: permanent).isRetryable, "\(permanent.kind)")
    }
  }
}
