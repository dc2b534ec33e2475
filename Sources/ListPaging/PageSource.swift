/// Anything that returns pages of items: the store, a remote API, a test double.
///
/// A source writes one method, ``page(_:limit:query:)``, which answers every request a loader
/// makes: the first page, the page after or before a place, and the page that starts at an
/// item (``PageRequest``). A loader calls it from whatever thread it runs on, never while
/// holding its own lock, and has at most one page request in flight at a time. A source that
/// reads without suspending (a local SQLite store) conforms to ``SynchronousPageSource``
/// instead: its pages are then read inside the loader's call, with no task and no thread hop.
///
/// For example, the numbers 0 to 99, each number its own cursor:
///
/// ```swift
/// struct NumbersSource: PageSource {
///   func page(_ request: PageRequest<Int>, limit: Int, query: Never?) async throws
///     -> SourcePage<Int, Int>
///   {
///     let start: Int
///     switch request {
///     case .after(let cursor): start = cursor ?? 0
///     case .before(let cursor): start = max(cursor - limit, 0)
///     case .around(let cursor): start = cursor
///     }
///     let end = min(start + limit, 100)
///     return SourcePage(
///       items: Array(start..<end), nextCursor: end < 100 ? end : nil,
///       previousCursor: start > 0 ? start : nil)
///   }
/// }
/// ```
public protocol PageSource<Item>: Sendable {
  /// What the pages hold.
  associatedtype Item: Sendable
  /// Where a page ends and the next one starts; opaque to the loader.
  associatedtype Cursor: Sendable
  /// What selects the items a page holds (a search, filters), set with
  /// ``ListLoader/setQuery(_:)``; `Never` for a source that takes none.
  associatedtype Query: Sendable = Never

  /// Returns the page `request` names, of at most `limit` of the items `query` selects (nil:
  /// the whole list), in list order:
  ///
  /// - ``PageRequest/after(_:)``: the page that starts right after the cursor — the first page
  ///   when it is nil. Its ``SourcePage/nextCursor`` is where the page after it starts, nil at
  ///   the end of the list.
  /// - ``PageRequest/before(_:)``: the page that ends right before the cursor. Its
  ///   ``SourcePage/previousCursor`` is where the page before it ends, nil when it holds the
  ///   first item; its ``SourcePage/nextCursor`` is the cursor.
  /// - ``PageRequest/around(_:)``: the page that starts at the item the cursor was made for —
  ///   or, when that item is gone, at the item that followed it; when nothing is left at or
  ///   after that place, the page that ends there. Both its cursors are set.
  ///
  /// A cursor is only ever handed back with the query its page was read with. A source that
  /// filters reports an empty first page of a list that has items with
  /// ``SourcePage/listHasItems``. A source that only pages forward throws
  /// ``LoadError/forwardOnly`` for `before` and `around`.
  ///
  /// - Throws: Anything. The loader turns the error into a ``LoadError`` with its classifier,
  ///   except `CancellationError`, which only drops the request and never shows as an error.
  func page(_ request: PageRequest<Cursor>, limit: Int, query: Query?) async throws
    -> SourcePage<Item, Cursor>

  /// Not for use: how a loader reads the page of a ``SynchronousPageSource`` inside its call.
  ///
  /// Nil for a source whose pages must be awaited; a ``SynchronousPageSource``'s page from
  /// ``SynchronousPageSource/synchronousPage(_:limit:query:)``. Both are provided: write neither.
  func _synchronousPage(_ request: PageRequest<Cursor>, limit: Int, query: Query?) throws
    -> SourcePage<Item, Cursor>?
}

extension PageSource {
  /// Nil: the page must be awaited.
  @inlinable
  public func _synchronousPage(_ request: PageRequest<Cursor>, limit: Int, query: Query?) throws
    -> SourcePage<Item, Cursor>?
  {
    nil
  }
}
