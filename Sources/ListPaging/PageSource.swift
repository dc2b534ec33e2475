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
  /// ``ListLoader/setQuery(_:)``; `Never` for a source that takes none.
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

  /// Returns the page of the items `query` selects that ends right before `cursor`: the
  /// items before that place, up to `limit` of them, in list order. Its
  /// ``SourcePage/previousCursor`` is where the page before it ends, nil when it holds the
  /// first item; its ``SourcePage/nextCursor`` is `cursor`.
  ///
  /// A loader asks for it to page towards the start (``ListLoader/loadPreviousPage()``), only
  /// with a cursor a page of the same query gave. A source that only pages forward gets the
  /// default, which throws.
  /// - Throws: Anything, as ``page(after:limit:query:)``.
  func page(before cursor: Cursor, limit: Int, query: Query?) async throws
    -> SourcePage<Item, Cursor>

  /// Returns the page of the items `query` selects that starts at the item `cursor` was made
  /// for — or, when that item is gone, at the item that followed it — with up to `limit`
  /// items. When nothing is left at or after that place, it is the page that ends there.
  /// Its ``SourcePage/previousCursor`` is where the page before it ends, nil when it holds the
  /// first item.
  ///
  /// A loader opened `around:` an item asks for it first. A source that only pages forward
  /// gets the default, which throws.
  /// - Throws: Anything, as ``page(after:limit:query:)``.
  func page(around cursor: Cursor, limit: Int, query: Query?) async throws
    -> SourcePage<Item, Cursor>

  /// Returns the page `request` names at once, without suspending, or nil for a source whose
  /// pages must be awaited.
  ///
  /// A loader asks this first, so that a source that answers at once costs no task: every
  /// source gets nil from the default, and a ``SynchronousPageSource`` the page its `pageNow`
  /// methods read. Conform to ``SynchronousPageSource`` rather than writing this.
  func pageAtOnce(_ request: PageRequest<Cursor>, limit: Int, query: Query?) throws
    -> SourcePage<Item, Cursor>?
}

extension PageSource {
  /// Nil: the page must be awaited.
  @inlinable
  public func pageAtOnce(_ request: PageRequest<Cursor>, limit: Int, query: Query?) throws
    -> SourcePage<Item, Cursor>?
  {
    nil
  }

  /// Throws: this source only pages forward.
  public func page(before cursor: Cursor, limit: Int, query: Query?) async throws
    -> SourcePage<Item, Cursor>
  {
    throw LoadError.forwardOnly
  }

  /// Throws: this source only pages forward.
  public func page(around cursor: Cursor, limit: Int, query: Query?) async throws
    -> SourcePage<Item, Cursor>
  {
    throw LoadError.forwardOnly
  }

  /// The page `request` names, awaited.
  @inlinable
  func page(_ request: PageRequest<Cursor>, limit: Int, query: Query?) async throws
    -> SourcePage<Item, Cursor>
  {
    switch request {
    case .after(let cursor): try await page(after: cursor, limit: limit, query: query)
    case .before(let cursor): try await page(before: cursor, limit: limit, query: query)
    case .around(let cursor): try await page(around: cursor, limit: limit, query: query)
    }
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
