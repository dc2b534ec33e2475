/// The orders of one account, newest first (`placed_at` descending, then `id` descending): the
/// typed repository of the built-in ``KindDefinition/orders`` kind, as an app's own kind has it.
///
/// For example:
///
/// ```swift
/// let orders = database.orders(account: "default")
/// try orders.add(OrderDraft(number: "A-1001", total: Money(parsing: "25.90", currency: .eur)))
/// let first = try orders.page(after: nil, limit: 20)
/// ```
///
/// An order number is unique per account: adding one again throws
/// ``ListStoreError/duplicateItem(kind:item:fields:values:)`` naming the number
/// (`An order numbered 'A-1001' already exists; give the new order another number.`).
public typealias OrdersRepository = KindRepository<Order>

extension Order: KindRecord {
  /// ``KindDefinition/orders``.
  public static var definition: KindDefinition { .orders }

  /// The orders kind's statements, made once.
  static let statements = KindStatements(.orders)

  /// Reads an order from its row: `id, number, status, total_minor, currency, placed_at`.
  ///
  /// Status and currency are read from the column bytes, without a `String` each: this runs
  /// for every row of every page.
  @inlinable @inline(__always)
  public init(row: KindRow) {
    // The CHECK constraint keeps the status one of the six names.
    let status = row.withUTF8("status") { OrderStatus(storedUTF8: $0) } ?? .pending
    self.init(
      id: row.id, number: row.text("number"), status: status, total: row.money("total"), placedAt: row.timestamp("placed_at"))
  }

  /// The order as a draft: its number, total, status and the time it was placed.
  public var draft: OrderDraft { OrderDraft(number: number, total: total, status: status, placedAt: placedAt) }

  /// Gives the order's number, status, total and the time it was placed (now when nil).
  /// - Throws: ``ListStoreError/invalidValue(field:reason:)`` for an empty number.
  public static func bind(_ draft: OrderDraft, to bindings: inout KindBindings) throws(ListStoreError) {
    try bindings.text("number", Validation.required(draft.number, field: "order number"))
    try bindings.text("status", draft.status.rawValue)
    try bindings.money("total", draft.total)
    try bindings.timestamp("placed_at", draft.placedAt)
  }
}

extension ListsDatabase {
  /// The orders of `account`.
  public func orders(account: String = "default") -> OrdersRepository {
    OrdersRepository(database: self, account: account, statements: Order.statements)
  }
}
