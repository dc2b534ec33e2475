import ListPaging
import Testing

extension LoaderMachineTests {
  // MARK: Rule 6: when the data changes, refresh by itself without passing through loading

  @Test func invalidationInIdleDoesNothing() {
    var driver = MachineDriver()
    #expect(driver.send(.invalidated).isEmpty)
    #expect(driver.state == ListState())
  }

  @Test func invalidationRefreshesContentWithoutLoading() throws {
    var driver = MachineDriver()
    try driver.loadPages(2)
    let first = try driver.expectFetch(.invalidated)
    #expect(driver.state.phase == .content)
    #expect(driver.state.refresh == .loading(automatic: true))
    #expect(driver.last.events() == [.refreshing(automatic: true)])
    let second = try driver.expectFetch(.pageLoaded(first.request, page(0...2, next: 3)))
    driver.send(.pageLoaded(second.request, page(3...6, next: nil)))
    #expect(Array(driver.state.items) == Array(0...6))
    #expect(driver.state.refresh == .idle)
  }

  @Test func invalidationTurnsEmptyIntoContentDirectly() throws {
    var driver = MachineDriver()
    let load = try driver.expectFetch(.loadNextPage)
    driver.send(.pageLoaded(load.request, page(nil, next: nil)))
    let start = driver.published.count
    let refresh = try driver.expectFetch(.invalidated)
    #expect(driver.state.phase == .empty)
    driver.send(.pageLoaded(refresh.request, page(1...1, next: nil)))
    let automatic = driver.published[start...]
    #expect(automatic.map(\.previousPhase) == [.empty, .empty])
    #expect(automatic.map(\.state.phase) == [.empty, .content])
    #expect(
      driver.events.suffix(2) == [
        .refreshing(automatic: true), .refreshed(count: 1, hasMore: false),
      ])
  }

  @Test func invalidationTurnsContentIntoEmptyDirectly() throws {
    var driver = MachineDriver()
    try driver.loadPages(2)
    let start = driver.published.count
    let refresh = try driver.expectFetch(.invalidated)
    driver.send(.pageLoaded(refresh.request, page(nil, next: nil)))
    let automatic = driver.published[start...]
    #expect(automatic.map(\.state.phase) == [.content, .empty])
    #expect(driver.state.items.isEmpty && driver.state.endReached)
    #expect(!driver.published.contains { $0.state.phase == .loading && $0.previousPhase != .idle })
  }

  @Test func invalidationOfErrorRefreshesWithoutLoading() throws {
    var driver = MachineDriver()
    let load = try driver.expectFetch(.loadNextPage)
    driver.send(.pageFailed(load.request, TestError.busy.loadError))
    let refresh = try driver.expectFetch(.invalidated)
    #expect(driver.state.phase == .error)
    driver.send(.pageFailed(refresh.request, TestError.corrupt.loadError))
    #expect(driver.state.phase == .error)
    #expect(driver.state.error == TestError.corrupt.loadError)
    let again = try driver.expectFetch(.invalidated)
    driver.send(.pageLoaded(again.request, page(1...2, next: nil)))
    #expect(driver.published.suffix(4).map(\.state.phase) == [.error, .error, .error, .content])
  }

  @Test func invalidationDuringAppendCancelsItAndRefreshes() throws {
    var driver = MachineDriver()
    try driver.loadPages(2)
    let append = try driver.expectFetch(.loadNextPage)
    let effects = driver.send(.invalidated)
    #expect(effects.cancelled() == [append.request])
    #expect(effects.fetches().map(\.page) == [1])
    #expect(driver.state.append == .idle)
    #expect(driver.state.refresh == .loading(automatic: true))
  }

  @Test func burstOfInvalidationsCostsAtMostTwoRefreshes() throws {
    var driver = MachineDriver()
    try driver.loadPages(1)
    let first = try driver.expectFetch(.invalidated)
    for _ in 0..<100 {
      #expect(driver.send(.invalidated).isEmpty)
    }
    #expect(driver.machine.hasPendingInvalidation)
    // The first refresh commits, then exactly one more starts for the changes seen meanwhile.
    let effects = driver.send(.pageLoaded(first.request, page(1...3, next: nil)))
    let second = try #require(effects.fetches().first)
    #expect(effects.fetches().count == 1)
    #expect(
      effects.events() == [.refreshed(count: 3, hasMore: false), .refreshing(automatic: true)])
    #expect(driver.send(.pageLoaded(second.request, page(1...4, next: nil))).fetches().isEmpty)
    #expect(!driver.machine.hasPendingInvalidation)
    #expect(Array(driver.state.items) == [1, 2, 3, 4])
  }

  @Test func invalidationDuringFailingRefreshStillRefreshesOnceMore() throws {
    var driver = MachineDriver()
    try driver.loadPages(1)
    let first = try driver.expectFetch(.invalidated)
    driver.send(.invalidated)
    let effects = driver.send(.pageFailed(first.request, TestError.busy.loadError))
    #expect(effects.fetches().count == 1)
    #expect(driver.state.refresh == .loading(automatic: true))
  }

  @Test func invalidationDuringFirstLoadRepeatsItWithoutShowingAnythingExtra() throws {
    var driver = MachineDriver()
    let stale = try driver.expectFetch(.loadNextPage)
    driver.send(.invalidated)
    driver.send(.invalidated)
    // The stale page is not shown; page 1 is asked for again while `loading` stays on screen.
    let effects = driver.send(.pageLoaded(stale.request, page(1...3, next: nil)))
    #expect(effects.transitions().isEmpty)
    let repeated = try #require(effects.fetches().first)
    #expect(effects.fetches().count == 1)
    #expect(repeated.cursor == nil && repeated.page == 1)
    #expect(driver.state.phase == .loading)
    driver.send(.pageLoaded(repeated.request, page(1...4, next: nil)))
    #expect(Array(driver.state.items) == [1, 2, 3, 4])
    #expect(
      driver.events == [
        .loading(page: 1), .loaded(page: 1, count: 4, hasMore: false), .end(pages: 1, items: 4),
      ])
  }

  @Test func invalidationDuringFailingFirstLoadRepeatsIt() throws {
    var driver = MachineDriver()
    let stale = try driver.expectFetch(.loadNextPage)
    driver.send(.invalidated)
    let effects = driver.send(.pageFailed(stale.request, TestError.busy.loadError))
    #expect(effects.transitions().isEmpty && effects.fetches().count == 1)
    #expect(driver.state.phase == .loading)
  }

  // MARK: Rule 7: every state change is published, in order, none lost

  @Test func everyStateChangeIsPublishedInOrder() throws {
    var driver = MachineDriver()
    var states: [ListState<Int>] = []
    func step(_ event: LoaderEvent<Int, Int>) -> Fetch? {
      let before = driver.state
      let effects = driver.send(event)
      if driver.state != before || !effects.transitions().isEmpty {
        // A change of state always comes with a transition carrying the new state.
        #expect(effects.transitions().last?.state == driver.state)
        states.append(contentsOf: effects.transitions().map(\.state))
      }
      // What is shown is published before the page that follows it is asked for.
      if let fetchIndex = effects.firstIndex(where: { if case .fetch = $0 { true } else { false } })
      {
        #expect(!effects[fetchIndex...].contains { if case .publish = $0 { true } else { false } })
      }
      return effects.fetches().first
    }
    let first = try #require(step(.loadNextPage))
    _ = step(.pageLoaded(first.request, page(1...3, next: 3)))
    let second = try #require(step(.loadNextPage))
    _ = step(.pageFailed(second.request, TestError.busy.loadError))
    let retried = try #require(step(.retry))
    _ = step(.pageLoaded(retried.request, page(4...6, next: 6)))
    let refresh = try #require(step(.invalidated))
    _ = step(.invalidated)
    let again = try #require(step(.pageLoaded(refresh.request, page(1...3, next: 3))))
    let againSecond = try #require(step(.pageLoaded(again.request, page(1...3, next: 3))))
    _ = step(.pageLoaded(againSecond.request, page(4...5, next: nil)))

    #expect(driver.published.map(\.number) == Array(1...driver.published.count))
    #expect(driver.published.map(\.state) == states)
    for (earlier, later) in zip(driver.published, driver.published.dropFirst()) {
      #expect(later.previousPhase == earlier.state.phase)
    }
    #expect(driver.published.count == 10)
  }
}
