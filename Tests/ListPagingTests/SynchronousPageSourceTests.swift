import ListPaging
import Synchronization
import Testing

/// A loader over a source that answers at once runs each request inside the call.
@Suite struct SynchronousPageSourceTests {
  struct Failure: Error {}

  /// Pages of `items`, `failing` the pages whose numbers (from 1) it holds.
  final class Numbers: SynchronousPageSource {
    let items: [Int]
    let failing = Mutex<Set<Int>>([])
    let requests = Mutex(0)

    init(_ count: Int) { items = Array(0..<count) }

    func synchronousPage(_ request: PageRequest<Int>, limit: Int, query: Never?) throws -> SourcePage<Int, Int> {
      requests.withLock { $0 += 1 }
      switch request {
      case .after(let cursor):
        let start = cursor ?? 0
        if failing.withLock({ $0.contains(start / limit + 1) }) { throw Failure() }
        let end = min(start + limit, items.count)
        return SourcePage(items: Array(items[start..<end]), nextCursor: end < items.count ? end : nil)
      case .before(let cursor):
        let start = max(cursor - limit, 0)
        return SourcePage(
          items: Array(items[start..<cursor]), nextCursor: cursor < items.count ? cursor : nil,
          previousCursor: start > 0 ? start : nil)
      case .around(let cursor):
        let end = min(cursor + limit, items.count)
        return SourcePage(
          items: Array(items[cursor..<end]), nextCursor: end < items.count ? end : nil,
          previousCursor: cursor > 0 ? cursor : nil)
      }
    }
  }

  /// A screen's setup: the loader driven on the main actor and its subscriber draining there
  /// too. Pages read inside the call never suspend the walk, so the subscriber runs after it;
  /// it must still get every transition, and its stream must end once the loader is released.
  @MainActor @Test(.timeLimit(.minutes(1)))
  func aSubscriberOnTheLoadersActorGetsEveryTransitionAndTheEnd() async {
    var loader: ListLoader<Numbers>? = ListLoader(source: Numbers(50), pageSize: 5)
    let transitions = loader!.transitions
    let drain = Task { @MainActor in
      var numbers: [Int] = []
      for await transition in transitions { numbers.append(transition.number) }
      return numbers
    }
    var state = loader!.state
    repeat {
      state = await loader!.loadNextPage()
    } while !state.endReached
    loader = nil
    let numbers = await drain.value
    #expect(numbers == Array(1...numbers.count))
    #expect(numbers.count == 2 * state.pagesLoaded)
  }

  @Test func pagesAreReadInsideTheCallInOrderWithTheirEvents() async {
    let source = Numbers(7)
    let loader = ListLoader(source: source, pageSize: 3)
    let (_, transitions) = loader.subscribe()
    var state = await loader.loadNextPage()
    #expect(state.phase == .content && Array(state.items) == [0, 1, 2])
    state = await loader.loadNextPage()
    state = await loader.loadNextPage()
    #expect(Array(state.items) == Array(0..<7) && state.endReached)
    #expect(await loader.loadNextPage().pagesLoaded == 3)
    #expect(source.requests.withLock { $0 } == 3)
    var events: [PageEvent] = []
    for await transition in transitions {
      events += transition.events
      if transition.state.endReached { break }
    }
    #expect(
      events == [
        .loading(page: 1), .loaded(page: 1, count: 3, hasMore: true),
        .loading(page: 2), .loaded(page: 2, count: 3, hasMore: true),
        .loading(page: 3), .loaded(page: 3, count: 1, hasMore: false), .end(pages: 3, items: 7),
      ])
  }

  @Test func aFailingLaterPageKeepsTheContentAndRetryAsksForItAgain() async {
    let source = Numbers(7)
    let loader = ListLoader(source: source, pageSize: 3)
    await loader.loadNextPage()
    source.failing.withLock { $0 = [2] }
    let failed = await loader.loadNextPage()
    #expect(failed.phase == .content && Array(failed.items) == [0, 1, 2])
    guard case .failed(let page, _) = failed.append else {
      Issue.record("expected a failed append, got \(failed.append)")
      return
    }
    #expect(page == 2)
    source.failing.withLock { $0 = [] }
    let retried = await loader.retry()
    #expect(Array(retried.items) == Array(0..<6))
  }

  @Test func refreshReloadsWhatIsShown() async {
    let source = Numbers(7)
    let loader = ListLoader(source: source, pageSize: 3)
    await loader.loadNextPage()
    await loader.loadNextPage()
    let refreshed = await loader.refresh()
    #expect(refreshed.phase == .content && Array(refreshed.items) == Array(0..<6))
    #expect(source.requests.withLock { $0 } == 4)
  }
}
