import ListPaging
import SQLiteCore

extension KindStatements {
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
    if backward {
      return try backwardPage(
        account: account, from: key, levels: levels, limit: limit, query: query, prepare: prepare, read: read)
    }
    var items: [Item] = []
    items.reserveCapacity(limit)
    var continuation: [CursorValue]?
    for level in levels {
      let statement = try self.statement(
        level, account: account, key: key, rows: limit + 1 - items.count, query: query,
        prepare: prepare)
      // Reset after: a statement stopped on a row holds a read transaction.
      defer { statement.reset() }
      if try collect(statement, into: &items, limit: limit, keyOfLimit: &continuation, read: read) {
        return Page(items: items, next: continuation)
      }
    }
    return Page(items: items, next: nil)
  }

  /// ``page(account:from:levels:limit:backward:query:prepare:read:)`` of `backward` levels: the
  /// rows come nearest first, and each is stored at its place from the end of the page's
  /// array, so that the page is in the kind's order without being reversed (the short page at
  /// the start of the list is moved to the front once).
  @inlinable
  func backwardPage<Item>(
    account: String, from key: [CursorValue], levels: [(sql: String, values: Int)], limit: Int,
    query: QuerySQL?, prepare: (String) throws -> Statement, read: (Statement) throws -> Item
  ) throws -> Page<Item> {
    var continuation: [CursorValue]?
    let items = try [Item](unsafeUninitializedCapacity: limit) { buffer, initialized in
      let end = buffer.baseAddress.unsafelyUnwrapped + limit
      var count = 0
      do {
        levels: for level in levels {
          let statement = try self.statement(
            level, account: account, key: key, rows: limit + 1 - count, query: query, prepare: prepare)
          // Reset after: a statement stopped on a row holds a read transaction.
          defer { statement.reset() }
          while try statement.step() {
            if count == limit {
              continuation = cursorValues(of: statement)
              break levels
            }
            (end - count - 1).initialize(to: try read(statement))
            count += 1
          }
        }
      } catch {
        (end - count).deinitialize(count: count)
        throw error
      }
      if count < limit { buffer.baseAddress.unsafelyUnwrapped.moveInitialize(from: end - count, count: count) }
      initialized = count
    }
    return Page(items: items, next: continuation)
  }

  /// The page of up to `limit` items of `account` before the place `cursor` names
  /// (``PageRequest/before(_:)``) or starting at the item it was made for
  /// (``PageRequest/around(_:)``), each read with `read`, in one read transaction.
  ///
  /// A page around an item whose place has nothing left at or after it is the page that ends
  /// there. With `query`, only the items it selects, and `cursor` must be one of its pages'.
  ///
  /// Inlinable, as the pages after a cursor are: a typed repository's rows are then read into
  /// its record type directly, not through generic code that looks the type up for every row.
  /// - Throws: ``ListStoreError/invalidLimit(_:allowed:)``; `invalidCursor`.
  @inlinable
  func page<Item>(
    around: Bool, cursor: ListCursor, limit: Int, account: String,
    query: (sql: QuerySQL, identity: String)?, in database: ListsDatabase,
    read: (Statement) throws -> Item
  ) throws(ListStoreError) -> ListPage<Item> {
    try Validation.limit(limit)
    let identity = query?.identity ?? ""
    let key = try values(of: cursor, account: account, query: identity)
    let levels = query?.sql.directionSQL ?? directionSQL
    var page = Page<Item>(items: [], next: nil)
    var previous: [CursorValue]?
    var next: [CursorValue]?
    try database.readWithoutResult { connection in
      let prepare = { (text: String) throws -> Statement in try connection.cachedStatement(text: text) }
      if around {
        page = try self.page(
          account: account, from: key, levels: levels.atOrAfter, limit: limit, backward: false,
          query: query?.sql, prepare: prepare, read: read)
        if !page.items.isEmpty {
          // Where the page before it ends: the item right before the cursor's place.
          let before = try self.page(
            account: account, from: key, levels: levels.before, limit: 1, backward: true,
            query: query?.sql, prepare: prepare, read: { self.cursorValues(of: $0) })
          previous = before.items.first
          next = page.next
          return
        }
      }
      page = try self.page(
        account: account, from: key, levels: levels.atOrBefore, limit: limit, backward: true,
        query: query?.sql, prepare: prepare, read: read)
      previous = page.next
    }
    let kind = definition.name
    func made(_ values: [CursorValue]) -> ListCursor {
      ListCursor(values: values, kind: kind, account: account, query: identity)
    }
    // A page before a place continues at that place: the cursor it was asked with.
    return ListPage(
      items: page.items, nextCursor: around ? next.map(made) : cursor, previousCursor: previous.map(made))
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
