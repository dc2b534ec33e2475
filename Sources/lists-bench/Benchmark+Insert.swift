import ListStore

extension Benchmark {
  /// `insert_ratio`: importing the orders through the repository, each `OrderDraft` built and
  /// validated from the raw values inside the timed region, against the C loop. Each trial
  /// starts from a fresh, migrated file.
  func measureInsert(_ data: OrderData, _ cOrders: COrders) throws {
    progress("Timing inserts")
    let times = try compareImports(
      file: "insert.db", expected: data.count, setUp: { _ in },
      swift: { try Self.importOrders(data, into: $0.orders(account: Self.account)) },
      c: { try $0.insert(cOrders) },
      count: { try $0.orders(account: Self.account).count() })
    report.set("insert_ratio", times.ratio(0, over: 1))
    report.set("insert_swift_ms", Self.milliseconds(times.median(0)))
    report.set("insert_c_ms", Self.milliseconds(times.median(1)))
  }

  /// Imports `data` (its first `count` orders, when given) the way an app does: one
  /// `OrderDraft` per order, its currency, amount and status parsed from the raw values, all in
  /// one `importItems` transaction.
  static func importOrders(_ data: OrderData, count: Int? = nil, into repository: OrdersRepository) throws {
    let count = min(count ?? data.count, data.count)
    var index = 0
    try repository.importItems {
      guard index < count else { return nil }
      defer { index += 1 }
      return OrderDraft(
        number: data.numbers[index],
        total: try Money(
          minorUnits: data.totals[index], currency: try Currency(code: data.currencies[index])),
        status: try OrderStatus(parsing: data.statuses[index]),
        placedAt: Timestamp(millisecondsSince1970: data.placedAt[index]))
    }
  }
}
