import ListPaging
import Synchronization

/// A page source over an in-memory array that can change, for previews, demos and tests of
/// automatic refreshes.
///
/// The cursor is an offset: the place before the item at that index. A page after it starts
/// there, a page before it ends there, and the page around it starts at that item. Every change yields once on each ``changes``
/// stream, and each access makes a new one, so a loader created with
/// `makeInvalidations: { source.changes }` refreshes by itself while observed.
/// For example:
///
/// ```swift
/// let source = ArrayPageSource<String>()
/// let loader = ListLoader(source: source, makeInvalidations: { source.changes })
/// let observation = loader.startObservingChanges()
/// await loader.loadNextPage()     // .empty
/// source.append("first")          // the loader goes to .content without showing loading
/// ```
public final class ArrayPageSource<Item: Sendable>: PageSource {
  /// An offset into the items.
  public typealias Cursor = Int

  private struct State {
    var items: [Item]
    var failure: (any Error)?
    var pageRequests = 0
    var subscribers: [Int: AsyncStream<Void>.Continuation] = [:]
    var subscriberCount = 0
  }

  private let state: Mutex<State>

  /// Creates a source holding `items`.
  public init(_ items: [Item] = []) {
    state = Mutex(State(items: items))
  }

  /// The items, in list order.
  public var items: [Item] { state.withLock { $0.items } }

  /// How many pages were asked for so far, failed ones included.
  public var pageRequests: Int { state.withLock { $0.pageRequests } }

  /// A new stream that yields once after each change; a burst of changes made while nobody
  /// reads it is kept as one.
  public var changes: AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let id = state.withLock { state in
      state.subscriberCount += 1
      state.subscribers[state.subscriberCount] = continuation
      return state.subscriberCount
    }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
    }
    return stream
  }

  /// Changes the items in one step and announces it once.
  ///
  /// `change` runs under the source's lock: it must not call the source.
  public func update<R>(_ change: (inout [Item]) throws -> R) rethrows -> R {
    let (result, subscribers) = try state.withLock { state in
      (try change(&state.items), Array(state.subscribers.values))
    }
    for subscriber in subscribers { subscriber.yield() }
    return result
  }

  /// Adds `item` at the end.
  public func append(_ item: Item) {
    update { $0.append(item) }
  }

  /// Removes every item.
  public func removeAll() {
    update { $0.removeAll() }
  }

  /// Makes every page request throw `error` until it is set back to nil; this is not a change
  /// of the data, so nothing is announced.
  public func setFailure(_ error: (any Error)?) {
    state.withLock { $0.failure = error }
  }

  /// Returns the page `request` names, an item's offset being its cursor: up to `limit` items
  /// starting at offset `cursor` (0 when nil) for `after`, ending right before it for
  /// `before`, starting at it for `around` (when no item is left there, the page that ends at
  /// the last one).
  ///
  /// - Throws: The error set with ``setFailure(_:)``, if any.
  public func page(_ request: PageRequest<Int>, limit: Int, query: Never?) async throws
    -> SourcePage<Item, Int>
  {
    let limit = max(limit, 0)
    return try read { items in
      switch request {
      case .after(let cursor):
        let start = min(max(cursor ?? 0, 0), items.count)
        // The place before a page that follows a cursor is that cursor: no previous cursor.
        var page = Self.page(of: items, from: start, to: start + min(limit, items.count - start))
        page.previousCursor = nil
        return page
      case .before(let cursor):
        let end = min(max(cursor, 0), items.count)
        return Self.page(of: items, from: max(end - limit, 0), to: end)
      case .around(let cursor):
        let start = min(max(cursor, 0), items.count)
        guard start < items.count else {
          return Self.page(of: items, from: max(items.count - limit, 0), to: items.count)
        }
        return Self.page(of: items, from: start, to: start + min(limit, items.count - start))
      }
    }
  }

  /// Counts a page request and reads `items` under the lock, unless a failure is set.
  private func read(_ body: ([Item]) -> SourcePage<Item, Int>) throws -> SourcePage<Item, Int> {
    try state.withLock { state in
      state.pageRequests += 1
      if let failure = state.failure { throw failure }
      return body(state.items)
    }
  }

  /// The page of `items[start..<end]`, with the offsets around it as its cursors.
  private static func page(of items: [Item], from start: Int, to end: Int) -> SourcePage<Item, Int>
  {
    SourcePage(
      items: Array(items[start..<end]), nextCursor: end < items.count ? end : nil,
      previousCursor: start > 0 ? start : nil)
  }
}
