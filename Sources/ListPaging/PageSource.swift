/// Anything that returns a page of items after a cursor: the store, a remote API, a test double.
///
/// A loader calls its source from whatever thread it runs on, never while holding its own lock,
/// and has at most one page request in flight at a time. A source that does not actually suspend
/// (a local SQLite store) completes its page inside the loader's call, with no thread hop.
///
/// For example:
///
/// ```swift
/// struct NumbersSource: PageSource {
///   func page(after cursor: Int?, limit: Int) async throws -> SourcePage<Int, Int> {
///     let start = cursor ?? 0
///     let items = Array(start..<min(start + limit, 100))
///     return SourcePage(items: items, nextCursor: start + limit < 100 ? start + limit : nil)
///   }
/// }
/// ```
public protocol PageSource<Item>: Sendable {
  /// What the pages hold.
  associatedtype Item: Sendable
  /// Where a page ends and the next one starts; opaque to the loader.
  associatedtype Cursor: Sendable
  /// What selects the items a page holds (a search, filters), set with
  /// ``ListLoader/setQuery(_:execution:)``; `Never` for a source that takes none.
  associatedtype Query: Sendable = Never

  /// Returns the page that follows `cursor`, or the first page when `cursor` is nil.
  ///
  /// - Parameters:
  ///   - cursor: The ``SourcePage/nextCursor`` of the previous page, or nil for the first page.
  ///   - limit: The most items the page may hold.
  /// - Throws: Anything. The loader turns the error into a ``LoadError`` with its classifier,
  ///   except `CancellationError`, which only drops the request and never shows as an error.
  func page(after cursor: Cursor?, limit: Int) async throws -> SourcePage<Item, Cursor>

  /// Returns the page of the items `query` selects that follows `cursor`; nil is the whole
  /// list. A cursor is only ever handed back with the query its page was read with.
  ///
  /// A source that filters reports an empty first page of a list that has items with
  /// ``SourcePage/listHasItems``. Sources that take no query get this from
  /// ``page(after:limit:)``.
  func page(after cursor: Cursor?, limit: Int, query: Query?) async throws
    -> SourcePage<Item, Cursor>

  /// Returns the page at once, without suspending, or nil for a source whose pages must be
  /// awaited.
  ///
  /// A loader asks this first, so that a source that answers at once costs no task: every
  /// source gets nil from the default, and a ``SynchronousPageSource`` its
  /// ``SynchronousPageSource/pageNow(after:limit:query:)``. Conform to ``SynchronousPageSource``
  /// rather than writing this.
  func pageAtOnce(after cursor: Cursor?, limit: Int, query: Query?) throws -> SourcePage<Item, Cursor>?
}

extension PageSource {
  /// Nil: the page must be awaited with ``page(after:limit:query:)``.
  @inlinable
  public func pageAtOnce(after cursor: Cursor?, limit: Int, query: Query?) throws -> SourcePage<Item, Cursor>? {
    nil
  }
}

extension PageSource where Query == Never {
  /// The page after `cursor`: a source that takes no query only ever gets nil.
  @inlinable
  public func page(after cursor: Cursor?, limit: Int, query: Never?) async throws
    -> SourcePage<Item, Cursor>
  {
    try await page(after: cursor, limit: limit)
  }
}
