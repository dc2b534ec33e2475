import ListPaging
import SQLiteCore

extension KindItems {
  /// The page of up to `limit` items that `query` selects (nil: the whole list) that
  /// `request` names: after a place, before it, or starting at an item.
  ///
  /// A page before a place ends right before it, the nearest item last; its
  /// ``ListPage/previousCursor`` continues towards the start. A page around an item starts at
  /// it (at the item after it when it is gone; when nothing is left after it, the page ends
  /// there). Every page is a keyset page, read backwards through the same index when it comes
  /// before a place, so it costs the same however deep it is. For example:
  ///
  /// ```swift
  /// let cursor = try books.cursor(at: 1043)!
  /// let page = try books.page(.around(cursor), matching: nil, limit: 20)    // 1043 first
  /// let before = try books.page(.before(page.previousCursor!), matching: nil, limit: 20)
  /// ```
  /// - Throws: ``ListStoreError/invalidCursor(kind:)`` for a cursor of another query, list or
  ///   account; the errors of ``page(matching:after:limit:)``.
  public func page(_ request: PageRequest<ListCursor>, matching query: KindQuery?, limit: Int)
    throws(ListStoreError) -> ListPage<DynamicItem>
  {
    try page(request, matching: query, limit: limit, read: decode)
  }

  /// The page `request` names with each row read by `read`: the generic pages and a typed
  /// repository's share it.
  func page<Item: Sendable>(
    _ request: PageRequest<ListCursor>, matching query: KindQuery?, limit: Int, read: (Statement) -> Item
  ) throws(ListStoreError) -> ListPage<Item> {
    let sql = try query.flatMap { query throws(ListStoreError) in try statements.sql(for: query) }
    let cursor: ListCursor
    let around: Bool
    switch request {
    case .after(let after):
      guard let query, sql != nil else {
        return try statements.page(after: after, limit: limit, account: account, in: database, read: read)
      }
      return try page(matching: query, after: after, limit: limit, read: read)
    case .before(let before):
      (cursor, around) = (before, false)
    case .around(let item):
      (cursor, around) = (item, true)
    }
    do {
      var page = try statements.page(
        around: around, cursor: cursor, limit: limit, account: account,
        query: sql.map { ($0, query?.identity ?? "") }, in: database, read: read)
      // Nothing at, after or before the place: no results when the list has items.
      if around, sql != nil, page.items.isEmpty { page.listHasItems = try count() > 0 }
      return page
    } catch {
      throw searchDamage(error) ?? error
    }
  }

  /// The cursor of the item with `id`, for a page or a loader around it; nil when the list
  /// has no such item.
  public func cursor(at id: Int64) throws(ListStoreError) -> ListCursor? {
    try statements.cursor(at: id, account: account, in: database)
  }
}
