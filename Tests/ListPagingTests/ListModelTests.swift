import ListPaging
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
            title: "Couldn't load favorites", detail: "The database file is damaged.",
            action: "Check the file: lists doctor")))
    source.setFailure(nil)
    model.retry()
    await waitUntil(model) { model.state.phase == .content }
    #expect(Array(model.state.items) == ["first"])
    running.cancel()
    await running.value
  }

  @Test func runFollowsChangesOfTheDataWithoutLoading() async {
    let source = ArrayPageSource<String>()
    let loader = ListLoader(source: source, invalidations: source.changes)
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
}
