import ListPaging
import Testing

extension LoaderMachineTests {
  // MARK: Rule 4: refresh keeps the content while it loads and replaces it in one step

  @Test func refreshKeepsContentWhileLoading() throws {
    var driver = MachineDriver()
    try driver.loadPages(2)
    let fetch = try driver.expectFetch(.refresh)
    #expect(fetch.cursor == nil && fetch.page == 1)
    #expect(driver.state.phase == .content)
    #expect(driver.state.refresh == .loading(automatic: false))
    #expect(Array(driver.state.items) == Array(0..<6))
    #expect(driver.last.events() == [.refreshing(automatic: false)])
  }

  @Test func refreshReloadsAsManyPagesAsWereLoadedAndCommitsOnce() throws {
    var driver = MachineDriver()
    try driver.loadPages(3)
    let before = driver.machine.transitionCount
    let first = try driver.expectFetch(.refresh)
    let second = try driver.expectFetch(.pageLoaded(first.request, page(10...12, next: 7)))
    // Each page after the first starts at the cursor of the page just re-fetched.
    #expect(second.cursor == 7 && second.page == 2)
    let third = try driver.expectFetch(.pageLoaded(second.request, page(13...15, next: 8)))
    #expect(third.cursor == 8 && third.page == 3)
    // Nothing was shown while the pages came in: only the `refreshing` transition.
    #expect(driver.machine.transitionCount == before + 1)
    #expect(Array(driver.state.items) == Array(0..<9))

    let effects = driver.send(.pageLoaded(third.request, page(16...18, next: 9)))
    #expect(effects.fetches().isEmpty)
    #expect(effects.transitions().count == 1)
    #expect(Array(driver.state.items) == Array(10...18))
    #expect(driver.state.pagesLoaded == 3 && !driver.state.endReached)
    #expect(driver.state.refresh == .idle)
    #expect(driver.last.events() == [.refreshed(count: 9, hasMore: true)])
    // The next page continues after the refreshed content.
    #expect(try driver.expectFetch(.loadNextPage).cursor == 9)
  }

  @Test func refreshStopsEarlyAtTheEnd() throws {
    var driver = MachineDriver()
    try driver.loadPages(3)
    let first = try driver.expectFetch(.refresh)
    let second = try driver.expectFetch(.pageLoaded(first.request, page(1...3, next: 3)))
    let effects = driver.send(.pageLoaded(second.request, page(4...5, next: nil)))
    #expect(effects.fetches().isEmpty)
    #expect(Array(driver.state.items) == [1, 2, 3, 4, 5])
    #expect(driver.state.pagesLoaded == 2 && driver.state.endReached)
    #expect(driver.last.events() == [.refreshed(count: 5, hasMore: false)])
  }

  @Test func refreshFailureKeepsContentAndReportsRefreshError() throws {
    var driver = MachineDriver()
    try driver.loadPages(2)
    let first = try driver.expectFetch(.refresh)
    let second = try driver.expectFetch(.pageLoaded(first.request, page(10...12, next: 13)))
    // A failure on any page of the refresh fails all of it: nothing half-new is shown.
    driver.send(.pageFailed(second.request, TestError.busy.loadError))
    #expect(driver.state.phase == .content)
    #expect(Array(driver.state.items) == Array(0..<6))
    #expect(driver.state.refresh == .failed(TestError.busy.loadError))
    #expect(driver.state.error == nil)
    #expect(driver.last.events() == [.refreshFailed(error: TestError.busy.loadError)])
  }

  @Test func retryAfterFailedRefreshRefreshesAgain() throws {
    var driver = MachineDriver()
    try driver.loadPages(1)
    let failed = try driver.expectFetch(.refresh)
    driver.send(.pageFailed(failed.request, TestError.busy.loadError))
    let retried = try driver.expectFetch(.retry)
    #expect(retried.cursor == nil && retried.page == 1)
    #expect(driver.state.refresh == .loading(automatic: false))
    #expect(driver.state.phase == .content)
  }

  @Test func appendAfterFailedRefreshClearsTheRefreshError() throws {
    var driver = MachineDriver()
    try driver.loadPages(1)
    let failed = try driver.expectFetch(.refresh)
    driver.send(.pageFailed(failed.request, TestError.busy.loadError))
    _ = try driver.expectFetch(.loadNextPage)
    #expect(driver.state.refresh == .idle && driver.state.append == .loading(page: 2))
  }

  @Test(arguments: [ListPhase.empty, .error, .idle])
  func refreshFromEmptyErrorOrIdleShowsLoading(_ phase: ListPhase) throws {
    var driver = MachineDriver()
    if phase != .idle {
      let fetch = try driver.expectFetch(.loadNextPage)
      driver.send(
        phase == .empty
          ? .pageLoaded(fetch.request, page(nil, next: nil))
          : .pageFailed(fetch.request, TestError.busy.loadError))
    }
    #expect(driver.state.phase == phase)
    let generation = driver.machine.generation
    let fetch = try driver.expectFetch(.refresh)
    #expect(fetch.cursor == nil && fetch.page == 1)
    #expect(driver.state.phase == .loading)
    #expect(driver.last.events() == [.loading(page: 1)])
    #expect(driver.machine.generation == generation + 1)
    driver.send(.pageLoaded(fetch.request, page(1...2, next: nil)))
    #expect(driver.state.phase == .content)
  }
}
