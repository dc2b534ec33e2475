import ListPaging
import Testing

/// Bounded memory (`maxItems`) and a refresh that keeps the place. Pages of three items; the
/// page loaded `n`-th from the top holds items 3(n-1)...3n-1 and starts at cursor 3(n-1).
extension LoaderMachineTests {
  @Test func pagesBeyondMaxItemsAreDroppedFarthestFirstAndLoadedAgainOnTheWayBack() throws {
    var driver = MachineDriver(maxItems: 9)
    try driver.loadPages(3, lastNext: 9)
    #expect(Array(driver.state.items) == Array(0...8) && driver.state.startReached)
    let fourth = try driver.expectFetch(.loadNextPage)
    driver.send(.pageLoaded(fourth.request, page(9...11, next: 12)))
    // Page 1, the farthest from page 4, is dropped.
    #expect(Array(driver.state.items) == Array(3...11))
    #expect(!driver.state.startReached && driver.state.pagesLoaded == 3)

    // Back towards the start: page 1 again, ending where page 2 starts; page 4 goes.
    let first = try driver.expectFetch(.loadPreviousPage)
    #expect(first.target == .before(3) && first.page == 1)
    driver.send(.pageLoaded(first.request, page(0...2, next: 3, previous: nil)))
    #expect(Array(driver.state.items) == Array(0...8))
    #expect(driver.state.startReached && !driver.state.endReached)

    // And forward again: page 4 is asked for after page 3, as the first time.
    let again = try driver.expectFetch(.loadNextPage)
    #expect(again.target == .after(9) && again.page == 4)
    driver.send(.pageLoaded(again.request, page(9...11, next: 12)))
    #expect(Array(driver.state.items) == Array(3...11))

    // Every transition was published once, in order, each page's events once.
    #expect(driver.published.map(\.number) == Array(1...driver.published.count))
    #expect(driver.events == [
      .loading(page: 1), .loaded(page: 1, count: 3, hasMore: true),
      .loading(page: 2), .loaded(page: 2, count: 3, hasMore: true),
      .loading(page: 3), .loaded(page: 3, count: 3, hasMore: true),
      .loading(page: 4), .loaded(page: 4, count: 3, hasMore: true),
      .loading(page: 1), .loaded(page: 1, count: 3, hasMore: false),
      .loading(page: 4), .loaded(page: 4, count: 3, hasMore: true),
    ])
  }

  @Test func aLongWalkKeepsAtMostMaxItems() throws {
    var driver = MachineDriver(maxItems: 9)
    for number in 1...50 {
      let fetch = try driver.expectFetch(.loadNextPage)
      let first = (number - 1) * 3
      driver.send(.pageLoaded(fetch.request, page(first...first + 2, next: number == 50 ? nil : first + 3)))
      #expect(driver.state.items.count <= 9)
    }
    #expect(Array(driver.state.items) == Array(141...149) && driver.state.endReached)
    #expect(driver.published.map(\.number) == Array(1...100))
  }

  @Test func aFailedPreviousPageIsForgottenWhenItsNeighbourIsDropped() throws {
    var driver = try Self.openedAround(maxItems: 9)
    let before = try driver.expectFetch(.loadPreviousPage)
    driver.send(.pageFailed(before.request, TestError.busy.loadError))
    for next in [13, 16, 19] {
      let fetch = try driver.expectFetch(.loadNextPage)
      driver.send(.pageLoaded(fetch.request, page(next...next + 2, next: next + 3)))
    }
    #expect(Array(driver.state.items) == Array(13...21))
    #expect(driver.state.prepend == .idle)
    #expect(try driver.expectFetch(.loadPreviousPage).target == .before(13))
  }

  // MARK: A refresh keeps the place

  @Test func refreshReloadsFromThePageOfTheFirstVisibleItem() throws {
    var driver = MachineDriver()
    try driver.loadPages(4)
    #expect(driver.send(.firstVisibleItem(7)).isEmpty)
    let first = try driver.expectFetch(.refresh)
    // Item 7 is on page 3, which starts at 6: pages 3 and 4 are reloaded, not 1 and 2.
    #expect(first.target == .after(6) && first.page == 3)
    let second = try driver.expectFetch(.pageLoaded(first.request, page(6...8, next: 9)))
    #expect(second.target == .after(9) && second.page == 4)
    driver.send(.pageLoaded(second.request, page(9...11, next: 99)))
    #expect(Array(driver.state.items) == Array(6...11))
    #expect(!driver.state.startReached && driver.state.pagesLoaded == 2)
    #expect(driver.last.events() == [.refreshed(count: 6, hasMore: true)])
    // The pages before are loaded again when the screen goes back to them.
    let back = try driver.expectFetch(.loadPreviousPage)
    #expect(back.target == .before(6) && back.page == 2)
  }

  @Test func aRemovedFirstVisibleItemGivesItsPlaceToTheNextOne() throws {
    var driver = MachineDriver()
    try driver.loadPages(3)
    driver.send(.firstVisibleItem(4))
    let first = try driver.expectFetch(.refresh)
    #expect(first.target == .after(3))
    // Items 3 and 4 were removed: the page after cursor 3 starts with 5.
    driver.send(.pageLoaded(first.request, page(5...7, next: 8)))
    let second = driver.last.fetches()
    #expect(second.map(\.target) == [.after(8)])
    driver.send(.pageLoaded(second[0].request, page(8...10, next: nil)))
    #expect(Array(driver.state.items) == Array(5...10) && driver.state.endReached)
  }

  @Test func whenNothingIsLeftFromTheFirstVisibleItemOnItsNeighbourBeforeIsShown() throws {
    var driver = MachineDriver()
    try driver.loadPages(3)
    driver.send(.firstVisibleItem(7))
    let first = try driver.expectFetch(.refresh)
    #expect(first.target == .after(6))
    let back = try driver.expectFetch(.pageLoaded(first.request, page(nil, next: nil)))
    #expect(back.target == .before(6) && back.page == 2)
    #expect(driver.state.refresh == .loading(automatic: false))
    driver.send(.pageLoaded(back.request, page(3...5, next: 6, previous: 3)))
    #expect(driver.state.phase == .content && Array(driver.state.items) == Array(3...5))
    #expect(driver.state.endReached && !driver.state.startReached)
    #expect(try driver.expectFetch(.loadPreviousPage).target == .before(3))
  }

  @Test func aRefreshWhilePagesAreDroppedReloadsTheKeptOnes() throws {
    var driver = MachineDriver(maxItems: 9)
    try driver.loadPages(5)
    #expect(Array(driver.state.items) == Array(6...14))
    let first = try driver.expectFetch(.refresh)
    #expect(first.target == .after(6) && first.page == 3)
    let second = try driver.expectFetch(.pageLoaded(first.request, page(6...8, next: 9)))
    let third = try driver.expectFetch(.pageLoaded(second.request, page(9...11, next: 12)))
    #expect(third.target == .after(12) && third.page == 5)
    driver.send(.pageLoaded(third.request, page(12...14, next: 99)))
    #expect(Array(driver.state.items) == Array(6...14) && !driver.state.startReached)
    #expect(try driver.expectFetch(.loadPreviousPage).target == .before(6))
  }

  @Test func anAutomaticRefreshOfAListOpenedAroundAnItemKeepsItsPlace() throws {
    var driver = try Self.openedAround()
    let refresh = try driver.expectFetch(.invalidated)
    #expect(refresh.target == .after(10) && refresh.page == 1)
    driver.send(.pageLoaded(refresh.request, page(10...12, next: 13)))
    #expect(Array(driver.state.items) == [10, 11, 12] && !driver.state.startReached)
    #expect(driver.published.map(\.state.phase).allSatisfy { $0 == .loading || $0 == .content })
  }
}

/// Cancellation of the requests that start at an item or keep the place.
extension LoaderMachineTests {
  @Test func aFirstPageAroundAnItemCancelledFromOutsideIsAskedForAgain() throws {
    var driver = MachineDriver(around: 10)
    let first = try driver.expectFetch(.loadNextPage)
    driver.send(.cancelled(first.request))
    #expect(driver.state.phase == .idle)
    #expect(try driver.expectFetch(.loadNextPage).target == .around(10))
  }

  @Test func aRefreshFromTheFirstVisiblePageDropsTheLateResultOfTheOneItReplaced() throws {
    var driver = MachineDriver()
    try driver.loadPages(4)
    driver.send(.firstVisibleItem(7))
    let first = try driver.expectFetch(.refresh)
    let second = try driver.expectFetch(.pageLoaded(first.request, page(6...8, next: 9)))
    // The data changed while the refresh was halfway: one more refresh follows it, and a new
    // query replaces both.
    #expect(driver.send(.invalidated).isEmpty)
    let effects = driver.send(.queryChanged)
    #expect(effects.cancelled() == [second.request])
    #expect(effects.fetches().map(\.target) == [.after(nil)])
    let published = driver.machine.transitionCount
    #expect(driver.send(.pageLoaded(second.request, page(9...11, next: 12))).isEmpty)
    #expect(driver.machine.transitionCount == published && driver.state.phase == .loading)
  }

  @Test func theNeighbourBeforeIsCancelledLikeAnyPageOfARefresh() throws {
    var driver = MachineDriver()
    try driver.loadPages(3)
    driver.send(.firstVisibleItem(7))
    let first = try driver.expectFetch(.refresh)
    let back = try driver.expectFetch(.pageLoaded(first.request, page(nil, next: nil)))
    #expect(back.target == .before(6))
    driver.send(.cancelled(back.request))
    // The refresh is over, the content kept as it was.
    #expect(driver.state.refresh == .idle && Array(driver.state.items) == Array(0...8))
  }
}
