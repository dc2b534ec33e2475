import SQLiteCore

extension KindStatements {
  /// A page of items read with `read`, and the sort key of its last item when more follow.
  @usableFromInline
  struct Page<Item> {
    @usableFromInline var items: [Item]
    @usableFromInline var next: [CursorValue]?

    @usableFromInline
    init(items: [Item], next: [CursorValue]?) {
      self.items = items
      self.next = next
    }
  }

  /// Reads up to `limit` items of `account` after the item whose sort key is `after` (from the
  /// start when nil), in the kind's order, with `prepare` giving each statement (a cache, or a
  /// plain prepare).
  ///
  /// One more item than asked is looked for, only to tell whether more follow; the levels of
  /// the order are read deepest first until the page is full (see ``levelSQL``).
  ///
  /// With `query`, its statements are run instead of the list's, its values bound after the
  /// cursor's.
  @inlinable
  func page<Item>(
    account: String, after: [CursorValue]?, limit: Int, query: QuerySQL? = nil,
    prepare: (String) throws -> Statement, read: (Statement) throws -> Item
  ) throws -> Page<Item> {
    var items: [Item] = []
    items.reserveCapacity(limit)
    var keyOfLimit: [CursorValue]?
    if let after {
      for level in query?.levelSQL ?? levelSQL {
        let statement = try self.statement(
          level, account: account, key: after, rows: limit + 1 - items.count, query: query,
          prepare: prepare)
        // Reset after: a statement stopped on a row holds a read transaction.
        defer { statement.reset() }
        let more = try collect(statement, into: &items, limit: limit, keyOfLimit: &keyOfLimit, read: read)
        if more { return Page(items: items, next: keyOfLimit) }
      }
      return Page(items: items, next: nil)
    }
    let statement = try prepare(query?.firstPageSQL ?? firstPageSQL)
    if let query { try bind(query.values, to: statement) }
    try statement.bind(limit + 1, at: 2)
    try statement.bind(account, at: 1)
    defer { statement.reset() }
    let more = try collect(statement, into: &items, limit: limit, keyOfLimit: &keyOfLimit, read: read)
    return Page(items: items, next: more ? keyOfLimit : nil)
  }

  /// The statement of `level` (see ``levelSQL``), prepared with `prepare`, with its values
  /// bound: `query`'s, the most rows it may return, the first of `key`'s values, the account.
  @inlinable @inline(__always)
  func statement(
    _ level: (sql: String, values: Int), account: String, key: [CursorValue], rows: Int,
    query: QuerySQL?, prepare: (String) throws -> Statement
  ) throws -> Statement {
    let statement = try prepare(level.sql)
    if let query { try bind(query.values, to: statement) }
    try statement.bind(rows, at: 2)
    for (index, value) in key.prefix(level.values).enumerated() {
      try bind(value, to: statement, at: Int32(index + 3))
    }
    try statement.bind(account, at: 1)
    return statement
  }

  /// Steps `statement` into `items` until they are `limit`, keeping the sort key of the item
  /// that made them full in `keyOfLimit`; returns whether a row followed it (more follow).
  ///
  /// A function of its own with `inout` parameters, not a closure capturing them: the loop runs
  /// once per row of every page, without a dynamic exclusivity check per access.
  @inlinable @inline(__always)
  func collect<Item>(
    _ statement: Statement, into items: inout [Item], limit: Int, keyOfLimit: inout [CursorValue]?,
    read: (Statement) throws -> Item
  ) throws -> Bool {
    while try statement.step() {
      if items.count == limit { return true }
      items.append(try read(statement))
      if items.count == limit { keyOfLimit = cursorValues(of: statement) }
    }
    return false
  }

  /// The sort key of the row `statement` stands on.
  @usableFromInline
  func cursorValues(of statement: Statement) -> [CursorValue] {
    zip(orderColumnIndexes, cursorKinds).map { column, kind in
      let index = Int32(column)
      switch kind {
      case .integer: return .integer(statement.int64(at: index))
      case .bool: return .bool(statement.int64(at: index) != 0)
      case .text: return .text(statement.text(at: index))
      }
    }
  }

  @usableFromInline
  func bind(_ value: CursorValue, to statement: Statement, at index: Int32) throws(SQLiteError) {
    switch value {
    case .integer(let number): try statement.bind(number, at: index)
    case .bool(let flag): try statement.bind(flag, at: index)
    case .text(let text): try statement.bind(text, at: index)
    }
  }
}
