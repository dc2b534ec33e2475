import ListPaging
import SQLiteCore

extension KindQueries {
  /// Reads up to `limit` items of `account` from the place `key` with `levels` (deepest
  /// first), as ``page(account:after:limit:query:prepare:read:)`` does; `backward` levels read
  /// the order in reverse, and their items are turned back into the kind's order.
  ///
  /// The page's `next` continues in the same direction: forward, the sort key of its last item
  /// when more follow; backward, the sort key of the item right before its first one (the
  /// place where the page before it ends), when there is one.
  @inlinable
  func page<Item>(
    account: String, from key: [CursorValue], levels: [(sql: String, values: Int)], limit: Int,
    backward: Bool, query: QuerySQL?, prepare: (String) throws -> Statement,
    read: (Statement) throws -> Item
  ) throws -> Page<Item> {
    var items: [Item] = []
    items.reserveCapacity(limit)
    var continuation: [CursorValue]?
    var more = false
    for level in levels {
      let statement = try self.statement(
        level, account: account, key: key, rows: limit + 1 - items.count, query: query,
        prepare: prepare)
      // Reset after: a statement stopped on a row holds a read transaction.
      defer { statement.reset() }
      if backward {
        while try statement.step() {
          if items.count == limit {
            continuation = cursorValues(of: statement)
            more = true
            break
          }
          items.append(try read(statement))
        }
      } else {
        more = try collect(statement, into: &items, limit: limit, keyOfLimit: &continuation, read: read)
      }
      if more { break }
    }
    if backward { items.reverse() }
    return Page(items: items, next: more ? continuation : nil)
  }

  /// The page of up to `limit` items of `account` before the place `cursor` names
  /// (``PageRequest/before(_:)``) or starting at the item it was made for
  /// (``PageRequest/around(_:)``), each read with `read`, in one read transaction.
  ///
  /// A page around an item whose place has nothing left at or after it is the page that ends
  /// there. With `query`, only the items it selects, and `cursor` must be one of its pages'.
  /// - Throws: ``ListStoreError/invalidLimit(_:allowed:)``; `invalidCursor`.
  func page<Item>(
    around: Bool, cursor: ListCursor, limit: Int, account: String,
    query: (sql: QuerySQL, identity: String)?, in database: ListsDatabase,
    read: (Statement) throws -> Item
  ) throws(ListStoreError) -> ListPage<Item> {
    try Validation.limit(limit)
    let identity = query?.identity ?? ""
    let key = try values(of: cursor, account: account, query: identity)
    let levels = query?.sql.directionSQL ?? directionSQL
    let (page, previous, next) = try database.read {
      connection -> (Page<Item>, [CursorValue]?, [CursorValue]?) in
      let prepare = { (text: String) throws -> Statement in try connection.cachedStatement(text: text) }
      func rows(_ levels: [(sql: String, values: Int)], backward: Bool) throws -> Page<Item> {
        try self.page(
          account: account, from: key, levels: levels, limit: limit, backward: backward,
          query: query?.sql, prepare: prepare, read: read)
      }
      if around {
        let page = try rows(levels.atOrAfter, backward: false)
        if !page.items.isEmpty {
          // Where the page before it ends: the item right before the cursor's place.
          let before = try self.page(
            account: account, from: key, levels: levels.before, limit: 1, backward: true,
            query: query?.sql, prepare: prepare, read: { self.cursorValues(of: $0) })
          return (page, before.items.first, page.next)
        }
      }
      let page = try rows(levels.atOrBefore, backward: true)
      return (page, page.next, around ? nil : key)
    }
    let kind = definition.name
    func made(_ values: [CursorValue]?) -> ListCursor? {
      values.map { ListCursor(values: $0, kind: kind, account: account, query: identity) }
    }
    return ListPage(items: page.items, nextCursor: made(next), previousCursor: made(previous))
  }

  /// The cursor of the item of `account` with `id`: a loader opened `around:` it starts at
  /// that item. Nil when the account has no such item.
  func cursor(at id: Int64, account: String, in database: ListsDatabase) throws(ListStoreError) -> ListCursor? {
    let key: [CursorValue]? = try database.read { connection in
      let statement = try connection.cachedStatement(text: itemSQL)
      try statement.bind(account, at: 1)
      try statement.bind(id, at: 2)
      defer { statement.reset() }
      return try statement.step() ? cursorValues(of: statement) : nil
    }
    return key.map { ListCursor(values: $0, kind: definition.name, account: account) }
  }
}
