import ListPaging
import Testing

extension LoaderMachineTests {
  // MARK: Rule 5: no duplicate requests; a refresh cancels page loads; late results are dropped

  @Test func loadNextPageWhileFirstPageLoadsDoesNothing() throws {
    var driver = MachineDriver()
    _ = try driver.expectFetch(.loadNextPage)
    let before = driver.state
    #expect(driver.send(.loadNextPage).isEmpty)
    #expect(driver.state == before && driver.machine.transitionCount == 1)
  }

  @Test func loadNextPageWhilePageLoadsDoesNothing() throws {
    var driver = MachineDriver()
    try driver.loadPages(1)
    _ = try driver.expectFetch(.loadNextPage)
    let before = driver.state
    #expect(driver.send(.loadNextPage).isEmpty)
    #expect(driver.state == before)
  }

  @Test func loadNextPageWhileRefreshingDoesNothing() throws {
    var driver = MachineDriver()
    try driver.loadPages(1)
    _ = try driver.expectFetch(.refresh)
    #expect(driver.send(.loadNextPage).isEmpty)
    #expect(driver.send(.refresh).isEmpty)
  }

  @Test func loadNextPageAfterEndDoesNothing() throws {
    var driver = MachineDriver()
    try driver.loadPages(2, lastNext: nil)
    #expect(driver.state.endReached)
    let count = driver.machine.transitionCount
    #expect(driver.send(.loadNextPage).isEmpty)
    #expect(driver.machine.transitionCount == count)
  }

  @Test func loadNextPageAfterFailedAppendDoesNothingUntilRetry() throws {
    var driver = MachineDriver()
    try driver.loadPages(1)
    let failed = try driver.expectFetch(.loadNextPage)
    driver.send(.pageFailed(failed.request, TestError.busy.loadError))
    #expect(driver.send(.loadNextPage).isEmpty)
    let retried = try driver.expectFetch(.retry)
    driver.send(.pageLoaded(retried.request, page(3...5, next: 6)))
    #expect(try driver.expectFetch(.loadNextPage).page == 3)
  }

  @Test func loadNextPageAfterFailedFirstPageDoesNothing() throws {
    var driver = MachineDriver()
    let failed = try driver.expectFetch(.loadNextPage)
    driver.send(.pageFailed(failed.request, TestError.busy.loadError))
    #expect(driver.send(.loadNextPage).isEmpty)
  }

  @Test func refreshOrRetryWhileFirstPageLoadsDoesNothing() throws {
    var driver = MachineDriver()
    let fetch = try driver.expectFetch(.loadNextPage)
    #expect(driver.send(.refresh).isEmpty)
    #expect(driver.send(.retry).isEmpty)
    #expect(driver.machine.inFlightRequest == fetch.request)
    #expect(driver.machine.transitionCount == 1)
  }

  @Test func handlingIntoAnArrayAppendsTheSameEffects() throws {
    var returned = LoaderMachine<Int, Int>(pageSize: 2)
    var appended = returned
    var effects: [LoaderEffect<Int, Int>] = [.cancel(RequestID(generation: 0, serial: 0))]
    appended.handle(.loadNextPage, into: &effects)
    #expect(Array(effects.dropFirst()) == returned.handle(.loadNextPage))
    #expect(appended.state == returned.state)
  }

  @Test func refreshCancelsInFlightPageLoadAndBumpsGeneration() throws {
    var driver = MachineDriver()
    try driver.loadPages(1)
    let append = try driver.expectFetch(.loadNextPage)
    let generation = driver.machine.generation
    let effects = driver.send(.refresh)
    #expect(effects.cancelled() == [append.request])
    // The cancel comes first, then what is shown, then the new request.
    guard case .cancel = effects.first, case .fetch(let request, _, _, _) = effects.last else {
      Issue.record("unexpected effect order \(effects)")
      return
    }
    #expect(driver.machine.generation == generation + 1)
    #expect(request.generation == generation + 1)
    #expect(driver.state.append == .idle)
    #expect(driver.machine.inFlightRequest == request)
  }

  @Test func lateResultOfCancelledLoadIsDropped() throws {
    var driver = MachineDriver()
    try driver.loadPages(1)
    let append = try driver.expectFetch(.loadNextPage)
    _ = try driver.expectFetch(.refresh)
    let before = driver.state
    let count = driver.machine.transitionCount
    for late in [
      LoaderEvent<Int, Int>.pageLoaded(append.request, page(50...52, next: 53)),
      .pageFailed(append.request, TestError.busy.loadError),
      .cancelled(append.request),
    ] {
      #expect(driver.send(late).isEmpty)
    }
    #expect(driver.state == before)
    #expect(driver.machine.transitionCount == count)
  }

  @Test func resultOfUnknownRequestIsDropped() throws {
    var driver = MachineDriver()
    let fetch = try driver.expectFetch(.loadNextPage)
    let stranger = RequestID(generation: fetch.request.generation, serial: 99)
    #expect(driver.send(.pageLoaded(stranger, page(1...3, next: nil))).isEmpty)
    #expect(driver.state.phase == .loading)
    #expect(driver.machine.inFlightRequest == fetch.request)
  }

  // MARK: Cancellation is never an error

  @Test func cancelledFirstLoadGoesBackToIdle() throws {
    var driver = MachineDriver()
    let fetch = try driver.expectFetch(.loadNextPage)
    let effects = driver.send(.cancelled(fetch.request))
    #expect(driver.state == ListState())
    #expect(effects.transitions().map(\.events) == [[]])
    #expect(try driver.expectFetch(.loadNextPage).page == 1)
  }

  @Test func cancelledAppendOrRefreshKeepsContentWithoutError() throws {
    var driver = MachineDriver()
    try driver.loadPages(1)
    let append = try driver.expectFetch(.loadNextPage)
    driver.send(.cancelled(append.request))
    #expect(driver.state.append == .idle && driver.state.phase == .content)
    let refresh = try driver.expectFetch(.refresh)
    driver.send(.cancelled(refresh.request))
    #expect(driver.state.refresh == .idle && driver.state.phase == .content)
    #expect(driver.state.error == nil)
    #expect(Array(driver.state.items) == [0, 1, 2])
  }
}
