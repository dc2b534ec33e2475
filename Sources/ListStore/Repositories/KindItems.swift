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
    try items(of: kind, account: account, in: nil)
  }

  /// ``items(of:account:)`` writing in `transaction` (nil: each write in a transaction of its own).
  func items(of kind: String, account: String, in transaction: TransactionID?) throws(ListStoreError) -> KindItems {
    guard let registered = try self.kind(named: kind) else { throw .unknownKind(kind) }
    return KindItems(database: self, account: account, definition: registered.definition, transaction: transaction)
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
  /// What selects some of the items: a search and filters, which a loader takes with
  /// `setQuery(_:)`.
  public typealias Query = KindQuery
  /// What adding takes.
  public typealias Draft = DynamicDraft

  /// The list these items are of.
  public var list: KindName { KindName(definition) }
  /// The database the kind lives in.
  public let database: ListsDatabase
  /// The account whose items these are.
  public let account: String
  /// The kind's definition.
  public var definition: KindDefinition { statements.definition }
  /// The kind's statements, which hold its definition: a face made per call (a typed
  /// repository's ``KindRepository/byName``) copies one reference, not the definition.
  let statements: KindStatements

  /// The ``ListsDatabase/write(_:)-k0zw`` transaction these items' writes join (they were given
  /// by its ``ListsTransaction``); nil: each write is a transaction of its own.
  let transaction: TransactionID?

  init(database: ListsDatabase, account: String, definition: KindDefinition, transaction: TransactionID? = nil) {
    self.init(database: database, account: account, statements: KindStatements(definition), transaction: transaction)
  }

  /// The items of `account` of the kind whose statements `statements` are, made already.
  init(database: ListsDatabase, account: String, statements: KindStatements, transaction: TransactionID? = nil) {
    self.database = database
    self.account = account
    self.statements = statements
    self.transaction = transaction
  }

  /// The same items writing in `transaction` (nil: each write in a transaction of its own).
  func joining(_ transaction: TransactionID?) -> KindItems {
    KindItems(database: database, account: account, statements: statements, transaction: transaction)
  }

  /// The same items, each write in a transaction of its own, whichever transaction gave them:
  /// what a sync writes through, a page or an answer per transaction.
  package var ownTransactions: KindItems { joining(nil) }

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
    try addIfMissing(decode: decode) { bindings in
      try bindings.values(statements.orderedValues(of: draft))
      bindings.addedAt(draft.addedAt)
    }
  }

  /// The item with `id`, or nil when the account's list has none.
  public func item(id: Int64) throws(ListStoreError) -> DynamicItem? {
    try item(id: id, decode: decode)
  }

  /// The page of up to `limit` items after `cursor` (from the start when nil), in the kind's
  /// order; the cost of a page does not depend on how deep it is.
  /// - Throws: ``ListStoreError/invalidCursor(kind:)``; ``ListStoreError/invalidLimit(_:allowed:)``.
  public func page(after cursor: ListCursor?, limit: Int) throws(ListStoreError) -> ListPage<DynamicItem> {
    try statements.page(after: cursor, limit: limit, account: account, in: database, read: decode)
  }

  /// Checks that `cursor` was made by a page of this kind for this account.
  /// - Throws: ``ListStoreError/invalidCursor(kind:)``.
  public func validate(_ cursor: ListCursor) throws(ListStoreError) {
    _ = try statements.values(of: cursor, account: account)
  }

  /// Removes the items with `ids`, all or none.
  /// - Throws: ``ListStoreError/itemsNotFound(kind:ids:removing:)`` (`removing` true) listing
  ///   the ids the list does not have; nothing is removed then.
  public func remove(ids: [Int64]) throws(ListStoreError) {
    try write { connection in
      let missing = try statements.remove(ids, account: account, connection)
      if !missing.isEmpty { throw ListStoreError.itemsNotFound(kind: list, ids: missing, removing: true) }
    }
  }

  /// The sort key `cursor` holds, if a page of this kind and account answering the query of
  /// `identity` (``KindQuery/identity``, empty for the whole list) made it.
  func values(of cursor: ListCursor, query identity: String = "") throws(ListStoreError) -> [CursorValue] {
    try statements.values(of: cursor, account: account, query: identity)
  }

  /// Removes every item of the account's list; returns how many.
  @discardableResult
  public func clear() throws(ListStoreError) -> Int {
    try write { connection in try statements.clear(account: account, connection) }
  }

  /// The kept count of the list, read on `connection`: O(1).
  func keptCount(_ connection: Connection) throws -> Int {
    let statement = try connection.cachedStatement(
      "SELECT item_count FROM list_counts WHERE account = ? AND list = ?")
    try statement.bind(account, at: 1)
    try statement.bind(statements.definition.name, at: 2)
    defer { statement.reset() }
    return try statement.step() ? Int(statement.int64(at: 0)) : 0
  }

  /// Adds every draft `next` returns until it returns nil, in one transaction: all or nothing.
  /// Returns how many items were added. The drafts are streamed, one in memory at a time.
  /// - Throws: an error of `next`, unchanged; ``ListStoreError/importRejected(position:reason:)``
  ///   for an invalid item; or a database error. Nothing is added then.
  @discardableResult
  public func importItems(from next: () throws -> DynamicDraft?) throws -> Int {
    try importItems(from: next) { draft, bindings in
      try bindings.values(statements.orderedValues(of: draft))
      bindings.addedAt(draft.addedAt)
    }
  }

  /// Calls `body` with every item, in the kind's order, from one consistent snapshot, one item
  /// in memory at a time; `body` runs under no lock and may use the store.
  public func export(_ body: (DynamicItem) throws -> Void) throws {
    try export(decode: decode, body)
  }

  // MARK: The one implementation of both faces
  //
  // The by-name items and an app's typed records (`KindRepository`) differ only in how a row is
  // read (`decode`) and a draft given (`bind`): the adds, reads by id, imports and exports of
  // either run here, and every write goes through `KindStatements.write`, with its account
  // check and its naming of a damaged search index.

  /// Adds one item whose values `bind` gives, unless the kind keeps duplicates and an equal one
  /// is stored; the item read back by `decode`, and whether it was added.
  func addIfMissing<Item>(
    decode: (Statement) -> Item, _ bind: (inout KindBindings) throws -> Void
  ) throws(ListStoreError) -> (item: Item, added: Bool) {
    let now = database.configuration.now().millisecondsSince1970
    let account = account
    return try write { connection in
      let (id, added) = try statements.insert(account: account, now: now, connection, bind: bind)
      guard let item = try statements.item(id: id, account: account, connection, decode: decode) else {
        throw ListStoreError.internalError(detail: "an added \(definition.item) was not found")
      }
      return (item, added)
    }
  }

  /// The item with `id` read by `decode`, or nil when the account's list has none.
  func item<Item>(id: Int64, decode: (Statement) -> Item) throws(ListStoreError) -> Item? {
    let account = account
    return try database.read { connection in try statements.item(id: id, account: account, connection, decode: decode) }
  }

  /// Adds every draft `next` returns, each given by `bind`, in one transaction: all or nothing.
  func importItems<Draft>(
    from next: () throws -> Draft?, _ bind: (Draft, inout KindBindings) throws -> Void
  ) throws -> Int {
    let account = try Validation.account(account)
    let statements = statements
    return try database.importDrafts(
      kind: statements.definition.name, account: account, in: transaction, addsOnly: statements, next
    ) {
      draft, connection, now in
      try statements.insert(account: account, now: now, connection) { bindings in try bind(draft, &bindings) }.added
    }
  }

  /// Calls `body` with every item read by `decode`, in the kind's order, from one snapshot.
  func export<Item>(decode: (Statement) -> Item, _ body: (Item) throws -> Void) throws {
    try statements.export(account: account, from: database, decode: decode, body)
  }

  // MARK: Writing

  /// Runs `body` as a write of the account's list, in the items' transaction if they have one:
  /// see ``KindStatements/write(account:in:transaction:isAtomic:_:)``.
  func write<T>(isAtomic: Bool = false, _ body: (Connection) throws -> T) throws(ListStoreError) -> T {
    try statements.write(account: account, in: database, transaction: transaction, isAtomic: isAtomic, body)
  }

  /// See ``KindStatements/searchDamage(_:in:)``.
  func searchDamage(_ error: any Error) -> ListStoreError? {
    statements.searchDamage(error, in: database)
  }

  /// Reads the row a statement of ``KindStatements`` stands on.
  func decode(_ statement: Statement) -> DynamicItem {
    DynamicItem(row: statement, plan: statements.decodePlan)
  }

  /// Inserts `draft`, its values by name; returns its id, and whether it was added (not a kept
  /// duplicate).
  func insertItem(
    _ draft: DynamicDraft, _ connection: Connection, now: Int64
  ) throws -> (id: Int64, added: Bool) {
    try insertItem(values: statements.orderedValues(of: draft), addedAt: draft.addedAt, connection, now: now)
  }

  /// Inserts an item of `values`, in the definition's order (``KindStatements/orderedValues(of:)``).
  func insertItem(
    values: [FieldValue], addedAt: Timestamp?, _ connection: Connection, now: Int64
  ) throws -> (id: Int64, added: Bool) {
    try statements.insert(account: account, now: now, connection) { bindings in
      try bindings.values(values)
      bindings.addedAt(addedAt)
    }
  }
}
