import ListPaging
import SQLiteCore
import Testing

@testable import ListStore
import ListStoreTesting

/// A store loader's observation of its list over an app's life: cancelled and started again
/// (a SwiftUI view's `.task`), several at once, and released.
@Suite struct LoaderObservationTests {
  /// A database on `folder`'s file that looks for other connections' commits every 10 ms.
  private func database(_ folder: TemporaryFolder, poll: Duration = .milliseconds(10)) throws
    -> ListsDatabase
  {
    try ListsDatabase(path: folder.path(), configuration: .init(changePollInterval: poll))
  }

  /// Adds order `number` through a plain SQLite connection of its own: another writer.
  private func insertFromAnotherConnection(_ folder: TemporaryFolder, _ number: String) throws {
    let other = try Connection(path: folder.path())
    // Another program waits for a lock as the store does: the last connection to close (a
    // stopped poller's) checkpoints the WAL and holds the file for a moment.
    other.setBusyTimeout(milliseconds: 5_000)
    try other.execute(
      """
      INSERT INTO orders (number, total_minor, currency, placed_at)
      VALUES ('\(number)', 100, 'EUR', 5)
      """)
  }

  private func numbers(_ loader: OrdersRepository.Loader) -> [String] {
    loader.state.items.map(\.number)
  }

  @Test func observationCancelledAndStartedAThousandTimesStillSeesAnotherConnectionsWrite()
    async throws
  {
    try await withTemporaryFolder { folder in
      let database = try database(folder)
      let loader = database.orders().loader()
      #expect(await loader.loadNextPage().phase == .empty)
      for round in 0..<1_000 {
        if round.isMultiple(of: 2) {
          let observer = Task { await loader.observeChanges() }
          observer.cancel()
          await observer.value
        } else {
          loader.startObservingChanges().cancel()
        }
      }
      let observer = Task { await loader.observeChanges() }
      defer { observer.cancel() }
      try insertFromAnotherConnection(folder, "X-1")
      #expect(await eventually { numbers(loader) == ["X-1"] })
    }
  }

  @Test func twoObserversAtOnceEachKeepTheLoaderFresh() async throws {
    try await withTemporaryFolder { folder in
      let database = try database(folder)
      let loader = database.orders().loader()
      #expect(await loader.loadNextPage().phase == .empty)
      var first = Task { await loader.observeChanges() }
      let second = loader.startObservingChanges()
      try insertFromAnotherConnection(folder, "X-1")
      #expect(await eventually { numbers(loader) == ["X-1"] })

      // Each observer hears every change: with either one gone, the other still refreshes.
      first.cancel()
      await first.value
      try insertFromAnotherConnection(folder, "X-2")
      #expect(await eventually { Set(numbers(loader)) == ["X-1", "X-2"] })

      first = Task { await loader.observeChanges() }
      defer { first.cancel() }
      second.cancel()
      try insertFromAnotherConnection(folder, "X-3")
      #expect(await eventually { Set(numbers(loader)) == ["X-1", "X-2", "X-3"] })
    }
  }

  @MainActor
  @Test func modelRunStartedCancelledAndStartedAgainFollowsAnotherConnectionsWrite() async throws {
    try await withTemporaryFolder { folder in
      let database = try database(folder)
      let model: OrdersRepository.Model = database.orders().model()
      #expect(model.list == "orders" && model.loader.pageSize == 20)
      var running = Task { await model.run() }
      #expect(await eventually(within: .seconds(30)) { model.state.phase == .empty })
      running.cancel()
      await running.value

      running = Task { await model.run() }
      defer { running.cancel() }
      try insertFromAnotherConnection(folder, "X-1")
      #expect(await eventually(within: .seconds(30)) { model.state.items.map(\.number) == ["X-1"] })
    }
  }

  @MainActor
  @Test func aKindsModelNamesItsListAndShowsItsPlaceholder() async throws {
    try await withTemporaryFolder { folder in
      let database = try database(folder)
      let books = try database.records(of: Book.self)
      let model: KindRepository<Book>.Model = books.model(pageSize: 5, placeholders: PlaceholderCatalog(kinds: [Book.definition]))
      let running = Task { await model.run() }
      defer { running.cancel() }
      #expect(await eventually(within: .seconds(30)) { model.state.phase == .empty })
      #expect(model.list == "books" && model.loader.pageSize == 5)
      #expect(model.display.placeholder?.title == "No books yet")
    }
  }

  @Test func aChangeMadeWhileNobodyObservedRefreshesOnceObservingStartsAgain() async throws {
    try await withTemporaryFolder { folder in
      // The poller is an hour away: only the restarted observation can deliver this.
      let database = try database(folder, poll: .seconds(3_600))
      let orders = database.orders()
      let loader = orders.loader()
      #expect(await loader.loadNextPage().phase == .empty)
      loader.startObservingChanges().cancel()
      try orders.add(OrderDraft(number: "A-1", total: Money(parsing: "1", currency: .eur)))

      let observation = loader.startObservingChanges()
      defer { observation.cancel() }
      #expect(await eventually { numbers(loader) == ["A-1"] })
    }
  }

  @Test func ownWriteRefreshesFromTheCommitWithoutAPoll() async throws {
    try await withTemporaryFolder { folder in
      let database = try database(folder, poll: .seconds(3_600))
      let orders = database.orders()
      let loader = orders.loader()
      #expect(await loader.loadNextPage().phase == .empty)
      // No poll at all: the poller is paused, and would look only once an hour.
      database.pauseObservingOtherProcesses()
      let observation = loader.startObservingChanges()
      defer { observation.cancel() }
      #expect(!database.hub.isPolling)
      try orders.add(OrderDraft(number: "A-1", total: Money(parsing: "1", currency: .eur)))
      #expect(await eventually { numbers(loader) == ["A-1"] })
    }
  }

  @Test func anObservationKeepsNothingAliveAndThePollingThreadEndsOnRelease() async throws {
    try await withTemporaryFolder { folder in
      weak var releasedDatabase: ListsDatabase?
      weak var releasedLoader: OrdersRepository.Loader?
      let observation: ChangeObservation
      let thread: String
      do {
        let database = try database(folder)
        let loader = database.orders().loader()
        releasedDatabase = database
        releasedLoader = loader
        observation = loader.startObservingChanges()
        #expect(await loader.loadNextPage().phase == .empty)
        thread = try #require(database.hub.pollingThreadName)
        #expect(await eventually { threadExists(named: thread) })
      }
      // The observation outlives both: it holds neither.
      #expect(await eventually { releasedLoader == nil && releasedDatabase == nil })
      #expect(await eventually { !threadExists(named: thread) })
      #expect(observation.isCancelled)
    }
  }

  @Test func aReleasedLoaderStopsObservingWhileItsDatabaseLivesOn() async throws {
    try await withTemporaryFolder { folder in
      let database = try database(folder)
      let observation: ChangeObservation
      let thread: String
      do {
        let loader = database.orders().loader()
        observation = loader.startObservingChanges()
        #expect(await loader.loadNextPage().phase == .empty)
        thread = try #require(database.hub.pollingThreadName)
      }
      // Nobody listens any more: the database polls no more, though it is still open.
      #expect(await eventually { !database.hub.isPolling })
      #expect(await eventually { !threadExists(named: thread) })
      #expect(observation.isCancelled)
    }
  }
}
