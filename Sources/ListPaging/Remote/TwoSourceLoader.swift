import Synchronization

/// What the driver's remote fetch did with one page.
public struct RemoteAnswer: Sendable, Hashable {
  /// Whether the page was written to the cache; false when it was stale (another process's
  /// sync got there first) and dropped.
  public var written: Bool
  /// Whether the server said there are no more pages.
  public var endReached: Bool

  /// Creates an answer.
  public init(written: Bool, endReached: Bool) {
    self.written = written
    self.endReached = endReached
  }
}

/// A list with two sources: the cached rows a ``ListLoader`` pages from the file, and a remote
/// that fills the file. The rules are ``CombinedLoadState`` (R1–R3) and ``TwoSourceMachine``
/// (R4–R7).
///
/// The remote is two closures: one fetches a page, the other writes it to the cache (in one
/// transaction with its cursor). Once a page is written, the local loader refreshes before the
/// remote's state says so, so the rows and the remote state are never seen out of step.
///
/// For example:
///
/// ```swift
/// let list = TwoSourceLoader(
///   local: loader, remote: remoteState,
///   fetchRemote: { number in try await client.fetchPage(number: number, cursor: cursor(number)) },
///   writeRemote: { page in try cache.write(page) })   // says whether it was written
/// await list.start(refresh: isStale)
/// for await combined in list.states { render(combined) }
/// ```
public final class TwoSourceLoader<Local: PageSource, RemotePage: Sendable>: Sendable {
  /// The cached rows' loader.
  public let local: ListLoader<Local>
  private let fetchRemote: @Sendable (Int) async throws -> RemotePage
  private let writeRemote: @Sendable (RemotePage) throws -> RemoteAnswer
  private let core: Mutex<Core>

  private struct Core: Sendable {
    var machine: TwoSourceMachine
    var tasks: [RequestID: Task<Void, Never>] = [:]
    var subscribers: [Int: AsyncStream<RemoteLoadState>.Continuation] = [:]
    var nextSubscriber = 0
  }

  /// Creates a two-source list; nothing is asked for yet.
  ///
  /// - Parameters:
  ///   - local: Pages the cached rows.
  ///   - remote: What the file knows of the remote.
  ///   - fetchRemote: Fetches remote page `page` (1 for a refresh; a later page from the stored
  ///     cursor).
  ///   - writeRemote: Writes a fetched page to the cache with its cursor, in one transaction.
  ///     It runs only for the request in flight, under the loader's lock, so a result from
  ///     before an invalidation or a cancel is never written (R6).
  public init(
    local: ListLoader<Local>, remote: RemoteLoadState,
    fetchRemote: @escaping @Sendable (_ page: Int) async throws -> RemotePage,
    writeRemote: @escaping @Sendable (RemotePage) throws -> RemoteAnswer
  ) {
    self.local = local
    self.fetchRemote = fetchRemote
    self.writeRemote = writeRemote
    core = Mutex(Core(machine: TwoSourceMachine(remote)))
  }

  deinit {
    core.withLock { core in
      for task in core.tasks.values { task.cancel() }
      for subscriber in core.subscribers.values { subscriber.finish() }
    }
  }

  /// The rows and the remote, and what the list shows from them.
  public var state: CombinedLoadState<Local.Item> {
    CombinedLoadState(local: local.state, remote: core.withLock { $0.machine.state })
  }

  /// Every change of the remote's state, in order, none dropped (R7), from the moment of the
  /// call. The local loader's transitions are its own ``ListLoader/transitions``.
  public var remoteStates: AsyncStream<RemoteLoadState> {
    let (stream, continuation) = AsyncStream.makeStream(of: RemoteLoadState.self, bufferingPolicy: .unbounded)
    let id = core.withLock { core in
      core.nextSubscriber += 1
      core.subscribers[core.nextSubscriber] = continuation
      return core.nextSubscriber
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.core.withLock { $0.subscribers.removeValue(forKey: id) }
    }
    return stream
  }

  /// Shows the cached rows at once (R1), then refreshes from the remote when `refresh` (the
  /// cache is stale or was never synced).
  @discardableResult
  public func start(refresh: Bool) async -> CombinedLoadState<Local.Item> {
    _ = await local.loadNextPage()
    if refresh { send(.refresh) }
    return state
  }

  /// Shows the next cached page; at the end of the cached rows, asks the remote for its next
  /// page (R4).
  public func loadNextPage() async {
    let before = local.state
    if !before.endReached || before.phase == .idle { _ = await local.loadNextPage() }
    if local.state.endReached { send(.reachedEndOfCache) }
  }

  /// Applies `event` to the machine and runs its effects. The result events
  /// (``TwoSourceMachine/Event/remoteLoaded(_:written:endReached:)``, ``TwoSourceMachine/Event/remoteFailed(_:_:)``)
  /// are the loader's own.
  public func send(_ event: TwoSourceMachine.Event) {
    core.withLock { core in run(core.machine.handle(event), in: &core) }
  }

  /// Waits until no remote request is in flight (bounded by the requests themselves).
  public func settle() async {
    while let task = core.withLock({ core in core.machine.requestInFlight.flatMap { core.tasks[$0] } }) {
      await task.value
    }
  }

  private func run(_ effects: [TwoSourceMachine.Effect], in core: inout Core) {
    for effect in effects {
      switch effect {
      case .fetch(let request, let page):
        let task = Task { [weak self] () -> Void in await self?.perform(request, page: page) }
        core.tasks[request] = task
      case .cancel(let request):
        core.tasks.removeValue(forKey: request)?.cancel()
      case .publish(_, let state):
        for subscriber in core.subscribers.values { subscriber.yield(state) }
      }
    }
  }

  private func perform(_ request: RequestID, page: Int) async {
    let fetched: Result<RemotePage, any Error>
    do {
      fetched = .success(try await fetchRemote(page))
    } catch {
      fetched = .failure(error)
    }
    // Written only if still the request in flight: under the lock, so no invalidation or
    // cancel can come between the check and the write.
    let outcome: Result<RemoteAnswer, any Error>? = core.withLock { core in
      guard core.machine.requestInFlight == request else {
        core.tasks.removeValue(forKey: request)
        return nil
      }
      return fetched.flatMap { page in Result { try writeRemote(page) } }
    }
    guard let outcome else { return }
    var event: TwoSourceMachine.Event
    switch outcome {
    case .success(let answer):
      // The rows first: when the remote says "loaded", they are shown. A later page was asked
      // for at the end of the cached rows, so its rows are shown after them.
      if answer.written {
        _ = await local.refresh()
        if page > 1 && !local.state.endReached { _ = await local.loadNextPage() }
      }
      event = .remoteLoaded(request, written: answer.written, endReached: answer.endReached)
    case .failure(let error):
      if error is CancellationError {
        event = .cancelled
      } else {
        event = .remoteFailed(request, LoadError(classifying: error))
      }
    }
    core.withLock { core in
      core.tasks.removeValue(forKey: request)
      run(core.machine.handle(event), in: &core)
    }
  }
}
