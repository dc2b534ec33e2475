import SQLiteCore

extension KindItems {
  /// The page of up to `limit` items matching `query` after `cursor` (from the start when nil),
  /// in the kind's order: the search's words in the kind's `search` fields (the last word as a
  /// prefix), and every filter.
  ///
  /// Pages are keyset pages over an index in the kind's order, so a page of results costs the
  /// same however deep it is. A cursor of this query's pages carries its identity: using it
  /// with another query, or with the whole list, is refused. An empty query is the whole list.
  ///
  /// When the first page is empty, ``ListPage/listHasItems`` says whether the list has items
  /// all the same (no results, not an empty list), from its kept count in O(1).
  ///
  /// For example:
  ///
  /// ```swift
  /// let query = KindQuery(search: "dun", filters: [try KindFilter(parsing: "status=done", in: books.definition)])
  /// let page = try books.page(matching: query, after: nil, limit: 20)
  /// ```
  /// - Throws: ``ListStoreError/invalidCursor(kind:)`` for a cursor of another query, list
  ///   or account; ``ListStoreError/unknownField(kind:field:known:)``,
  ///   ``ListStoreError/invalidFilter(_:reason:)``, ``ListStoreError/search(_:)``;
  ///   ``ListStoreError/invalidLimit(_:allowed:)``.
  public func page(matching query: KindQuery, after cursor: ListCursor?, limit: Int) throws(ListStoreError)
    -> ListPage<DynamicItem>
  {
    guard try statements.sql(for: query) != nil else { return try page(after: cursor, limit: limit) }
    let plan = statements.decodePlan
    return try page(matching: query, after: cursor, limit: limit) { DynamicItem(row: $0, plan: plan) }
  }

  /// The page of `query` with each row read by `read` (the kind's columns, in
  /// ``KindStatements/selectColumns`` order): the generic pages and a typed repository's share it.
  func page<Item: Sendable>(
    matching query: KindQuery, after cursor: ListCursor?, limit: Int, read: (Statement) -> Item
  ) throws(ListStoreError) -> ListPage<Item> {
    guard let sql = try statements.sql(for: query) else {
      throw .internalError(detail: "a query that keeps every item has no query pages")
    }
    try Validation.limit(limit)
    let identity = query.identity
    var after: [CursorValue]?
    if let cursor { after = try values(of: cursor, query: identity) }
    let kind = definition.name
    let account = account
    let read = { (connection: Connection) throws in
      let page = try statements.page(
        account: account, after: after, limit: limit, query: sql,
        prepare: { try connection.cachedStatement(text: $0) }, read: read)
      let listHasItems = page.items.isEmpty && after == nil ? try keptCount(connection) > 0 : false
      return (page, listHasItems)
    }
    let (page, listHasItems): (KindStatements.Page<Item>, Bool)
    do {
      (page, listHasItems) = try database.read(read)
    } catch {
      throw searchDamage(error) ?? error
    }
    return ListPage(
      items: page.items,
      nextCursor: page.next.map { ListCursor(values: $0, kind: kind, account: account, query: identity) },
      listHasItems: listHasItems)
  }

  /// Checks that `cursor` was made by a page of `query` of this kind for this account.
  /// - Throws: ``ListStoreError/invalidCursor(kind:)``.
  public func validate(_ cursor: ListCursor, for query: KindQuery) throws(ListStoreError) {
    _ = try values(of: cursor, query: query.identity)
  }
}

extension KindItems {
  /// The SQL of the first page of `query` (`?1` account, `?2` the limit plus one) and the values
  /// it binds from `firstParameter` on, each an integer or a text: for a benchmark that runs the
  /// same statement in C. Nil when the query keeps every item.
  package func firstPageSQL(for query: KindQuery) throws(ListStoreError)
    -> (sql: String, firstParameter: Int, values: [(integer: Int64, text: String?)])?
  {
    guard let sql = try statements.sql(for: query) else { return nil }
    let values = sql.values.map { value -> (integer: Int64, text: String?) in
      switch value {
      case .integer(let number): (number, nil)
      case .text(let text): (0, text)
      }
    }
    return (sql.firstPageSQL, 3 + definition.effectiveOrder.count, values)
  }
}
