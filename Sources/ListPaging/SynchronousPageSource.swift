/// A page source that answers at once, without suspending — a local database, an array.
///
/// A ``ListLoader`` over such a source runs each request inside the call that asked for it:
/// no task is created and nothing is awaited, so paging through it costs what reading the
/// pages costs. There is nothing to cancel in a call that has already returned; a result that
/// a refresh made stale is dropped, as with any source.
///
/// A conformance writes ``synchronousPage(_:limit:query:)``, which answers a request as
/// ``PageSource/page(_:limit:query:)`` does; the `async` method is provided.
public protocol SynchronousPageSource<Item>: PageSource {
  /// What a page holds (``PageSource/Item``), restated so a conformance infers it from
  /// ``synchronousPage(_:limit:query:)``.
  associatedtype Item
  /// Where a page starts (``PageSource/Cursor``), restated likewise.
  associatedtype Cursor
  /// What selects some of the items (``PageSource/Query``), restated likewise.
  associatedtype Query

  /// The page `request` names, of at most `limit` of the items `query` selects (nil: the whole
  /// list), read now: the rules of ``PageSource/page(_:limit:query:)``.
  func synchronousPage(_ request: PageRequest<Cursor>, limit: Int, query: Query?) throws
    -> SourcePage<Item, Cursor>
}

extension SynchronousPageSource {
  /// Reads the page with ``synchronousPage(_:limit:query:)``.
  @inlinable
  public func page(_ request: PageRequest<Cursor>, limit: Int, query: Query?) async throws
    -> SourcePage<Item, Cursor>
  {
    try synchronousPage(request, limit: limit, query: query)
  }

  /// Reads the page with ``synchronousPage(_:limit:query:)``: a loader reads it inside the call that
  /// asked for it.
  @inlinable
  public func _synchronousPage(_ request: PageRequest<Cursor>, limit: Int, query: Query?) throws
    -> SourcePage<Item, Cursor>?
  {
    try synchronousPage(request, limit: limit, query: query)
  }
}
