import ListPaging
import Testing

/// One test (or more) per rule of the loader (Documentation/Loader.md's "States and transitions"), fed event by event.
@Suite struct LoaderMachineTests {
  // MARK: Rule 1: first page, idle → loading → content | empty | error

  @Test func firstPageGoesFromIdleThroughLoadingToContent() throws {
    var driver = MachineDriver()
    #expect(driver.state.phase == .idle)
    let fetch = try driver.expectFetch(.loadNextPage)
    #expect(fetch.cursor == nil && fetch.page == 1 && fetch.limit == 3)
    #expect(driver.state.phase == .loading)

    driver.send(.pageLoaded(fetch.request, page(1...3, next: 3)))
    #expect(driver.state.phase == .content)
    #expect(Array(driver.state.items) == [1, 2, 3])
    #expect(driver.state.pagesLoaded == 1)
    #expect(!driver.state.endReached)
    #expect(driver.published.map(\.previousPhase) == [.idle, .loading])
    #expect(driver.published.map(\.state.phase) == [.loading, .content])
    #expect(driver.events == [.loading(page: 1), .loaded(page: 1, count: 3, hasMore: true)])
  }

  @Test func firstPageGoesFromLoadingToEmpty() throws {
    var driver = MachineDriver()
    let fetch = try driver.expectFetch(.loadNextPage)
    driver.send(.pageLoaded(fetch.request, page(nil, next: nil)))
    #expect(driver.published.map(\.state.phase) == [.loading, .empty])
  }

  @Test func firstPageGoesFromLoadingToError() throws {
    var driver = MachineDriver()
    let fetch = try driver.expectFetch(.loadNextPage)
    driver.send(.pageFailed(fetch.request, TestError.corrupt.loadError))
    #expect(driver.published.map(\.state.phase) == [.loading, .error])
    #expect(driver.state.error == TestError.corrupt.loadError)
    #expect(driver.state.items.isEmpty)
    #expect(driver.events.last == .failed(page: 1, error: TestError.corrupt.loadError))
  }

  @Test func firstPageWithEverythingEndsAtOnce() throws {
    var driver = MachineDriver()
    let fetch = try driver.expectFetch(.loadNextPage)
    driver.send(.pageLoaded(fetch.request, page(1...2, next: nil)))
    #expect(driver.state.phase == .content && driver.state.endReached)
    #expect(
      driver.events == [
        .loading(page: 1), .loaded(page: 1, count: 2, hasMore: false), .end(pages: 1, items: 2),
      ])
  }

  // MARK: Rule 2: empty means the first page had no items; an empty later page is the end

  @Test func emptyFirstPageMeansEmpty() throws {
    var driver = MachineDriver()
    let fetch = try driver.expectFetch(.loadNextPage)
    // A cursor that promises more does not matter: no items on page 1 is an empty list.
    driver.send(.pageLoaded(fetch.request, page(nil, next: 3)))
    #expect(driver.state.phase == .empty)
    #expect(driver.state.endReached)
    #expect(driver.events == [.loading(page: 1), .empty])
    #expect(driver.send(.loadNextPage).isEmpty)
  }

  @Test func emptyFirstPageOfALoaderBegunMidListIsTheEndNotEmpty() throws {
    var driver = MachineDriver(beginsMidList: true)
    let fetch = try driver.expectFetch(.loadNextPage)
    driver.send(.pageLoaded(fetch.request, page(nil, next: 9)))
    #expect(driver.state.phase == .content)
    #expect(driver.state.endReached)
    #expect(driver.state.items.isEmpty)
    #expect(
      driver.events == [
        .loading(page: 1), .loaded(page: 1, count: 0, hasMore: false), .end(pages: 1, items: 0),
      ])
    #expect(driver.send(.loadNextPage).isEmpty)
    // A refresh that again finds nothing after the cursor keeps the phase, too.
    let refresh = try driver.expectFetch(.refresh)
    driver.send(.pageLoaded(refresh.request, page(nil, next: nil)))
    #expect(driver.state.phase == .content)
  }

  @Test func emptyLaterPageMeansEndAndContentStays() throws {
    var driver = MachineDriver()
    try driver.loadPages(1)
    let fetch = try driver.expectFetch(.loadNextPage)
    driver.send(.pageLoaded(fetch.request, page(nil, next: 42)))
    #expect(driver.state.phase == .content)
    #expect(driver.state.endReached)
    #expect(driver.state.pagesLoaded == 2)
    #expect(Array(driver.state.items) == [0, 1, 2])
    #expect(
      driver.events.suffix(2) == [
        .loaded(page: 2, count: 0, hasMore: false), .end(pages: 2, items: 3),
      ])
  }

  @Test func threePageWalkEmitsEventsInTheDocumentedOrder() throws {
    var driver = MachineDriver(pageSize: 20)
    var cursor: Int? = nil
    for (number, count) in [(1, 20), (2, 20), (3, 5)] {
      let fetch = try driver.expectFetch(.loadNextPage)
      #expect(fetch.cursor == cursor && fetch.page == number && fetch.limit == 20)
      let first = (number - 1) * 20
      cursor = number < 3 ? first + count : nil
      driver.send(.pageLoaded(fetch.request, page(first...first + count - 1, next: cursor)))
    }
    #expect(
      driver.events == [
        .loading(page: 1), .loaded(page: 1, count: 20, hasMore: true),
        .loading(page: 2), .loaded(page: 2, count: 20, hasMore: true),
        .loading(page: 3), .loaded(page: 3, count: 5, hasMore: false),
        .end(pages: 3, items: 45),
      ])
    #expect(driver.state.items.count == 45 && Array(driver.state.items) == Array(0..<45))
  }

  // MARK: Rule 3: a failing later page keeps the content; retry asks for exactly that page

  @Test func failingLaterPageKeepsContentAndReportsAppendError() throws {
    var driver = MachineDriver()
    try driver.loadPages(2)
    let fetch = try driver.expectFetch(.loadNextPage)
    #expect(driver.state.append == .loading(page: 3))
    driver.send(.pageFailed(fetch.request, TestError.busy.loadError))
    #expect(driver.state.phase == .content)
    #expect(Array(driver.state.items) == Array(0..<6))
    #expect(driver.state.append == .failed(page: 3, error: TestError.busy.loadError))
    #expect(driver.state.error == nil)
    #expect(driver.events.last == .failed(page: 3, error: TestError.busy.loadError))
  }

  @Test func retryRequestsExactlyTheFailedPage() throws {
    var driver = MachineDriver()
    try driver.loadPages(2)
    let failed = try driver.expectFetch(.loadNextPage)
    driver.send(.pageFailed(failed.request, TestError.busy.loadError))

    let retried = try driver.expectFetch(.retry)
    #expect(retried.cursor == failed.cursor && retried.page == 3 && retried.limit == 3)
    #expect(retried.request != failed.request)
    #expect(driver.state.append == .loading(page: 3))
    #expect(driver.state.phase == .content)
    driver.send(.pageLoaded(retried.request, page(6...8, next: nil)))
    #expect(Array(driver.state.items) == Array(0..<9))
    #expect(driver.state.append == .idle && driver.state.pagesLoaded == 3)
  }

  @Test func retryAfterFailedFirstPageRequestsPageOneShowingLoading() throws {
    var driver = MachineDriver()
    let failed = try driver.expectFetch(.loadNextPage)
    driver.send(.pageFailed(failed.request, TestError.busy.loadError))
    let retried = try driver.expectFetch(.retry)
    #expect(retried.cursor == nil && retried.page == 1)
    #expect(driver.state.phase == .loading && driver.state.error == nil)
    #expect(driver.last.events() == [.loading(page: 1)])
    driver.send(.pageLoaded(retried.request, page(1...1, next: nil)))
    #expect(driver.state.phase == .content)
  }

  @Test func retryWithNothingFailedDoesNothing() throws {
    var driver = MachineDriver()
    #expect(driver.send(.retry).isEmpty)
    try driver.loadPages(1)
    #expect(driver.send(.retry).isEmpty)
    #expect(driver.machine.transitionCount == 2)
  }
}
