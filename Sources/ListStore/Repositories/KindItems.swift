import SQLiteCore

extension ListsDatabase {
  /// The items of the kind named `kind` of `account`, fields by name: any kind the file holds,
  /// also one this build was not compiled with.
  ///
  /// For example:
  ///
  /// ```swift
  /// let books = try database.items(of: "books")
  /// try books.add(DynamicDraft(["title": .text("Dune")]))
  /// print(try books.count())  // 1
  /// ```
  /// - Throws: ``ListStoreError/unknownKind(_:)`` when the file holds no such kind.
  public func items(of kind: String, account: String = "default") throws(ListStoreError) -> KindItems {
    guard let registered = try self.kind(named: kind) else { throw .unknownKind(kind) }
    return KindItems(database: self, account: account, definition: registered.definition)
  }
}

/// The items of one kind of one account, fields by name (``DynamicItem``): adding, reading,
/// keyset pages, counts in O(1), removing, importing, exporting and change notifications, made
/// from the kind's definition.
///
/// Every statement is made once from the definition and binds its values; values
/// are checked against their fields as they are bound (``KindBindings``).
public struct KindItems: ListRepository {
  /// An item, its fields by name.
  public typealias Item = DynamicItem
  /// What adding takes.
  public typealias Draft = DynamicDraft

  /// The list these items are of.
  public var list: ListKind { ListKind(definition) }
  /// The database the kind lives in.
  public let database: ListsDatabase
  /// The account whose items these are.
  public let account: String
  /// The kind's definition.
  public let definition: KindDefinition
  let queries: KindQueries

  init(database: ListsDatabase, account: String, definition: KindDefinition) {
    self.database = database
    self.account = account
    self.definition = definition
    self.queries = KindQueries(definition)
  }

  /// The items of `account` of the kind whose statements `queries` are, made already.
  init(database: ListsDatabase, account: String, queries: KindQueries) {
    self.database = database
    self.account = account
    self.definition = queries.definition
    self.queries = queries
  }

  /// Validates and adds one item. For a kind whose unique rule keeps duplicates, adding one
  /// again changes nothing and returns the stored item.
  /// - Throws: ``ListStoreError/invalidValue(field:reason:)``,
  ///   ``ListStoreError/duplicateItem(kind:item:fields:values:)``, or a database error.
  @discardableResult
  public func add(_ draft: DynamicDraft) throws(ListStoreError) -> DynamicItem {
    try addIfMissing(draft).item
  }

  /// Adds one item unless the kind keeps duplicates and an equal one is stored; says which.
  public func addIfMissing(_ draft: DynamicDraft) throws(ListStoreError) -> (item: DynamicItem, added: Bool) {
    let now = database.configuration.now().millisecondsSince1970
    return try write { connection in
      let insert = try connection.cachedStatement(text: queries.insertSQL)
      return try insertItem(draft, with: insert, connection, now: now)
    }
  }

  /// The item with `id`, or nil when the account's list has none.
  public func item(id: Int64) throws(ListStoreError) -> DynamicItem? {
    try database.read { connection in
      let statement = try connection.cachedStatement(text: queries.itemSQL)
      try statement.bind(account, at: 1)
      try statement.bind(id, at: 2)
      return try statement.step() ? DynamicItem(row: statement, plan: queries.decodePlan) : nil
    }
  }

  /// The page of up to `limit` items after `cursor` (from the start when nil), in the kind's
  /// order; the cost of a page does not depend on how deep it is.
  /// - Throws: ``ListStoreError/invalidCursor(list:)``; ``ListStoreError/invalidLimit(_:allowed:)``.
  public func page(after cursor: ListCursor?, limit: Int) throws(ListStoreError) -> ListPage<DynamicItem> {
    try Validation.limit(limit)
    var after: [CursorValue]?
    if let cursor { after = try values(of: cursor) }
    let definition = definition
    let account = account
    let plan = queries.decodePlan
    let page = try database.read { connection in
      try queries.page(
        account: account, after: after, limit: limit, prepare: { try connection.cachedStatement(text: $0) },
        read: { DynamicItem(row: $0, plan: plan) })
    }
    return ListPage(
      items: page.items,
      nextCursor: page.next.map { ListCursor(values: $0, kind: definition.name, account: account) })
  }

  /// Checks that `cursor` was made by a page of this kind for this account.
  /// - Throws: ``ListStoreError/invalidCursor(list:)``.
  public func validate(_ cursor: ListCursor) throws(ListStoreError) {
    _ = try values(of: cursor)
  }

  /// The sort key `cursor` holds, if a page of this kind and account answering the query of
  /// `identity` (``KindQuery/identity``, empty for the whole list) made it.
  func values(of cursor: ListCursor, query identity: String = "") throws(ListStoreError) -> [CursorValue] {
    switch cursor.storage {
    case .kind(let values, let kind, let madeFor, let query)
    where kind == definition.name && madeFor == account && query == identity:
      return values
    default:
      // A token given by a user, or a cursor made by another list, account or query: its token
      // says which.
      if let values = KindCursorCodec.values(
        of: cursor.token, kinds: queries.cursorKinds, kind: definition.name, account: account, query: identity)
      {
        return values
      }
    }
    throw .invalidCursor(list: ListKind(definition))
  }

  /// The kept count of the list, read on `connection`: O(1).
  func keptCount(_ connection: Connection) throws -> Int {
    let statement = try connection.cachedStatement(
      "SELECT item_count FROM list_counts WHERE account = ? AND list = ?")
    try statement.bind(account, at: 1)
    try statement.bind(definition.name, at: 2)
    defer { statement.reset() }
    return try statement.step() ? Int(statement.int64(at: 0)) : 0
  }

  /// Adds every draft `next` returns until it returns nil, in one transaction: all or nothing.
  /// Returns how many items were added. The drafts are streamed, one in memory at a time.
  /// - Throws: an error of `next`, unchanged; ``ListStoreError/importRejected(position:reason:)``
  ///   for an invalid item; or a database error. Nothing is added then.
  @discardableResult
  public func importItems(from next: () throws -> DynamicDraft?) throws -> Int {
    let now = database.configuration.now().millisecondsSince1970
    return try database.writeRethrowing(kind: definition.name, account: account) { connection in
      let insert = try connection.cachedStatement(text: queries.insertSQL)
      var position = 0
      var added = 0
      while let draft = try next() {
        position += 1
        do {
          if try insertItem(draft, with: insert, connection, now: now).added { added += 1 }
        } catch let error as ListStoreError {
          throw ListStoreError.importRejected(position: position, reason: error)
        }
      }
      return added
    }
  }

  /// Calls `body` with every item, in the kind's order, from one consistent snapshot, one item
  /// in memory at a time; `body` runs under no lock and may use the store.
  public func export(_ body: (DynamicItem) throws -> Void) throws {
    let plan = queries.decodePlan
    try database.readRethrowing(snapshot: true) { connection in
      let statement = try connection.cachedStatement(text: queries.exportSQL)
      try statement.bind(account, at: 1)
      while try statement.step() { try body(DynamicItem(row: statement, plan: plan)) }
    }
  }

  /// An async sequence that yields after each committed change to this list, by this database,
  /// another connection or another process.
  public func changes() throws(ListStoreError) -> AsyncStream<Void> {
    let key = ChangeHub.Key(account: account, list: definition.name)
    let version = try database.read { connection in try ListsDatabase.version(of: key, on: connection) }
    return database.hub.subscribe(key, version: version)
  }

  // MARK: Writing

  private func write<T>(_ body: (Connection) throws -> T) throws(ListStoreError) -> T {
    do {
      return try database.writeRethrowing(kind: definition.name, account: account, body)
    } catch {
      throw ListStoreError.wrap(error, path: database.path)
    }
  }

  /// Inserts `draft` with the prepared insert; returns the item, and whether it was added (not
  /// a kept duplicate).
  private func insertItem(
    _ draft: DynamicDraft, with insert: Statement, _ connection: Connection, now: Int64
  ) throws -> (item: DynamicItem, added: Bool) {
    for name in draft.values.keys where definition.field(named: name) == nil {
      throw ListStoreError.invalidValue(field: name, reason: "is not a field of \(definition.name)")
    }
    // A one-per-account field set on the new item is cleared on the others first: the partial
    // unique index would refuse the insert. Undone when a kept duplicate adds nothing.
    let clears = definition.fields.filter { $0.onePerAccount && draft.values[$0.name] == .bool(true) }
    if !clears.isEmpty {
      try connection.execute("SAVEPOINT one_per_account")
      for field in clears {
        guard let sql = queries.clearOthersSQL[field.name] else { continue }
        let clear = try connection.cachedStatement(text: sql)
        try clear.bind(account, at: 1)
        try clear.run()
      }
    }
    insert.reset()
    try insert.bind(account, at: 1)
    var bindings = KindBindings(insert, definition: definition, now: now)
    for field in definition.fields { try bindings.value(draft.values[field.name] ?? .null) }
    if definition.hasImplicitAddedAt {
      try insert.bind(draft.addedAt?.millisecondsSince1970 ?? now, at: bindings.addedAtParameter)
    }
    do {
      try insert.run()
    } catch {
      if error.isUniqueViolation, let unique = definition.unique {
        let values = unique.fields.map { name -> String in
          switch draft.values[name] ?? .null {
          case .text(let text): text
          case .integer(let number): String(number)
          case .bool(let flag): flag ? "true" : "false"
          case .timestamp(let time): time.iso8601
          case .money(let money): money.decimalString
          case .null: ""
          }
        }
        throw ListStoreError.duplicateItem(
          kind: definition.name, item: definition.item, fields: unique.fields, values: values)
      }
      throw error
    }
    if connection.changes == 0, let stored = try storedDuplicate(of: draft, connection) {
      if !clears.isEmpty { try connection.execute("ROLLBACK TO one_per_account; RELEASE one_per_account") }
      return (stored, false)
    }
    if !clears.isEmpty { try connection.execute("RELEASE one_per_account") }
    let id = connection.lastInsertRowID
    let read = try connection.cachedStatement(text: queries.itemSQL)
    try read.bind(account, at: 1)
    try read.bind(id, at: 2)
    guard try read.step() else { throw ListStoreError.internalError(detail: "an added item was not found") }
    return (DynamicItem(row: read, plan: queries.decodePlan), true)
  }

  /// The stored item whose unique fields equal the draft's (for a kind that keeps duplicates).
  private func storedDuplicate(of draft: DynamicDraft, _ connection: Connection) throws -> DynamicItem? {
    guard let unique = definition.unique, let sql = queries.uniqueLookupSQL else { return nil }
    let lookup = try connection.cachedStatement(text: sql)
    try lookup.bind(account, at: 1)
    for (index, name) in unique.fields.enumerated() {
      let at = Int32(index + 2)
      switch draft.values[name] ?? .null {
      case .text(let text): try lookup.bind(text, at: at)
      case .integer(let number): try lookup.bind(number, at: at)
      case .bool(let flag): try lookup.bind(flag, at: at)
      case .timestamp(let time): try lookup.bind(time.millisecondsSince1970, at: at)
      case .null, .money: try lookup.bindNull(at: at)
      }
    }
    return try lookup.step() ? DynamicItem(row: lookup, plan: queries.decodePlan) : nil
  }
}
