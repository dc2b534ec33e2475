import ListPaging
import ListPagingTesting
import Synchronization
import Testing

/// The two-source rules R1–R7: the cache is an `ArrayPageSource`, the remote a
/// `ScriptedPageSource` whose requests the test answers, in the order it chooses.
@Suite(.timeLimit(.minutes(1)))
struct TwoSourceLoaderTests {
  /// A cache, a remote, and the loader over both; the remote's pages go into the cache.
  final class Fixture: Sendable {
    let cache: ArrayPageSource<Int>
    let remote = ScriptedPageSource<Int>()
    let list: TwoSourceLoader<ArrayPageSource<Int>, (page: Int, items: [Int], next: Int?)>
    /// What the writes do and did.
    final class Writes: Sendable {
      /// Set to make the writes find their page stale (another process's sync won).
      let stale = Mutex(false)
      /// How many pages were written.
      let count = Mutex(0)
    }
    let writes = Writes()

    init(cached: [Int], remote state: RemoteLoadState = RemoteLoadState()) {
      let cache = ArrayPageSource(cached)
      let remote = remote
      let writes = writes
      self.cache = cache
      list = TwoSourceLoader(
        local: ListLoader(source: cache, pageSize: 2), remote: state,
        fetchRemote: { page in
          let answer = try await remote.page(after: page == 1 ? nil : page, limit: 2)
          return (page, answer.items, answer.nextCursor)
        },
        writeRemote: { page in
          if writes.stale.withLock({ $0 }) { return RemoteAnswer(written: false, endReached: false) }
          writes.count.withLock { $0 += 1 }
          cache.update { items in items = (page.page == 1 ? [] : items) + page.items }
          return RemoteAnswer(written: true, endReached: page.next == nil)
        })
    }

    var phase: ListPhase { list.state.phase }
    var items: [Int] { Array(list.state.local.items) }
  }

  static let unreachable = LoadError(kind: "unreachable", message: "the server is unreachable.", isRetryable: true)
  static let synced = RemoteLoadState(hasSynced: true, endReached: false, nextPage: 2)

  @Test func r1CachedRowsShowAtOnceAndNeitherARefreshNorAFailureHidesThem() async throws {
    let fixture = Fixture(cached: [1, 2, 3], remote: Self.synced)
    let state = await fixture.list.start(refresh: true)
    #expect(state.phase == .content)
    #expect(state.remote.status == .loading(page: 1))
    #expect(fixture.items == [1, 2])
    await fixture.remote.nextRequest().fail(Self.unreachable)
    await fixture.list.settle()
    #expect(fixture.phase == .content)
    #expect(fixture.items == [1, 2])
    #expect(fixture.list.state.remoteNotice == Self.unreachable)
    #expect(fixture.list.state.error == nil)
    #expect(
      CombinedLoadState<Int>.offlineNotice(items: "books", since: "14:05", reason: "server unreachable")
        == "Offline — showing books from 14:05 (server unreachable).")
  }

  @Test func r2NoCacheAndNeverSyncedIsLoadingNotEmpty() async throws {
    let fixture = Fixture(cached: [])
    #expect(await fixture.list.start(refresh: false).phase == .loading)
    fixture.list.send(.refresh)
    #expect(fixture.phase == .loading)
    await fixture.remote.nextRequest().succeed([7], next: nil)
    await fixture.list.settle()
    #expect(fixture.phase == .content)
    #expect(fixture.items == [7])
  }

  @Test func r3TheServerAnsweringNoItemsIsEmptyAndAFailureWithNothingCachedIsAnError() async throws {
    let fixture = Fixture(cached: [])
    await fixture.list.start(refresh: true)
    await fixture.remote.nextRequest().succeed([], next: nil)
    await fixture.list.settle()
    #expect(fixture.phase == .empty)
    fixture.list.send(.refresh)
    await fixture.remote.nextRequest().fail(Self.unreachable)
    await fixture.list.settle()
    #expect(fixture.phase == .error)
    #expect(fixture.list.state.error == Self.unreachable)
  }

  @Test func r4TheEndOfTheCacheAsksTheNextRemotePageOnceAndNeverAfterTheLast() async throws {
    let fixture = Fixture(cached: [1, 2], remote: Self.synced)
    await fixture.list.start(refresh: false)
    await fixture.list.loadNextPage()
    #expect(fixture.list.state.remote.status == .loading(page: 2))
    // Reaching the end again while it is in flight asks for nothing more.
    await fixture.list.loadNextPage()
    fixture.list.send(.reachedEndOfCache)
    let request = await fixture.remote.nextRequest()
    #expect(request.cursor == 2)
    #expect(fixture.remote.requests.count == 1)
    request.succeed([3, 4], next: nil)
    await fixture.list.settle()
    #expect(fixture.items == [1, 2, 3, 4])
    #expect(fixture.list.state.remote.endReached)
    await fixture.list.loadNextPage()
    fixture.list.send(.reachedEndOfCache)
    #expect(fixture.remote.requests.count == 1)
  }

  @Test func r5RetryAsksAgainForExactlyTheFailedPage() async throws {
    let fixture = Fixture(cached: [1, 2], remote: RemoteLoadState(hasSynced: true, nextPage: 3))
    await fixture.list.start(refresh: false)
    await fixture.list.loadNextPage()
    await fixture.remote.nextRequest().fail(Self.unreachable)
    await fixture.list.settle()
    #expect(fixture.list.state.remote.status == .failed(page: 3, error: Self.unreachable))
    #expect(fixture.phase == .content)
    // A failed page waits for retry: reaching the end again does not ask.
    fixture.list.send(.reachedEndOfCache)
    #expect(fixture.remote.requests.count == 1)
    fixture.list.send(.retry)
    let again = await fixture.remote.nextRequest()
    #expect(again.cursor == 3)
    again.succeed([5], next: nil)
    await fixture.list.settle()
    #expect(fixture.items == [1, 2, 5])
    #expect(fixture.list.state.remote.status == .idle)
  }

  @Test func r6AResultFromBeforeAnInvalidationOrACancelIsDroppedAndAStaleWriteCountsForNothing() async throws {
    let fixture = Fixture(cached: [1], remote: Self.synced)
    await fixture.list.start(refresh: true)
    let beforeInvalidation = await fixture.remote.nextRequest()
    fixture.list.send(.invalidated)
    #expect(fixture.list.state.remote.status == .idle)
    beforeInvalidation.succeed([9], next: nil)
    fixture.list.send(.refresh)
    let beforeCancel = await fixture.remote.nextRequest()
    fixture.list.send(.cancelled)
    #expect(beforeCancel.isCancelled)
    beforeCancel.succeed([8], next: nil)
    await fixture.list.settle()
    #expect(fixture.writes.count.withLock { $0 } == 0)
    #expect(fixture.items == [1])
    // Another process's sync got there first: the answer is not written, nothing advances.
    fixture.writes.stale.withLock { $0 = true }
    fixture.list.send(.refresh)
    await fixture.remote.nextRequest().succeed([7], next: nil)
    await fixture.list.settle()
    #expect(fixture.list.state.remote == Self.synced)
    #expect(fixture.cache.items == [1])
  }

  @Test func r7RemoteTransitionsAreObservableInOrderWithNoneLost() async throws {
    let fixture = Fixture(cached: [1, 2], remote: Self.synced)
    var states = fixture.list.remoteStates.makeAsyncIterator()
    await fixture.list.start(refresh: false)
    await fixture.list.loadNextPage()
    await fixture.remote.nextRequest().fail(Self.unreachable)
    await fixture.list.settle()
    fixture.list.send(.retry)
    await fixture.remote.nextRequest().succeed([3], next: nil)
    await fixture.list.settle()
    var seen: [RemoteLoadState] = []
    for _ in 0..<4 { if let state = await states.next() { seen.append(state) } }
    #expect(
      seen == [
        RemoteLoadState(status: .loading(page: 2), hasSynced: true, nextPage: 2),
        RemoteLoadState(status: .failed(page: 2, error: Self.unreachable), hasSynced: true, nextPage: 2),
        RemoteLoadState(status: .loading(page: 2), hasSynced: true, nextPage: 2),
        RemoteLoadState(status: .idle, hasSynced: true, endReached: true, nextPage: 3),
      ])
  }

  @Test func theMachineNumbersItsPublicationsWithoutGaps() {
    var machine = TwoSourceMachine(Self.synced)
    var numbers: [Int] = []
    func apply(_ event: TwoSourceMachine.Event) -> [TwoSourceMachine.Effect] {
      let effects = machine.handle(event)
      for case .publish(let number, _) in effects { numbers.append(number) }
      return effects
    }
    guard case .fetch(let first, page: 1) = apply(.refresh).first else {
      Issue.record("a refresh fetches page 1")
      return
    }
    #expect(apply(.refresh).isEmpty)
    _ = apply(.remoteFailed(first, Self.unreachable))
    guard case .fetch(let second, page: 1) = apply(.retry).first else {
      Issue.record("retry fetches page 1 again")
      return
    }
    // The failed request's late answer is not the one in flight: dropped.
    #expect(apply(.remoteLoaded(first, written: true, endReached: true)).isEmpty)
    _ = apply(.remoteLoaded(second, written: true, endReached: false))
    #expect(numbers == [1, 2, 3, 4])
    #expect(machine.state == RemoteLoadState(hasSynced: true, nextPage: 2))
  }
}
