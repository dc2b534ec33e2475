import ListPaging
import Testing

/// Starting at an item and paging both ways. Cursors are offsets: the page around 10 starts at
/// item 10, the page before 10 ends at item 9.
extension LoaderMachineTests {
  /// A machine opened around item 10 that shows items 10...12, more on both sides.
  static func openedAround(maxItems: Int? = nil) throws -> MachineDriver {
    var driver = MachineDriver(around: 10, maxItems: maxItems)
    let fetch = try driver.expectFetch(.loadNextPage)
    driver.send(.pageLoaded(fetch.request, page(10...12, next: 13, previous: 10)))
    return driver
  }

  @Test func startsAroundAnItemThenPagesBothWays() throws {
    var driver = MachineDriver(around: 10)
    let first = try driver.expectFetch(.loadNextPage)
    #expect(first.target == .around(10) && first.page == 1)
    #expect(driver.state.phase == .loading)
    driver.send(.pageLoaded(first.request, page(10...12, next: 13, previous: 10)))
    #expect(driver.state.phase == .content)
    #expect(Array(driver.state.items) == [10, 11, 12])
    #expect(!driver.state.startReached && !driver.state.endReached)

    let before = try driver.expectFetch(.loadPreviousPage)
    #expect(before.target == .before(10) && before.page == 0)
    #expect(driver.state.prepend == .loading(page: 0) && driver.state.append == .idle)
    driver.send(.pageLoaded(before.request, page(7...9, next: 10, previous: 7)))
    #expect(Array(driver.state.items) == Array(7...12))
    #expect(driver.state.prepend == .idle && driver.state.pagesLoaded == 2)

    let after = try driver.expectFetch(.loadNextPage)
    #expect(after.target == .after(13) && after.page == 2)
    driver.send(.pageLoaded(after.request, page(13...15, next: 16)))
    #expect(Array(driver.state.items) == Array(7...15))
    #expect(driver.events == [
      .loading(page: 1), .loaded(page: 1, count: 3, hasMore: true),
      .loading(page: 0), .loaded(page: 0, count: 3, hasMore: true),
      .loading(page: 2), .loaded(page: 2, count: 3, hasMore: true),
    ])
  }

  @Test func theStartIsReachedByAPageWithNothingBeforeIt() throws {
    var driver = try Self.openedAround()
    let before = try driver.expectFetch(.loadPreviousPage)
    driver.send(.pageLoaded(before.request, page(7...9, next: 10, previous: nil)))
    #expect(driver.state.startReached)
    #expect(driver.last.events() == [.loaded(page: 0, count: 3, hasMore: false)])
    // Nothing more to ask for at the start.
    #expect(driver.send(.loadPreviousPage).isEmpty)
  }

  @Test func theStartIsReachedByAnEmptyPreviousPage() throws {
    var driver = try Self.openedAround()
    let before = try driver.expectFetch(.loadPreviousPage)
    driver.send(.pageLoaded(before.request, page(nil, next: 10, previous: 3)))
    #expect(driver.state.startReached && driver.state.phase == .content)
    #expect(Array(driver.state.items) == [10, 11, 12] && driver.state.pagesLoaded == 1)
    #expect(driver.send(.loadPreviousPage).isEmpty)
  }

  @Test func aListReadFromTheTopHasItsStartReached() throws {
    var driver = MachineDriver()
    try driver.loadPages(1)
    #expect(driver.state.startReached)
    #expect(driver.send(.loadPreviousPage).isEmpty)
  }

  @Test func anEmptyPageAroundAnItemIsAnEmptyList() throws {
    var driver = MachineDriver(around: 10)
    let first = try driver.expectFetch(.loadNextPage)
    driver.send(.pageLoaded(first.request, page(nil, next: nil, previous: nil)))
    #expect(driver.state.phase == .empty)
  }

  @Test func onePageLoadsAtATimeWhicheverTheDirection() throws {
    var driver = try Self.openedAround()
    let after = try driver.expectFetch(.loadNextPage)
    #expect(driver.send(.loadPreviousPage).isEmpty)
    driver.send(.pageLoaded(after.request, page(13...15, next: 16)))
    let before = try driver.expectFetch(.loadPreviousPage)
    #expect(driver.send(.loadNextPage).isEmpty)
    #expect(driver.machine.inFlightRequest == before.request)
  }

  @Test func prependAndAppendFailIndependentlyAndRetryRetriesBoth() throws {
    var driver = try Self.openedAround()
    let after = try driver.expectFetch(.loadNextPage)
    driver.send(.pageFailed(after.request, TestError.busy.loadError))
    let before = try driver.expectFetch(.loadPreviousPage)
    driver.send(.pageFailed(before.request, TestError.busy.loadError))
    #expect(driver.state.append == .failed(page: 2, error: TestError.busy.loadError))
    #expect(driver.state.prepend == .failed(page: 0, error: TestError.busy.loadError))
    #expect(driver.state.phase == .content && Array(driver.state.items) == [10, 11, 12])
    // A failed page waits for retry: asking again does nothing.
    #expect(driver.send(.loadNextPage).isEmpty && driver.send(.loadPreviousPage).isEmpty)

    let retried = try driver.expectFetch(.retry)
    #expect(retried.target == .after(13) && retried.page == 2)
    #expect(driver.state.append == .loading(page: 2))
    #expect(driver.state.prepend == .failed(page: 0, error: TestError.busy.loadError))
    // Once the next page is in, the previous one is asked for in the same step.
    let then = try driver.expectFetch(.pageLoaded(retried.request, page(13...15, next: 16)))
    #expect(then.target == .before(10) && then.page == 0)
    driver.send(.pageLoaded(then.request, page(7...9, next: 10, previous: 7)))
    #expect(Array(driver.state.items) == Array(7...15))
    #expect(driver.state.append == .idle && driver.state.prepend == .idle)
  }

  @Test func retryAsksForExactlyTheFailedPreviousPage() throws {
    var driver = try Self.openedAround()
    let before = try driver.expectFetch(.loadPreviousPage)
    driver.send(.pageFailed(before.request, TestError.busy.loadError))
    #expect(driver.last.events() == [.failed(page: 0, error: TestError.busy.loadError)])
    let retried = try driver.expectFetch(.retry)
    #expect(retried.target == .before(10) && retried.page == 0)
    driver.send(.pageLoaded(retried.request, page(7...9, next: 10, previous: 7)))
    #expect(driver.state.prepend == .idle && Array(driver.state.items) == Array(7...12))
  }

  @Test func aPreviousPageCancelledFromOutsideGoesBackToIdle() throws {
    var driver = try Self.openedAround()
    let before = try driver.expectFetch(.loadPreviousPage)
    driver.send(.cancelled(before.request))
    #expect(driver.state.prepend == .idle && Array(driver.state.items) == [10, 11, 12])
    #expect(try driver.expectFetch(.loadPreviousPage).target == .before(10))
  }

  @Test func aRefreshCancelsAPreviousPageAndDropsItsLateResult() throws {
    var driver = try Self.openedAround()
    let before = try driver.expectFetch(.loadPreviousPage)
    let effects = driver.send(.refresh)
    #expect(effects.cancelled() == [before.request])
    #expect(driver.state.prepend == .idle)
    let published = driver.machine.transitionCount
    #expect(driver.send(.pageLoaded(before.request, page(7...9, next: 10, previous: 7))).isEmpty)
    #expect(driver.machine.transitionCount == published)
    #expect(Array(driver.state.items) == [10, 11, 12])
  }

  @Test func aNewQueryShowsItsResultsFromTheirTop() throws {
    var driver = try Self.openedAround()
    let before = try driver.expectFetch(.loadPreviousPage)
    let effects = driver.send(.queryChanged)
    #expect(effects.cancelled() == [before.request])
    #expect(effects.fetches().map(\.target) == [.after(nil)])
    #expect(driver.state.phase == .loading && driver.state.prepend == .idle)
    let first = try #require(effects.fetches().first)
    driver.send(.pageLoaded(first.request, page(0...2, next: 3, previous: 99)))
    #expect(driver.state.startReached)
  }
}
