import ListPaging
import SQLiteCore

extension ListsDatabase {
  /// The items of `Record`'s kind of `account`, as `Record`s: the repository every list has
  /// (add, item, keyset pages, O(1) counts, remove, clear, import, export, changes, the loader),
  /// for an app's own type.
  ///
  /// The kind is registered on first use: when the file holds no kind of that name, its
  /// definition (``KindRecord/definition``) is registered — table, indexes and count triggers
  /// in one transaction. When the file holds it with another definition, a compatible change
  /// either way is accepted: a record whose definition adds optional fields updates the stored
  /// one (``updateKind(_:)``), and a stored definition with optional fields the record does not
  /// know (added by a newer build, or at the command line) is read and written without them.
  ///
  /// For example:
  ///
  /// ```swift
  /// let books = try database.records(of: Book.self)
  /// try books.add(Book.Draft(title: "Dune", pages: 412))
  /// let first = try books.page(after: nil, limit: 20)
  /// ```
  /// - Throws: ``ListStoreError/invalidDefinition(_:)`` when the record's definition is invalid,
  ///   or neither it nor the stored one is a compatible change of the other; a database error.
  public func records<Record: KindRecord>(
    of record: Record.Type, account: String = "default"
  ) throws(ListStoreError) -> KindRepository<Record> {
    try records(of: record, account: account, in: nil)
  }

  /// ``records(of:account:)`` registering or updating the kind, and writing, in `transaction`
  /// (nil: each write in a transaction of its own).
  func records<Record: KindRecord>(
    of record: Record.Type, account: String, in transaction: TransactionID?
  ) throws(ListStoreError) -> KindRepository<Record> {
    let definition = Record.definition
    let repository = KindRepository<Record>(database: self, account: account).joining(transaction)
    guard let stored = try kind(named: definition.name) else {
      try registerKind(definition, in: transaction)
      return repository
    }
    if stored.definition != definition {
      if (try? stored.definition.plan(changingTo: definition)) != nil {
        try updateKind(definition, in: transaction)
      } else {
        do {
          _ = try definition.plan(changingTo: stored.definition)
        } catch {
          throw .invalidDefinition(
            "The record type's definition of '\(definition.name)' differs from the one in the file: \(error.message)"
          )
        }
      }
    }
    return repository
  }
}

/// The items of one kind of one account as an app's own record type: the repository the
/// built-in lists have, made from the record's kind definition.
///
/// It is the typed face of the by-name ``KindItems`` of the same kind (``byName``), which holds
/// the one implementation of both: the keyset pages, the insert (with the unique rule's reject
/// or keep, and the one-per-account fields), updates, removal, clearing, imports and the kept
/// count. Only how a row is read (``KindRecord/init(row:)``) and a draft given
/// (``KindRecord/bind(_:to:)``) is the record's: no `Codable`, no dictionary.
///
/// As a ``ListRepository`` it has ``ListRepository/loader(pageSize:startingAfter:around:maxItems:)``.
public struct KindRepository<Record: KindRecord>: ListRepository {
  /// The record type.
  public typealias Item = Record
  /// What selects some of the items: a search and filters, which a loader takes with
  /// `setQuery(_:)`.
  public typealias Query = KindQuery
  /// What adding takes.
  public typealias Draft = Record.Draft

  /// The list of the record's kind.
  public var list: KindName { KindName(Record.definition) }
  /// The database the kind lives in.
  public let database: ListsDatabase
  /// The account whose items these are.
  public let account: String
  @usableFromInline let statements: KindStatements
  /// The ``ListsDatabase/write(_:)-k0zw`` transaction this repository's writes join (it was given
  /// by its ``ListsTransaction``); nil: each write is a transaction of its own.
  let transaction: TransactionID?

  /// The same kind and account with each item's fields by name (``KindItems``), through the
  /// same statements, in the same transaction: what one face writes the other reads. Sync
  /// (`KindSync(records:client:)`) and the command line work on it, so an app's typed records
  /// sync as they are.
  public var byName: KindItems {
    KindItems(database: database, account: account, statements: statements, transaction: transaction)
  }

  init(database: ListsDatabase, account: String) {
    self.init(database: database, account: account, statements: KindStatements(Record.definition))
  }

  /// The repository of `account` with the kind's statements made already (a built-in list's,
  /// made once).
  init(database: ListsDatabase, account: String, statements: KindStatements, transaction: TransactionID? = nil) {
    self.database = database
    self.account = account
    self.statements = statements
    self.transaction = transaction
  }

  /// The same repository writing in `transaction` (nil: each write in a transaction of its own).
  func joining(_ transaction: TransactionID?) -> KindRepository {
    KindRepository(database: database, account: account, statements: statements, transaction: transaction)
  }

  /// Validates and adds one item; for a kind whose unique rule keeps duplicates, adding one
  /// again changes nothing and returns the stored item.
  /// - Throws: ``ListStoreError/invalidValue(field:reason:)``,
  ///   ``ListStoreError/duplicateItem(kind:item:fields:values:)``, or a database error.
  @discardableResult
  public func add(_ draft: Record.Draft) throws(ListStoreError) -> Record {
    try addIfMissing(draft).item
  }

  /// Adds one item unless the kind keeps duplicates and an equal one is stored (favoriting the
  /// same ref again); says which: the item, and whether it was added.
  /// - Throws: ``ListStoreError/invalidValue(field:reason:)``,
  ///   ``ListStoreError/duplicateItem(kind:item:fields:values:)``, or a database error.
  public func addIfMissing(_ draft: Record.Draft) throws(ListStoreError) -> (item: Record, added: Bool) {
    try byName.addIfMissing(decode: Self.decode) { bindings in try Record.bind(draft, to: &bindings) }
  }

  /// The item with `id`, or nil when the account's list has none.
  public func item(id: Int64) throws(ListStoreError) -> Record? {
    try byName.item(id: id, decode: Self.decode)
  }

  /// The page of up to `limit` items after `cursor` (from the start when nil), in the kind's
  /// order; the cost of a page does not depend on how deep it is.
  /// - Throws: ``ListStoreError/invalidCursor(kind:)`` for a cursor another list or account
  ///   made; ``ListStoreError/invalidLimit(_:allowed:)``.
  @inlinable
  public func page(after cursor: ListCursor?, limit: Int) throws(ListStoreError) -> ListPage<Record>
  {
    try statements.page(after: cursor, limit: limit, account: account, in: database, read: Self.decode)
  }

  /// Checks that `cursor` was made by a page of this kind for this account.
  /// - Throws: ``ListStoreError/invalidCursor(kind:)``.
  public func validate(_ cursor: ListCursor) throws(ListStoreError) {
    try byName.validate(cursor)
  }

  /// Removes the items with `ids`, all or none.
  /// - Throws: ``ListStoreError/itemsNotFound(kind:ids:removing:)`` (`removing` true) listing
  ///   the ids the list does not have; nothing is removed then.
  public func remove(ids: [Int64]) throws(ListStoreError) {
    try byName.remove(ids: ids)
  }

  /// Removes every item of the account's list; returns how many.
  @discardableResult
  public func clear() throws(ListStoreError) -> Int {
    try byName.clear()
  }

  /// Adds every draft `next` returns until it returns nil, in one transaction: all or nothing.
  /// Returns how many items were added (a kept duplicate adds nothing). The drafts are
  /// streamed, one in memory at a time; `next` may read the store, and a write from inside it
  /// throws ``ListStoreError/nestedWrite``.
  /// - Throws: an error of `next`, unchanged; ``ListStoreError/importRejected(position:reason:)``
  ///   for an invalid item; or a database error. Nothing is added then.
  @discardableResult
  public func importItems(from next: () throws -> Record.Draft?) throws -> Int {
    try byName.importItems(from: next) { draft, bindings in try Record.bind(draft, to: &bindings) }
  }

  /// The page of up to `limit` items matching `query` after `cursor`, in the kind's order,
  /// read as records: the same statements, cursors and "no results" as
  /// ``KindItems/page(matching:after:limit:)`` on the kind. A cursor of one is a cursor of the
  /// other. An empty query is the whole list.
  ///
  /// For example:
  ///
  /// ```swift
  /// let done = KindQuery(search: "dune", filters: [KindFilter(field: "status", op: .equal, value: .text("done"))])
  /// let page = try database.records(of: Book.self).page(matching: done, after: nil, limit: 20)
  /// ```
  /// - Throws: as ``KindItems/page(matching:after:limit:)``.
  public func page(matching query: KindQuery, after cursor: ListCursor?, limit: Int) throws(ListStoreError)
    -> ListPage<Record>
  {
    if query.filters.isEmpty, try query.searchQuery() == nil { return try page(after: cursor, limit: limit) }
    return try byName.page(matching: query, after: cursor, limit: limit, read: Self.decode)
  }

  /// The page of up to `limit` records that `query` selects (nil: the whole list) that
  /// `request` names: the same pages and cursors as ``KindItems/page(_:matching:limit:)``.
  /// - Throws: as ``KindItems/page(_:matching:limit:)``.
  @inlinable
  public func page(_ request: PageRequest<ListCursor>, matching query: KindQuery?, limit: Int)
    throws(ListStoreError) -> ListPage<Record>
  {
    // The whole list's pages are read here, inlined into the caller: each row goes into the
    // record type directly, as the pages after a cursor do.
    guard query == nil else { return try page(request, matchingSome: query, limit: limit) }
    switch request {
    case .after(let cursor): return try page(after: cursor, limit: limit)
    case .before(let cursor):
      return try statements.page(
        around: false, cursor: cursor, limit: limit, account: account, query: nil, in: database, read: Self.decode)
    case .around(let cursor):
      return try statements.page(
        around: true, cursor: cursor, limit: limit, account: account, query: nil, in: database, read: Self.decode)
    }
  }

  /// ``page(_:matching:limit:)`` of a query: through the generic pages, which turn it into SQL.
  @usableFromInline
  func page(_ request: PageRequest<ListCursor>, matchingSome query: KindQuery?, limit: Int)
    throws(ListStoreError) -> ListPage<Record>
  {
    try byName.page(request, matching: query, limit: limit, read: Self.decode)
  }

  /// The cursor of the record with `id`, for a page or a loader around it; nil when the list
  /// has no such record.
  public func cursor(at id: Int64) throws(ListStoreError) -> ListCursor? {
    try byName.cursor(at: id)
  }

  /// Calls `body` with every item, in the kind's order, from one consistent snapshot, one item
  /// in memory at a time; `body` runs under no lock and may use the store.
  public func export(_ body: (Record) throws -> Void) throws {
    try byName.export(decode: Self.decode, body)
  }

  /// Reads the record from the row a statement of ``KindStatements`` stands on.
  @inlinable @inline(__always)
  static func decode(_ statement: Statement) -> Record {
    Record(row: KindRow(statement))
  }
}
