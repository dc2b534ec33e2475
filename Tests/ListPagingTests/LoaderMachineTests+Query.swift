import ListPaging
import Testing

/// An empty first page of a list that has items.
private func noMatches() -> SourcePage<Int, Int> {
  SourcePage(items: [], nextCursor: nil, listHasItems: true)
}

extension LoaderMachineTests {
  // MARK: No results: the list has items, but none match the query

  @Test func anEmptyFirstPageOfAListWithItemsIsNoResults() throws {
    var driver = MachineDriver()
    let load = try driver.expectFetch(.loadNextPage)
    driver.send(.pageLoaded(load.request, noMatches()))
    #expect(driver.state.phase == .noResults)
    #expect(driver.state.endReached && driver.state.items.isEmpty)
    #expect(driver.events == [.loading(page: 1), .noResults])
    #expect(driver.published.last?.previousPhase == .loading)
    // Like empty: there is no next page to ask for.
    #expect(driver.send(.loadNextPage).isEmpty)
  }

  @Test func anEmptyFirstPageOfAnEmptyListIsEmptyWhateverTheQuery() throws {
    var driver = MachineDriver()
    try driver.loadPages(1)
    let search = try driver.expectFetch(.queryChanged)
    driver.send(.pageLoaded(search.request, page(nil, next: nil)))
    #expect(driver.state.phase == .empty)
    #expect(driver.last.events() == [.empty])
  }

  @Test func aLaterEmptyPageOfAFilteredListIsTheEndNotNoResults() throws {
    var driver = MachineDriver()
    try driver.loadPages(1)
    let next = try driver.expectFetch(.loadNextPage)
    driver.send(.pageLoaded(next.request, noMatches()))
    #expect(driver.state.phase == .content)
    #expect(driver.state.endReached)
  }

  @Test func noResultsRefreshesByItselfIntoContentAndBack() throws {
    var driver = MachineDriver()
    let load = try driver.expectFetch(.loadNextPage)
    driver.send(.pageLoaded(load.request, noMatches()))
    // An item that matches was added: straight to content, without loading.
    let added = try driver.expectFetch(.invalidated)
    driver.send(.pageLoaded(added.request, page(0...0, next: nil)))
    #expect(driver.state.phase == .content)
    // It was changed so that it no longer matches.
    let changed = try driver.expectFetch(.invalidated)
    driver.send(.pageLoaded(changed.request, noMatches()))
    #expect(driver.state.phase == .noResults)
    // The last item of the list was removed: empty, whatever the query.
    let removed = try driver.expectFetch(.invalidated)
    driver.send(.pageLoaded(removed.request, page(nil, next: nil)))
    #expect(driver.state.phase == .empty)
    #expect(!driver.published.contains { $0.state.phase == .loading && $0.number > 2 })
    #expect(
      driver.events.suffix(6) == [
        .refreshing(automatic: true), .refreshed(count: 1, hasMore: false),
        .refreshing(automatic: true), .refreshed(count: 0, hasMore: false),
        .refreshing(automatic: true), .refreshed(count: 0, hasMore: false),
      ])
  }

  @Test func aManualRefreshOfNoResultsShowsLoading() throws {
    var driver = MachineDriver()
    let load = try driver.expectFetch(.loadNextPage)
    driver.send(.pageLoaded(load.request, noMatches()))
    _ = try driver.expectFetch(.refresh)
    #expect(driver.state.phase == .loading)
  }

  // MARK: A new query is a new generation

  @Test func aQueryChangeBeforeAnythingWasAskedForAsksForNothing() {
    var driver = MachineDriver()
    #expect(driver.send(.queryChanged).isEmpty)
    #expect(driver.state == ListState())
    #expect(driver.machine.generation == 1)
  }

  @Test func aQueryChangeCancelsTheAppendAndStartsOverFromLoading() throws {
    var driver = MachineDriver()
    try driver.loadPages(1)
    let append = try driver.expectFetch(.loadNextPage)
    let search = try driver.expectFetch(.queryChanged)
    #expect(driver.last.cancelled() == [append.request])
    #expect(search.cursor == nil && search.page == 1)
    #expect(search.request.generation > append.request.generation)
    #expect(driver.state.phase == .loading && driver.state.items.isEmpty)
    #expect(driver.last.events() == [.loading(page: 1)])
    // The older query's page arrives late: dropped.
    #expect(driver.send(.pageLoaded(append.request, page(3...5, next: 6))).isEmpty)
    driver.send(.pageLoaded(search.request, page(10...11, next: nil)))
    #expect(Array(driver.state.items) == [10, 11])
  }

  @Test func aQueryChangeCancelsARefresh() throws {
    var driver = MachineDriver()
    try driver.loadPages(1)
    let refresh = try driver.expectFetch(.invalidated)
    let search = try driver.expectFetch(.queryChanged)
    #expect(driver.last.cancelled() == [refresh.request])
    #expect(driver.send(.pageLoaded(refresh.request, page(0...2, next: nil))).isEmpty)
    driver.send(.pageLoaded(search.request, noMatches()))
    #expect(driver.state.phase == .noResults)
  }

  @Test func aBurstOfTwentyQueryChangesCostsTwoFetchesAndShowsOnlyTheLast() throws {
    var driver = MachineDriver()
    try driver.loadPages(1)
    let before = driver.published.count
    var fetches: [Fetch] = []
    for _ in 1...20 { fetches += driver.send(.queryChanged).fetches() }
    #expect(fetches.count == 1)
    // The first page of the first query arrives: it is an older query's, so it is dropped and
    // page 1 is asked for once more, for the newest one.
    let again = driver.send(.pageLoaded(fetches[0].request, page(100...102, next: 103))).fetches()
    #expect(again.count == 1)
    #expect(again[0].request.generation == driver.machine.generation)
    #expect(driver.state.phase == .loading)
    driver.send(.pageLoaded(again[0].request, page(7...7, next: nil)))
    #expect(Array(driver.state.items) == [7])
    let shown = driver.published.dropFirst(before)
    #expect(!shown.contains { $0.state.items.contains(100) })
    #expect(
      shown.flatMap(\.events) == [
        .loading(page: 1), .loaded(page: 1, count: 1, hasMore: false), .end(pages: 1, items: 1),
      ])
  }

  @Test func aQueryChangeWhileTheFirstPageFailsAsksAgainInsteadOfShowingTheError() throws {
    var driver = MachineDriver()
    let load = try driver.expectFetch(.loadNextPage)
    driver.send(.queryChanged)
    let again = driver.send(.pageFailed(load.request, TestError.busy.loadError)).fetches()
    #expect(again.count == 1)
    #expect(driver.state.phase == .loading)
  }
}
