import SQLiteCore

/// What every repository of a kind runs, by name (``KindItems``) or typed (``KindRepository``):
/// one insert with the unique rule's reject or keep and the one-per-account clearing, reading
/// one item, removing, clearing, counting and reading cursors. Each piece runs inside the
/// caller's transaction, on the caller's connection.
extension KindStatements {
  /// Inserts one item of `account`: `bind` gives the field values (fields it leaves out get
  /// their defaults). A one-per-account field set on the new item is cleared on the others
  /// first (the partial unique index would refuse the insert), and put back when a kept
  /// duplicate adds nothing (so is the id sequence, which the ignored insert advanced).
  /// - Returns: The item's id, and whether it was added (false: the stored duplicate's id).
  /// - Throws: ``ListStoreError/duplicateItem(kind:item:fields:values:)`` for a duplicate the rule
  ///   rejects; what `bind` throws; a SQLite error.
  func insert(
    account: String, now: Int64, _ connection: Connection, bind: (inout KindBindings) throws -> Void
  ) throws -> (id: Int64, added: Bool) {
    let insert = try connection.cachedStatement(key: insertKey, text: insertSQL)
    try insert.bind(account, at: 1)
    var bindings = KindBindings(insert, statements: self, now: now)
    try bind(&bindings)
    try bindings.giveDefaults()
    if definition.hasImplicitAddedAt {
      try insert.bind(bindings.addedAt ?? now, at: bindings.addedAtParameter)
    }
    let clears = bindings.setOnePerAccount
    // Undone when a kept duplicate adds nothing: the clearing of a one-per-account field, and
    // the table's id sequence, which SQLite advances for the insert it then ignores (a kept
    // duplicate changes nothing in the file).
    let guarded = !clears.isEmpty || definition.unique?.onDuplicate == .keep
    if guarded { try connection.execute("SAVEPOINT kind_insert") }
    if !clears.isEmpty {
      for name in clears {
        guard let sql = clearOthersSQL[name] else { continue }
        let clear = try connection.cachedStatement(text: sql)
        try clear.bind(account, at: 1)
        try clear.bindNull(at: 2)  // every other item: the new one has no id yet
        try clear.run()
      }
    }
    do {
      try insert.run()
    } catch {
      throw try duplicate(error, now: now, bind)
    }
    if connection.changes == 0,
      let stored = try storedDuplicateID(
        account: account, values: KindBindings.recordingUniqueValues(of: self, now: now, bind), connection)
    {
      if guarded {
        try connection.execute("ROLLBACK TO kind_insert")
        try connection.execute("RELEASE kind_insert")
      }
      return (stored, false)
    }
    if guarded { try connection.execute("RELEASE kind_insert") }
    return (connection.lastInsertRowID, true)
  }

  /// What a failed insert or update of the kind throws: a violated unique rule is
  /// ``ListStoreError/duplicateItem(kind:item:fields:values:)`` naming the values `bindings`
  /// bound; any other error is itself.
  func duplicate(
    _ error: any Error, now: Int64, _ bind: (inout KindBindings) throws -> Void
  ) throws -> any Error {
    guard let error = error as? SQLiteError, error.isUniqueViolation, let unique = definition.unique else {
      return error
    }
    let recorded = try KindBindings.recordingUniqueValues(of: self, now: now, bind)
    let values = unique.fields.map { name in (recorded[name] ?? .null).quoted }
    return ListStoreError.duplicateItem(
      kind: definition.name, item: definition.item, fields: unique.fields, values: values)
  }

  /// The id of the stored item whose unique fields equal `values` (for a kind that keeps
  /// duplicates).
  func storedDuplicateID(
    account: String, values: [String: FieldValue], _ connection: Connection
  ) throws(SQLiteError) -> Int64? {
    guard let unique = definition.unique, let sql = uniqueLookupSQL else { return nil }
    let lookup = try connection.cachedStatement(text: sql)
    try lookup.bind(account, at: 1)
    for (index, name) in unique.fields.enumerated() {
      let at = Int32(index + 2)
      let value = values[name] ?? .null
      if !value.isNull, let field = definition.field(named: name) {
        try field.type.rules.bindLookup(value, lookup, at: at)
      } else {
        try lookup.bindNull(at: at)
      }
    }
    defer { lookup.reset() }
    return try lookup.step() ? lookup.int64(at: 0) : nil
  }

  /// Sets the one-per-account bool field `name` on the item of `account` with `id`, clearing it
  /// on the account's other items; returns whether the account has the item (the caller throws
  /// when not, rolling the clearing back).
  func setOnePerAccount(
    _ name: String, id: Int64, account: String, _ connection: Connection
  ) throws -> Bool {
    guard let clearSQL = clearOthersSQL[name], let setSQL = setOnePerAccountSQL[name] else {
      throw ListStoreError.internalError(detail: "\(name) is not a one-per-account field of \(definition.name)")
    }
    for sql in [clearSQL, setSQL] {
      let statement = try connection.cachedStatement(text: sql)
      try statement.bind(account, at: 1)
      try statement.bind(id, at: 2)
      try statement.run()
    }
    // An UPDATE counts the rows it matched, changed or not.
    return connection.changes > 0
  }

  /// The item of `account` with `id`, read with `decode` from a row of ``selectColumns``.
  func item<Item>(
    id: Int64, account: String, _ connection: Connection, decode: (Statement) throws -> Item
  ) throws -> Item? {
    let statement = try connection.cachedStatement(text: itemSQL)
    try statement.bind(account, at: 1)
    try statement.bind(id, at: 2)
    defer { statement.reset() }
    return try statement.step() ? decode(statement) : nil
  }

  /// Removes the items of `account` with `ids`; returns the ids no row had (the caller throws,
  /// rolling the others back).
  func remove(_ ids: [Int64], account: String, _ connection: Connection) throws(SQLiteError)
    -> [Int64]
  {
    try RowRemoval.remove(
      ids, account: account, with: connection.cachedStatement(text: deleteSQL), connection)
  }

  /// Removes every item of `account`; returns how many.
  func clear(account: String, _ connection: Connection) throws(SQLiteError) -> Int {
    let statement = try connection.cachedStatement(text: clearSQL)
    try statement.bind(account, at: 1)
    try statement.run()
    return connection.changes
  }

  /// The page of up to `limit` items of `account` in `database` after `cursor` (from the start
  /// when nil), each read with `read`; its cursor is bound to the kind and the account.
  /// - Throws: ``ListStoreError/invalidLimit(_:allowed:)``; `invalidCursor` (the built-in
  ///   lists' case, or ``ListStoreError/invalidCursor(kind:)``).
  @inlinable
  func page<Item>(
    after cursor: ListCursor?, limit: Int, account: String, in database: ListsDatabase,
    read: (Statement) throws -> Item
  ) throws(ListStoreError) -> ListPage<Item> {
    try Validation.limit(limit)
    let after = try cursor.map { cursor throws(ListStoreError) in
      try values(of: cursor, account: account)
    }
    var page = Page<Item>(items: [], next: nil)
    try database.readWithoutResult { connection in
      page = try self.page(
        account: account, after: after, limit: limit,
        prepare: { try connection.cachedStatement(text: $0) },
        read: read)
    }
    let kind = definition.name
    return ListPage(
      items: page.items,
      nextCursor: page.next.map { ListCursor(values: $0, kind: kind, account: account) })
  }

  /// The sort key of `cursor`, made by a page of this kind for `account`.
  /// - Throws: `invalidCursor` (the built-in lists' case, or
  ///   ``ListStoreError/invalidCursor(kind:)``).
  @usableFromInline
  func values(of cursor: ListCursor, account: String, query identity: String = "") throws(ListStoreError)
    -> [CursorValue]
  {
    guard let values = cursorValues(of: cursor, account: account, query: identity) else {
      throw .invalidCursor(kind: KindName(definition))
    }
    return values
  }

  /// The sort key `cursor` holds when a page of this kind made it for `account`, answering
  /// the query of `identity` (empty for the whole list), else nil.
  @usableFromInline
  func cursorValues(of cursor: ListCursor, account: String, query identity: String = "") -> [CursorValue]? {
    if case .kind(let place) = cursor.storage, place.kind == definition.name, place.account == account,
      place.query == identity
    {
      return place.values
    }
    // A token given by a user, or a cursor made by another list, account or query: its token
    // says which.
    return KindCursorCodec.values(
      of: cursor.token, kinds: cursorKinds, kind: definition.name, account: account, query: identity)
  }

  /// Calls `body` with every item of `account`, in the kind's order, from one consistent
  /// snapshot of `database`, each read with `decode`.
  func export<Item>(
    account: String, from database: ListsDatabase, decode: (Statement) -> Item,
    _ body: (Item) throws -> Void
  ) throws {
    try database.readRethrowing(snapshot: true) { connection in
      // Prepared per export, not cached: an export made from inside another one's consumer on
      // an in-memory database's one connection must not step the same statement.
      let statement = try connection.prepare(exportSQL)
      try statement.bind(account, at: 1)
      while try statement.step() { try body(decode(statement)) }
    }
  }
}

extension ListsDatabase {
  /// The kept count of `key`'s list: O(1) however long it is.
  /// - Throws: ``ListStoreError/bookkeepingDamaged(path:detail:)`` for a negative count.
  func keptCount(of key: ChangeHub.Key) throws(ListStoreError) -> Int {
    try read { connection in
      let statement = try connection.cachedStatement(
        "SELECT item_count FROM list_counts WHERE account = ? AND list = ?")
      try statement.bind(key.account, at: 1)
      try statement.bind(key.list, at: 2)
      let count = try statement.step() ? statement.int64(at: 0) : 0
      // No sequence of writes makes a count negative; the file was edited.
      guard count >= 0 else {
        throw ListStoreError.bookkeepingDamaged(
          path: path,
          detail: "the kept count of \(key.list) for account '\(key.account)' is \(count)")
      }
      return Int(count)
    }
  }

  /// A stream that yields after each committed change to `key`'s list.
  func changeStream(of key: ChangeHub.Key) throws(ListStoreError) -> AsyncStream<Void> {
    hub.subscribe(key, version: try changeVersion(of: key))
  }

  /// Adds every draft `next` returns to the kind named `kind` of `account` in one write
  /// transaction; `insert` adds one and says whether it added a row. A rejected draft is
  /// reported with its 1-based position.
  ///
  /// `addsOnly`: the kind's statements when `insert` only ever inserts (an import that may update
  /// items passes nil); the outbox then records the adds of a synced kind in bulk
  /// (``KindStatements/BulkAdds``), and past the first ``KindStatements/bulkIndexAfter`` adds the
  /// search index takes the rest in bulk (``KindStatements/BulkIndex``).
  func importDrafts<Draft>(
    kind: String, account: String, in transaction: TransactionID?, addsOnly statements: KindStatements?,
    _ next: () throws -> Draft?, insert: (Draft, Connection, Int64) throws -> Bool
  ) throws -> Int {
    let now = configuration.now().millisecondsSince1970
    return try writeRethrowing(kind: kind, account: account, in: transaction, isBulk: true) { connection in
      let bulk = try statements?.startBulkAdds(account: account, connection)
      var index: KindStatements.BulkIndex?
      var position = 0
      var added = 0
      while let draft = try next() {
        if position == KindStatements.bulkIndexAfter, let statements { index = try statements.startBulkIndex(connection) }
        position += 1
        do {
          if try insert(draft, connection, now) { added += 1 }
        } catch let error as ListStoreError {
          throw ListStoreError.importRejected(position: position, reason: error)
        }
      }
      try index?.finish(connection)
      try bulk?.finish(connection)
      return added
    }
  }
}

extension KindStatements {
  /// Runs `body` as a write of `account`'s list of the kind in `database` (joining the open
  /// ``ListsDatabase/write(_:)-k0zw`` transaction `transaction` when not nil), the account checked
  /// first; a failure of a damaged search index is that damage, named. The one write path of
  /// both faces of a kind, ``KindItems`` and ``KindRepository``.
  func write<T>(
    account: String, in database: ListsDatabase, transaction: TransactionID?, isAtomic: Bool = false,
    _ body: (Connection) throws -> T
  ) throws(ListStoreError) -> T {
    let account = try Validation.account(account)
    do {
      return try database.writeRethrowing(
        kind: definition.name, account: account, in: transaction, isAtomic: isAtomic, body)
    } catch {
      throw searchDamage(error, in: database) ?? ListStoreError.wrap(error, path: database.path)
    }
  }

  /// What a failed statement of a kind with a search index is when the index has lost one of
  /// its tables (another program dropped or replaced it): damage doctor repairs (74), not an
  /// internal error. SQLite reports it only as a generic error of the statement whose triggers
  /// or query reach the index, so the file is asked which of the index's tables are gone.
  func searchDamage(_ error: any Error, in database: ListsDatabase) -> ListStoreError? {
    guard !definition.search.isEmpty else { return nil }
    switch error {
    case let sqlite as SQLiteError where sqlite.code == 1: break
    case ListStoreError.internalError: break
    default: return nil
    }
    let definition = definition
    guard let lost = try? database.read({ connection in try SearchIndexHealth.lostObjects(of: definition, connection) }),
      !lost.isEmpty
    else { return nil }
    return .bookkeepingDamaged(
      path: database.path,
      detail: "the search index of \(definition.name) is not whole: \(lost.joined(separator: ", "))")
  }
}
