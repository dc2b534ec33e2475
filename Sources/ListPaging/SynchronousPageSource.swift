/// A page source that answers at once, without suspending — a local database, an array.
///
/// A ``ListLoader`` over such a source runs each request inside the call that asked for it:
/// no task is created and nothing is awaited, so paging through it costs what reading the
/// pages costs. There is nothing to cancel in a call that has already returned; a result that
/// a refresh made stale is dropped, as with any source.
///
/// The ``PageSource`` requirements are provided: they call the `pageNow` methods. A source that
/// takes no query (``PageSource/Query`` is `Never`) writes ``pageNow(after:limit:)``,
/// ``pageNow(before:limit:query:)`` and ``pageNow(around:limit:query:)``; one that does writes
/// ``pageNow(after:limit:query:)`` too, and a
/// loader's ``ListLoader/setQuery(_:)`` then reads its pages with the query at once.
public protocol SynchronousPageSource<Item>: PageSource {
  /// What a page holds (``PageSource/Item``), restated so a conformance infers it from
  /// ``pageNow(after:limit:)``.
  associatedtype Item
  /// Where a page starts (``PageSource/Cursor``), restated likewise.
  associatedtype Cursor

  /// The page of up to `limit` items after `cursor` (from the start when nil), read now.
  func pageNow(after cursor: Cursor?, limit: Int) throws -> SourcePage<Item, Cursor>

  /// The page of up to `limit` items that `query` selects after `cursor` (from the start when
  /// nil), read now; a nil query selects the whole list. Provided for a source that takes no
  /// query.
  func pageNow(after cursor: Cursor?, limit: Int, query: Query?) throws -> SourcePage<Item, Cursor>

  /// The page of up to `limit` items that `query` selects ending right before `cursor`, read
  /// now (see ``PageSource/page(before:limit:query:)``). A source that cannot read backward
  /// throws ``LoadError/forwardOnly``.
  func pageNow(before cursor: Cursor, limit: Int, query: Query?) throws -> SourcePage<Item, Cursor>

  /// The page of up to `limit` items that `query` selects starting at the item `cursor` was
  /// made for, read now (see ``PageSource/page(around:limit:query:)``). A source that cannot
  /// read backward throws ``LoadError/forwardOnly``.
  func pageNow(around cursor: Cursor, limit: Int, query: Query?) throws -> SourcePage<Item, Cursor>
}

extension SynchronousPageSource {
  /// Reads the page with ``pageNow(after:limit:)``.
  @inlinable
  public func page(after cursor: Cursor?, limit: Int) async throws -> SourcePage<Item, Cursor> {
    try pageNow(after: cursor, limit: limit)
  }

  /// Reads the page with ``pageNow(after:limit:query:)``.
  @inlinable
  public func page(after cursor: Cursor?, limit: Int, query: Query?) async throws -> SourcePage<Item, Cursor> {
    try pageNow(after: cursor, limit: limit, query: query)
  }

  /// Reads the page before `cursor` with ``pageNow(before:limit:query:)``.
  @inlinable
  public func page(before cursor: Cursor, limit: Int, query: Query?) async throws -> SourcePage<Item, Cursor> {
    try pageNow(before: cursor, limit: limit, query: query)
  }

  /// Reads the page around `cursor` with ``pageNow(around:limit:query:)``.
  @inlinable
  public func page(around cursor: Cursor, limit: Int, query: Query?) async throws -> SourcePage<Item, Cursor> {
    try pageNow(around: cursor, limit: limit, query: query)
  }

  /// Reads the page with the `pageNow` method for `request`: a loader reads it inside the call
  /// that asked for it.
  @inlinable
  public func pageAtOnce(_ request: PageRequest<Cursor>, limit: Int, query: Query?) throws -> SourcePage<Item, Cursor>? {
    switch request {
    case .after(let cursor): try pageNow(after: cursor, limit: limit, query: query)
    case .before(let cursor): try pageNow(before: cursor, limit: limit, query: query)
    case .around(let cursor): try pageNow(around: cursor, limit: limit, query: query)
    }
  }
}

extension SynchronousPageSource where Query == Never {
  /// Reads the page with ``pageNow(after:limit:)``: there is no query.
  @inlinable
  public func pageNow(after cursor: Cursor?, limit: Int, query: Never?) throws -> SourcePage<Item, Cursor> {
    try pageNow(after: cursor, limit: limit)
  }
}
