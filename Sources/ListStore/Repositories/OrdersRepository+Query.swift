extension OrdersRepository {
  /// The page of up to `limit` orders matching `query` after `cursor`, newest first, decoded
  /// into ``Order``: the same statements, cursors and "no results" as
  /// ``KindItems/page(matching:after:limit:)`` on the orders kind, read as the typed list reads
  /// its rows. A cursor of one is a cursor of the other.
  ///
  /// For example:
  ///
  /// ```swift
  /// let shipped = KindQuery(filters: [KindFilter(field: "status", op: .equal, value: .text("shipped"))])
  /// let page = try database.orders().page(matching: shipped, after: nil, limit: 20)
  /// ```
  /// - Throws: as ``KindItems/page(matching:after:limit:)``.
  public func page(matching query: KindQuery, after cursor: ListCursor?, limit: Int) throws(ListStoreError)
    -> ListPage<Order>
  {
    if query.filters.isEmpty, try query.searchQuery() == nil { return try page(after: cursor, limit: limit) }
    let items = KindItems(database: database, account: account, queries: Self.kindQueries)
    return try items.page(matching: query, after: cursor, limit: limit, read: Self.decode)
  }

  /// The orders kind's statements, made once.
  private static let kindQueries = KindQueries(.orders)
}
