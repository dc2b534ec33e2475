import ListPaging
import Synchronization

/// One call to a ``ScriptedPageSource``, waiting for the test to say how it ends.
///
/// The call stays suspended until ``succeed(_:next:listHasItems:previous:)`` or ``fail(_:)``; requests may be resolved
/// in any order, and before or after the caller started waiting.
public final class ScriptedRequest<Item: Sendable>: Sendable {
  private typealias Waiter = CheckedContinuation<SourcePage<Item, Int>, any Error>

  private struct State {
    var continuation: Waiter?
    var outcome: Result<SourcePage<Item, Int>, any Error>?
    var isResolved = false
    var isDelivered = false
    var isCancelled = false
  }

  /// The position of this call among the source's calls, counted from 1.
  public let number: Int
  /// Which page the caller asked for.
  public let target: PageRequest<Int>
  /// The cursor the caller asked after, before or around; nil for the first page.
  public var cursor: Int? {
    switch target {
    case .after(let cursor): cursor
    case .before(let cursor), .around(let cursor): cursor
    }
  }
  /// The page size the caller asked for.
  public let limit: Int
  /// The query the caller asked with; nil for the whole list.
  public let query: String?
  private let throwsOnCancellation: Bool
  private let state = Mutex(State())

  init(number: Int, target: PageRequest<Int>, limit: Int, query: String?, throwsOnCancellation: Bool) {
    self.number = number
    self.target = target
    self.limit = limit
    self.query = query
    self.throwsOnCancellation = throwsOnCancellation
  }

  /// Whether the test already said how this request ends.
  public var isResolved: Bool { state.withLock { $0.isResolved } }

  /// Whether the task waiting for this request was cancelled.
  public var isCancelled: Bool { state.withLock { $0.isCancelled } }

  /// Ends the request with a page of `items`, followed by the page at cursor `next` (nil: none).
  ///
  /// - Parameters:
  ///   - items: The page's items.
  ///   - next: The cursor of the page after it, or nil at the end.
  ///   - listHasItems: Whether the list has items that the query did not match
  ///     (`SourcePage.listHasItems` of ListPaging).
  ///   - previous: Where the page before it ends, or nil at the start; read on the pages of
  ///     requests before a place and around an item.
  public func succeed(_ items: [Item], next: Int?, listHasItems: Bool = false, previous: Int? = nil) {
    resolve(
      .success(SourcePage(items: items, nextCursor: next, listHasItems: listHasItems, previousCursor: previous)))
  }

  /// Ends the request by throwing `error`.
  public func fail(_ error: any Error) {
    resolve(.failure(error))
  }

  /// Suspends the caller until the request is resolved (or cancelled, if the source throws on
  /// cancellation).
  func wait() async throws -> SourcePage<Item, Int> {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let ready: Result<SourcePage<Item, Int>, any Error>? = state.withLock { state in
          if let outcome = state.outcome {
            state.isDelivered = true
            return outcome
          }
          if state.isCancelled && throwsOnCancellation {
            state.isDelivered = true
            return .failure(CancellationError())
          }
          state.continuation = continuation
          return nil
        }
        if let ready { continuation.resume(with: ready) }
      }
    } onCancel: {
      let waiting: Waiter? = state.withLock { state in
        state.isCancelled = true
        guard throwsOnCancellation, let continuation = state.continuation else { return nil }
        state.continuation = nil
        state.isDelivered = true
        return continuation
      }
      waiting?.resume(throwing: CancellationError())
    }
  }

  private func resolve(_ outcome: Result<SourcePage<Item, Int>, any Error>) {
    let waiting: Waiter? = state.withLock { state in
      precondition(!state.isResolved, "scripted request #\(number) was already resolved")
      state.isResolved = true
      if state.isDelivered { return nil }
      guard let continuation = state.continuation else {
        state.outcome = outcome
        return nil
      }
      state.continuation = nil
      state.isDelivered = true
      return continuation
    }
    waiting?.resume(with: outcome)
  }
}
