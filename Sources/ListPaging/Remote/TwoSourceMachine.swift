/// The remote rules of a two-source list as a pure function `(state, event) -> effects`: the
/// file is the cache, pages come from the local loader, and the remote fills the file.
///
/// The machine never holds items: a remote page is written to the file by the driver, and the
/// local loader shows it. What the machine decides is when to ask the remote, and which
/// answers count:
///
/// - R4: reaching the end of the cached rows asks for the next remote page once; never again
///   while it is in flight, never after the server said there are no more pages, never while a
///   failed page waits for ``Event/retry``.
/// - R5: ``Event/retry`` asks again for exactly the page that failed.
/// - R6: a result of a request made before ``Event/invalidated`` or ``Event/cancelled`` is
///   dropped, and so is a page another process's sync made stale (``Event/remoteLoaded(_:written:endReached:)``
///   with `written` false).
/// - R7: every change of state is one ``Effect/publish(number:_:)``, numbered, in order.
public struct TwoSourceMachine: Sendable {
  /// What can happen.
  public enum Event: Sendable, Hashable {
    /// Fetch the first remote page again (a refresh); nothing is asked while one runs.
    case refresh
    /// The reader reached the end of the cached rows.
    case reachedEndOfCache
    /// Ask again for the remote page that failed.
    case retry
    /// The cache was changed by someone else or the list was reset: requests in flight are
    /// dropped when they answer.
    case invalidated
    /// The loader was cancelled: requests in flight are cancelled and dropped.
    case cancelled
    /// Remote request `request` answered and the driver stored it (`written`) or found it stale
    /// (not `written`: another process's sync got there first); `endReached` is the server's "no
    /// more pages".
    case remoteLoaded(RequestID, written: Bool, endReached: Bool)
    /// Remote request `request` failed.
    case remoteFailed(RequestID, LoadError)
    /// What the file says of the remote now (after another process's sync, say).
    case reloaded(hasSynced: Bool, endReached: Bool, nextPage: Int)
  }

  /// What the driver must do, in order.
  public enum Effect: Sendable, Hashable {
    /// Fetch remote page `page` (1 is a refresh; later pages continue from the stored cursor).
    case fetch(RequestID, page: Int)
    /// Cancel the task of `request`.
    case cancel(RequestID)
    /// The remote state changed; `number` counts the publications from 1.
    case publish(number: Int, RemoteLoadState)
  }

  /// The remote's state now.
  public private(set) var state: RemoteLoadState
  private var generation = 0
  private var serial = 0
  private var inFlight: RequestID?
  private var published = 0

  /// Creates a machine from what the file knows of the remote.
  public init(_ state: RemoteLoadState = RemoteLoadState()) {
    self.state = state
    self.state.status = .idle
  }

  /// The request in flight, if one is.
  public var requestInFlight: RequestID? { inFlight }

  /// Applies `event` and returns what to do.
  public mutating func handle(_ event: Event) -> [Effect] {
    switch event {
    case .refresh:
      if case .loading(page: 1) = state.status { return [] }
      return cancelInFlight() + fetch(page: 1)
    case .reachedEndOfCache:
      guard case .idle = state.status, state.hasSynced, !state.endReached else { return [] }
      return fetch(page: state.nextPage)
    case .retry:
      guard case .failed(let page, _) = state.status else { return [] }
      return fetch(page: page)
    case .invalidated, .cancelled:
      generation += 1
      let cancels = event == .cancelled ? cancelInFlight() : []
      if event == .invalidated { inFlight = nil }
      guard case .loading = state.status else { return cancels }
      state.status = .idle
      return cancels + publish()
    case .remoteLoaded(let request, let written, let endReached):
      guard request == inFlight, case .loading(let page) = state.status else { return [] }
      inFlight = nil
      state.status = .idle
      if written {
        state.hasSynced = true
        state.endReached = endReached
        state.nextPage = page + 1
      }
      return publish()
    case .reloaded(let hasSynced, let endReached, let nextPage):
      let before = state
      state.hasSynced = hasSynced
      state.endReached = endReached
      state.nextPage = nextPage
      return state == before ? [] : publish()
    case .remoteFailed(let request, let error):
      guard request == inFlight, case .loading(let page) = state.status else { return [] }
      inFlight = nil
      state.status = .failed(page: page, error: error)
      return publish()
    }
  }

  private mutating func fetch(page: Int) -> [Effect] {
    serial += 1
    let request = RequestID(generation: generation, serial: serial)
    inFlight = request
    state.status = .loading(page: page)
    return [.fetch(request, page: page)] + publish()
  }

  private mutating func cancelInFlight() -> [Effect] {
    guard let request = inFlight else { return [] }
    inFlight = nil
    return [.cancel(request)]
  }

  private mutating func publish() -> [Effect] {
    published += 1
    return [.publish(number: published, state)]
  }
}
