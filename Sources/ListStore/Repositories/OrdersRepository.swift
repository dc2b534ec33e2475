import SQLiteCore

/// The orders of one account, newest first (`placed_at` descending, then `id` descending).
///
/// For example:
///
/// ```swift
/// let orders = database.orders(account: "default")
/// try orders.add(OrderDraft(number: "A-1001", total: Money(parsing: "25.90", currency: .eur)))
/// let first = try orders.page(after: nil, limit: 20)
/// ```
public struct OrdersRepository: ListRepository {
  /// ``ListKind/orders``.
  public var list: ListKind { .orders }
  /// The database the list lives in.
  public let database: ListsDatabase
  /// The account whose orders this repository sees.
  public let account: String

  init(database: ListsDatabase, account: String) {
    self.database = database
    self.account = account
  }

  /// Adds an order.
  /// - Throws: ``ListStoreError/duplicateOrderNumber(_:)`` when the account already has the
  ///   number; ``ListStoreError/invalidValue(field:reason:)`` for an empty number.
  @discardableResult
  public func add(_ draft: OrderDraft) throws(ListStoreError) -> Order {
    let now = database.configuration.now().millisecondsSince1970
    let account = try Validation.account(account)
    return try database.write(.orders, account: account) { connection in
      let placedAt = draft.placedAt?.millisecondsSince1970 ?? now
      let id = try Self.insert(
        draft, account: account, placedAt: placedAt, Self.insertStatement(connection), connection)
      return Order(
        id: id, number: draft.number, status: draft.status, total: draft.total,
        placedAt: Timestamp(millisecondsSince1970: placedAt))
    }
  }

  /// The INSERT of one order, compiled once per connection.
  private static func insertStatement(_ connection: Connection) throws(SQLiteError) -> Statement {
    try connection.cachedStatement(
      """
      INSERT INTO orders (account, number, status, total_minor, currency, placed_at)
      VALUES (?, ?, ?, ?, ?, ?)
      """)
  }

  /// Inserts one validated order with `statement` (``insertStatement(_:)``) and returns its id.
  private static func insert(
    _ draft: OrderDraft, account: String, placedAt: Int64, _ statement: Statement,
    _ connection: Connection
  ) throws -> Int64 {
    let number = try Validation.required(draft.number, field: "order number")
    statement.reset()
    try statement.bind(static: draft.status.staticName, at: 3)
    try statement.bind(draft.total.minorUnits, at: 4)
    try statement.bind(placedAt, at: 6)
    // The texts are read in place while the row is inserted: no copy per string per row.
    try statement.withBound(account, at: 1) {
      try statement.withBound(number, at: 2) {
        try statement.withBound(draft.total.currency.code, at: 5) {
          do {
            try statement.run()
          } catch let error as SQLiteError where error.isUniqueViolation {
            throw ListStoreError.duplicateOrderNumber(number)
          }
        }
      }
    }
    return connection.lastInsertRowID
  }

  /// The order with `id`, or nil.
  public func item(id: Int64) throws(ListStoreError) -> Order? {
    let account = account
    return try database.read { connection in
      let statement = try connection.cachedStatement(
        """
        SELECT id, number, status, total_minor, currency, placed_at FROM orders
        WHERE account = ? AND id = ?
        """)
      try statement.bind(account, at: 1)
      try statement.bind(id, at: 2)
      return try statement.step() ? Self.decode(statement) : nil
    }
  }

  /// The page of up to `limit` orders after `cursor`, newest first.
  ///
  /// Pages are keyset pages: the cost of a page does not depend on how deep it is.
  /// - Throws: ``ListStoreError/invalidCursor(list:)`` when `cursor` was not made by this list
  ///   and account.
  public func page(after cursor: ListCursor?, limit: Int) throws(ListStoreError) -> ListPage<Order> {
    try Validation.limit(limit)
    let account = account
    let key: CursorKey? = try cursor.map { cursor throws(ListStoreError) in
      try CursorCodec.decode(cursor, list: .orders, account: account)
    }
    return try database.read { connection in
      let statement: Statement
      if case .time(let placedAt, let id) = key {
        statement = try connection.cachedStatement(
          """
          SELECT id, number, status, total_minor, currency, placed_at FROM orders
          WHERE account = ?1 AND (placed_at, id) < (?3, ?4)
          ORDER BY placed_at DESC, id DESC LIMIT ?2
          """)
        try statement.bind(placedAt, at: 3)
        try statement.bind(id, at: 4)
      } else {
        statement = try connection.cachedStatement(
          """
          SELECT id, number, status, total_minor, currency, placed_at FROM orders
          WHERE account = ?1 ORDER BY placed_at DESC, id DESC LIMIT ?2
          """)
      }
      try statement.bind(limit + 1, at: 2)
      return try statement.withBound(account, at: 1) {
        try collectPage(statement, limit: limit, decode: Self.decode) {
          .time($0.placedAt.millisecondsSince1970, id: $0.id)
        }
      }
    }
  }

  /// Adds every order `next` returns, in one transaction: all or nothing.
  /// - Throws: what `next` throws, unchanged; ``ListStoreError/importRejected(position:reason:)``
  ///   for a duplicate or invalid order; a database error.
  @discardableResult
  public func importItems(from next: () throws -> OrderDraft?) throws -> Int {
    let account = try Validation.account(account)
    var statement: Statement?
    return try runImport(next) { draft, connection, now in
      // Looked up once per import, not once per row.
      let insert = try statement ?? Self.insertStatement(connection)
      statement = insert
      _ = try Self.insert(
        draft, account: account, placedAt: draft.placedAt?.millisecondsSince1970 ?? now, insert,
        connection)
      return true
    }
  }

  /// Calls `body` with every order, newest first, from one consistent snapshot.
  public func export(_ body: (Order) throws -> Void) throws {
    try runExport(
      """
      SELECT id, number, status, total_minor, currency, placed_at FROM orders
      WHERE account = ? ORDER BY placed_at DESC, id DESC
      """, decode: Self.decode, body)
  }

  /// Reads the current row of a statement selecting
  /// `id, number, status, total_minor, currency, placed_at`.
  ///
  /// Status and currency are read from the column bytes, without a `String` each: this runs
  /// for every row of every page.
  @inline(__always)
  static func decode(_ statement: Statement) -> Order {
    // The CHECK constraint keeps the status one of the six names.
    let status = statement.withUTF8(at: 2) { OrderStatus(storedUTF8: $0) } ?? .pending
    let currency = statement.withUTF8(at: 4) { Currency(storedUTF8: $0) }
    return Order(
      id: statement.int64(at: 0),
      number: statement.text(at: 1),
      status: status,
      total: Money(storedMinorUnits: statement.int64(at: 3), currency: currency),
      placedAt: Timestamp(millisecondsSince1970: statement.int64(at: 5)))
  }
}

extension ListsDatabase {
  /// The orders of `account`.
  public func orders(account: String = "default") -> OrdersRepository {
    OrdersRepository(database: self, account: account)
  }
}
