import ListPaging
import ListPagingTesting
import Observation
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ListModelTests {
  /// Waits, without sleeping, until `condition` holds: it is checked again after every change
  /// of the model's state.
  private func waitUntil<Source>(
    _ model: ListModel<Source>, _ condition: () -> Bool
  ) async {
    while !condition() {
      await withCheckedContinuation { continuation in
        withObservationTracking {
          _ = model.state
        } onChange: {
          continuation.resume()
        }
      }
    }
  }

  @Test func runLoadsTheFirstPageAndFollowsTransitions() async {
    let source = ScriptedPageSource<String>()
    let model = ListModel(loader: ListLoader(source: source, pageSize: 2), list: "orders")
    #expect(model.state.phase == .idle)
    let running = Task { await model.run() }
    let first = await source.nextRequest()
    await waitUntil(model) { model.state.phase == .loading }
    #expect(model.display == .placeholder(Placeholder(title: "Loading orders…")))

    first.succeed(["A-1", "A-2"], next: 2)
    await waitUntil(model) { model.state.phase == .content }
    #expect(Array(model.state.items) == ["A-1", "A-2"])
    #expect(model.display == .content(notice: nil))

    model.loadNextPage()
    await source.nextRequest().fail(TestError.busy)
    await waitUntil(model) {
      if case .failed = model.state.append { true } else { false }
    }
    #expect(
      model.display
        == .content(notice: "Couldn't load more orders: The database is busy; try again."))
    running.cancel()
    await running.value
  }

  @Test func displayShowsTheErrorPlaceholderAndRetryRecovers() async {
    let source = ArrayPageSource(["first"])
    source.setFailure(TestError.corrupt)
    let model = ListModel(loader: ListLoader(source: source), list: "favorites")
    let running = Task { await model.run() }
    await waitUntil(model) { model.state.phase == .error }
    #expect(
      model.display
        == .placeholder(
          Placeholder(
            title: "Couldn't load favorites", detail: "The database file is damaged.")))
    source.setFailure(nil)
    model.retry()
    await waitUntil(model) { model.state.phase == .content }
    #expect(Array(model.state.items) == ["first"])
    running.cancel()
    await running.value
  }

  @Test func runFollowsChangesOfTheDataWithoutLoading() async {
    let source = ArrayPageSource<String>()
    // Subscribed now, before the observation starts: a change made meanwhile is heard.
    let changes = source.changes
    let loader = ListLoader(source: source, makeInvalidations: { changes })
    let model = ListModel(loader: loader, list: "addresses")
    let running = Task { await model.run() }
    await waitUntil(model) { model.state.phase == .empty }
    #expect(model.display == .placeholder(PlaceholderCatalog().emptyPlaceholder(list: "addresses")))

    // Subscribed before the change, so that no transition of it can be missed.
    var transitions = loader.transitions.makeAsyncIterator()
    source.append("Home")
    var phases: [ListPhase] = []
    while let transition = await transitions.next() {
      phases.append(transition.state.phase)
      if transition.state.refresh == .idle { break }
    }
    #expect(phases == [.empty, .content])
    await waitUntil(model) { model.state.phase == .content }

    model.refresh()
    var events: [PageEvent] = []
    while let transition = await transitions.next() {
      events += transition.events
      if transition.state.refresh == .idle { break }
    }
    #expect(events == [.refreshing(automatic: false), .refreshed(count: 1, hasMore: false)])
    #expect(Array(model.state.items) == ["Home"])
    running.cancel()
    await running.value
  }

  @Test func requestsRunOffTheMainActorAndTheModelFollowsTransitionsInOrder() async {
    let source = MainActorProbeSource<String>()
    let loader = ListLoader(source: source, pageSize: 2)
    let model = ListModel(loader: loader, list: "orders")
    var phases = [model.state.phase]
    let running = Task { await model.run(observingChanges: false) }
    let first = await source.scripted.nextRequest()
    await waitUntil(model) { model.state.phase == .loading }
    phases.append(model.state.phase)
    first.succeed(["A-1", "A-2"], next: 2)
    await waitUntil(model) { model.state.phase == .content }
    phases.append(model.state.phase)
    #expect(phases == [.idle, .loading, .content])

    model.loadNextPage()
    // The loader's state moved at once; the model's follows on a later turn of the main actor.
    #expect(loader.state.append == .loading(page: 2))
    await source.scripted.nextRequest().succeed(["A-3"], next: nil)
    await waitUntil(model) { model.state.endReached }
    #expect(Array(model.state.items) == ["A-1", "A-2", "A-3"])

    model.refresh()
    await source.scripted.nextRequest().succeed(["B-1", "B-2"], next: 2)
    await source.scripted.nextRequest().succeed(["B-3"], next: nil)
    await waitUntil(model) { Array(model.state.items) == ["B-1", "B-2", "B-3"] }
    // Every page, of the first load, an append and a refresh, was read off the main actor.
    #expect(source.heldTheMainActor == [false, false, false, false])
    running.cancel()
    await running.value
  }

  @Test func runCancelledAndStartedAgainStillFollowsChanges() async throws {
    let source = ArrayPageSource<String>()
    let observations = Shared(0)
    let loader = ListLoader(
      source: source,
      makeInvalidations: {
        observations.update { $0 += 1 }
        return source.changes
      })
    let model = ListModel(loader: loader, list: "orders")
    for _ in 0..<3 {
      let running = Task { await model.run() }
      await waitUntil(model) { model.state.phase == .empty }
      running.cancel()
      await running.value
    }
    let running = Task { await model.run() }
    // The source announces a change only to those already listening: wait until the fourth
    // run does (a generous bound, for a busy machine; the suite's time limit is a minute).
    let deadline = ContinuousClock.now.advanced(by: .seconds(30))
    while observations.value < 4 && ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(1))
    }
    try #require(observations.value >= 4)
    source.append("A-1")
    await waitUntil(model) { model.state.phase == .content }
    #expect(Array(model.state.items) == ["A-1"])
    running.cancel()
    await running.value
  }

  @Test func customPlaceholdersAreUsed() async {
    var catalog = PlaceholderCatalog()
    catalog.setEmpty(Placeholder(title: "Nothing here"), list: "orders")
    let model = ListModel(
      loader: ListLoader(source: ArrayPageSource<Int>()), list: "orders", placeholders: catalog)
    let running = Task { await model.run(observingChanges: false) }
    await waitUntil(model) { model.state.phase == .empty }
    #expect(model.display == .placeholder(Placeholder(title: "Nothing here")))
    running.cancel()
    await running.value
  }

  @Test func aQueryThatMatchesNothingShowsTheNoResultsPlaceholderWithItsText() async {
    let source = ScriptedPageSource<String>()
    let model = ListModel(loader: ListLoader(source: source, pageSize: 2), list: "books")
    let running = Task { await model.run(observingChanges: false) }
    await source.nextRequest().succeed(["Dune"], next: nil)
    await waitUntil(model) { model.state.phase == .content }

    model.setQuery("zzz", summary: QuerySummary(search: "zzz"))
    let search = await source.nextRequest()
    #expect(search.query == "zzz")
    search.succeed([], next: nil, listHasItems: true)
    await waitUntil(model) { model.state.phase == .noResults }
    #expect(
      model.display
        == .placeholder(
          Placeholder(
            title: "No results for “zzz”", detail: "Try another search.")))
    running.cancel()
    await running.value
  }

  @Test func aSyncedListsModelCarriesItsSyncStatus() async {
    let source = ScriptedPageSource<String>()
    let (statuses, publish) = AsyncStream.makeStream(of: SyncStatus.self)
    nonisolated(unsafe) var handedOut = false
    let model = ListModel(
      loader: ListLoader(source: source, pageSize: 2), list: "books",
      syncStatuses: {
        precondition(!handedOut, "one stream per run")
        handedOut = true
        return statuses
      })
    #expect(model.sync == nil)
    let running = Task { await model.run() }
    await source.nextRequest().succeed(["A"], next: nil)
    publish.yield(SyncStatus(pending: 2, activity: .pushing))
    while model.sync?.pending != 2 {
      await withCheckedContinuation { continuation in
        withObservationTracking { _ = model.sync } onChange: { continuation.resume() }
      }
    }
    #expect(model.sync?.notices() == ["2 changes not synced yet."])
    #expect(SyncStatus(conflicts: 1, rejected: 2).notices(seeAlso: "lists sync status books") == [
      "2 changes were refused by the server: lists sync status books",
      "1 change conflicted with the server: lists sync status books",
    ])
    running.cancel()
    await running.value
  }
}
