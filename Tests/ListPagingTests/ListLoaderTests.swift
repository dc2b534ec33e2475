import ListPaging
import ListPagingTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ListLoaderTests {
  @Test func nonSuspendingSourceCompletesInsideTheCall() {
    let loader = ListLoader(source: ArrayPageSource(Array(0..<5)), pageSize: 2)
    loader.send(.loadNextPage)
    // No task hop: the page is in before `send` returns.
    #expect(loader.state.phase == .content)
    #expect(Array(loader.state.items) == [0, 1])
    loader.send(.loadNextPage)
    #expect(Array(loader.state.items) == [0, 1, 2, 3])
  }

  @Test func threePageWalkPublishesTheDocumentedEvents() async throws {
    let loader = ListLoader(source: ArrayPageSource(Array(0..<45)), pageSize: 20)
    var events = EventReader(loader.events)
    for expected in [20, 40, 45] {
      #expect(await loader.loadNextPage().items.count == expected)
    }
    // After the end, asking again publishes nothing; the refresh that follows proves it.
    #expect(await loader.loadNextPage().items.count == 45)
    await loader.refresh()
    #expect(
      try await events.next(9) == [
        .loading(page: 1), .loaded(page: 1, count: 20, hasMore: true),
        .loading(page: 2), .loaded(page: 2, count: 20, hasMore: true),
        .loading(page: 3), .loaded(page: 3, count: 5, hasMore: false),
        .end(pages: 3, items: 45),
        .refreshing(automatic: false), .refreshed(count: 45, hasMore: false),
      ])
  }

  @Test func emptyListEmitsLoadingThenEmpty() async throws {
    let loader = ListLoader(source: ArrayPageSource<Int>(), pageSize: 20)
    var events = EventReader(loader.events)
    #expect(await loader.loadNextPage().phase == .empty)
    #expect(await loader.refresh().phase == .empty)
    #expect(try await events.next(4) == [.loading(page: 1), .empty, .loading(page: 1), .empty])
  }

  @Test func commandReturnsWhenItsRequestSettled() async throws {
    let source = ScriptedPageSource<Int>()
    let loader = ListLoader(source: source, pageSize: 2)
    async let loaded = loader.loadNextPage()
    let request = await source.nextRequest()
    #expect(request.cursor == nil && request.limit == 2)
    #expect(loader.state.phase == .loading)
    // A second command while the first page loads starts nothing and returns at once.
    #expect(await loader.loadNextPage().phase == .loading)
    #expect(source.requests.count == 1)
    request.succeed([1, 2], next: 2)
    let state = await loaded
    #expect(state.phase == .content && Array(state.items) == [1, 2])
  }

  @Test func refreshCancelsTheRunningFetchAndDropsItsLateResult() async throws {
    let source = ScriptedPageSource<Int>()
    let loader = ListLoader(source: source, pageSize: 2)
    async let first = loader.loadNextPage()
    await source.nextRequest().succeed([1, 2], next: 2)
    _ = await first
    var transitions = TransitionReader(loader.transitions)

    async let appended = loader.loadNextPage()
    let append = await source.nextRequest()
    loader.send(.refresh)
    #expect(append.isCancelled)
    let refresh = await source.nextRequest()
    #expect(refresh.cursor == nil)
    append.succeed([3, 4], next: 4)
    // The command returns once its (dropped) request settled: nothing of it is shown.
    let afterLateResult = await appended
    #expect(Array(afterLateResult.items) == [1, 2])
    #expect(afterLateResult.refresh == .loading(automatic: false))
    refresh.succeed([10, 20], next: 2)

    let seen = try await transitions.until { $0.items.first == 10 }
    #expect(
      seen.flatMap(\.events) == [
        .loading(page: 2), .refreshing(automatic: false), .refreshed(count: 2, hasMore: true),
      ])
    #expect(Array(loader.state.items) == [10, 20])
  }

  @Test func cancelledFetchNeverShowsAnError() async throws {
    let source = ScriptedPageSource<Int>(throwsOnCancellation: true)
    let loader = ListLoader(source: source, pageSize: 2)
    async let first = loader.loadNextPage()
    await source.nextRequest().succeed([1, 2], next: 2)
    _ = await first

    async let appended = loader.loadNextPage()
    let append = await source.nextRequest()
    loader.send(.refresh)
    let state = await appended
    #expect(append.isCancelled)
    #expect(state.error == nil && state.append == .idle)
    #expect(state.refresh == .loading(automatic: false))
    await source.nextRequest().succeed([5], next: nil)
  }

  @Test func sourceThrowingCancellationDropsTheRequest() async {
    let source = ScriptedPageSource<Int>()
    let loader = ListLoader(source: source, pageSize: 2)
    async let loaded = loader.loadNextPage()
    await source.nextRequest().fail(CancellationError())
    #expect(await loaded == ListState())
  }

  @Test func customClassifierDecidesTheError() async {
    let offline = LoadError(kind: "network", message: "You're offline.", isRetryable: true)
    let source = ArrayPageSource([1, 2, 3])
    source.setFailure(OpaqueError())
    let custom = ListLoader(source: source, classify: { _ in offline })
    #expect(await custom.loadNextPage().error == offline)
    let standard = ListLoader(source: source)
    let error = await standard.loadNextPage().error
    #expect(error?.kind == "unknown" && error?.message == "opaque failure")
    #expect(error?.isRetryable == true)
  }

  @Test func retryThroughTheLoaderRequestsTheFailedPageAgain() async {
    let source = ArrayPageSource(Array(0..<5))
    let loader = ListLoader(source: source, pageSize: 2)
    await loader.loadNextPage()
    source.setFailure(TestError.busy)
    let failed = await loader.loadNextPage()
    #expect(failed.append == .failed(page: 2, error: TestError.busy.loadError))
    #expect(Array(failed.items) == [0, 1])
    source.setFailure(nil)
    let retried = await loader.retry()
    #expect(Array(retried.items) == [0, 1, 2, 3])
    #expect(retried.append == .idle && retried.pagesLoaded == 2)
  }

  @Test func invalidationsRefreshWithoutShowingLoading() async throws {
    let source = ArrayPageSource<String>()
    // Subscribed now, before the observation starts: a change made meanwhile is heard.
    let changes = source.changes
    let loader = ListLoader(source: source, pageSize: 2, makeInvalidations: { changes })
    var transitions = TransitionReader(loader.transitions)
    let observer = Task { await loader.observeChanges() }
    #expect(await loader.loadNextPage().phase == .empty)
    _ = try await transitions.until { $0.phase == .empty }

    source.append("first")
    let filled = try await transitions.until { $0.refresh == .idle }
    #expect(filled.map(\.state.phase) == [.empty, .content])
    #expect(Array(loader.state.items) == ["first"])

    source.removeAll()
    let emptied = try await transitions.until { $0.refresh == .idle }
    #expect(emptied.map(\.state.phase) == [.content, .empty])
    #expect(
      emptied.flatMap(\.events) == [
        .refreshing(automatic: true), .refreshed(count: 0, hasMore: false),
      ])
    observer.cancel()
    await observer.value
  }

  @Test func burstOfInvalidationsWhileRefreshingCostsTwoRefreshes() async throws {
    let source = ScriptedPageSource<Int>()
    let loader = ListLoader(source: source, pageSize: 2)
    async let first = loader.loadNextPage()
    await source.nextRequest().succeed([1], next: nil)
    _ = await first
    var transitions = TransitionReader(loader.transitions)

    for _ in 0..<50 { loader.send(.invalidate) }
    await source.nextRequest().succeed([1, 2], next: nil)
    await source.nextRequest().succeed([1, 2, 3], next: nil)
    let seen = try await transitions.until { $0.items.count == 3 }
    #expect(
      seen.flatMap(\.events) == [
        .refreshing(automatic: true), .refreshed(count: 2, hasMore: false),
        .refreshing(automatic: true), .refreshed(count: 3, hasMore: false),
      ])
    #expect(source.requests.count == 3 && source.pending.isEmpty)
  }

  @Test func observeChangesReturnsWhenCancelledOrWithoutInvalidations() async {
    await ListLoader(source: ArrayPageSource<Int>()).observeChanges()
    let source = ArrayPageSource<Int>()
    // Subscribed now, before the observation starts: a change made meanwhile is heard.
    let changes = source.changes
    let loader = ListLoader(source: source, makeInvalidations: { changes })
    let observer = Task { await loader.observeChanges() }
    observer.cancel()
    await observer.value
  }
}
