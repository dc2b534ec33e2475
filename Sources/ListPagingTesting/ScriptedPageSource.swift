import ListPaging
import Synchronization

/// A page source whose every answer the test gives: which pages, which failures, and in which
/// order requests complete, without sleeps.
///
/// Each call to ``page(_:limit:query:)`` becomes a ``ScriptedRequest`` that stays pending until
/// the test resolves it. For example:
///
/// ```swift
/// let source = ScriptedPageSource<String>()
/// let loader = ListLoader(source: source, pageSize: 2)
/// loader.send(.loadNextPage)
/// let request = await source.nextRequest()   // cursor nil, limit 2
/// request.succeed(["a", "b"], next: 2)
/// ```
///
/// Cursors are plain integers chosen by the test when it resolves a request; a query is a text,
/// recorded with each request (``ScriptedRequest/query``).
public final class ScriptedPageSource<Item: Sendable>: PageSource {
  /// The test picks each cursor when it resolves a request.
  public typealias Cursor = Int
  /// A search text, which the test reads from each request.
  public typealias Query = String

  private typealias Waiter = CheckedContinuation<ScriptedRequest<Item>, Never>

  private struct State {
    var requests: [ScriptedRequest<Item>] = []
    var handedOut = 0
    var waiters: [Waiter] = []
  }

  private let state = Mutex(State())
  private let throwsOnCancellation: Bool

  /// Creates a source with no requests yet.
  ///
  /// - Parameter throwsOnCancellation: When true, a call whose task is cancelled throws
  ///   `CancellationError` at once, like a well-behaved network client; when false (the
  ///   default), it keeps waiting for the test, like a source that ignores cancellation, so
  ///   that a test can deliver a late result.
  public init(throwsOnCancellation: Bool = false) {
    self.throwsOnCancellation = throwsOnCancellation
  }

  /// Every call so far, in the order they were made.
  public var requests: [ScriptedRequest<Item>] { state.withLock { $0.requests } }

  /// The calls the test has not resolved yet, in the order they were made.
  public var pending: [ScriptedRequest<Item>] { requests.filter { !$0.isResolved } }

  /// Returns the oldest call not yet returned by this method, waiting for it if it was not made
  /// yet.
  public func nextRequest() async -> ScriptedRequest<Item> {
    await withCheckedContinuation { continuation in
      let ready: ScriptedRequest<Item>? = state.withLock { state in
        guard state.handedOut < state.requests.count else {
          state.waiters.append(continuation)
          return nil
        }
        state.handedOut += 1
        return state.requests[state.handedOut - 1]
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }

  /// Registers the call as a pending request and waits until the test resolves it.
  public func page(_ request: PageRequest<Int>, limit: Int, query: String?) async throws
    -> SourcePage<Item, Int>
  {
    try await self.request(request, limit: limit, query: query)
  }

  private func request(_ target: PageRequest<Int>, limit: Int, query: String?) async throws
    -> SourcePage<Item, Int>
  {
    let (request, waiter): (ScriptedRequest<Item>, Waiter?) = state.withLock { state in
      let request = ScriptedRequest<Item>(
        number: state.requests.count + 1, target: target, limit: limit, query: query,
        throwsOnCancellation: throwsOnCancellation)
      state.requests.append(request)
      guard !state.waiters.isEmpty else { return (request, nil) }
      state.handedOut += 1
      return (request, state.waiters.removeFirst())
    }
    waiter?.resume(returning: request)
    return try await request.wait()
  }
}
