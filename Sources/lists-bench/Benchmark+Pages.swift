import CBench
import ListStore

extension Benchmark {
  /// `page_ratio`: walking ``pageCount`` keyset pages of ``pageLimit`` orders from the newest
  /// through `OrdersRepository.page`, decoded into `Order`s, against C reading the same rows
  /// into structs. Both walks fold every row into a checksum, which must agree.
  func measurePages(_ cOrders: COrders) throws {
    progress("Timing keyset pages")
    let path = try pagesDatabase(cOrders)
    let database = try ListsDatabase(path: path)
    let repository = database.orders(account: Self.account)
    let cDatabase = try CDatabase(path: path, account: Self.account)
    try Self.checkSamePage(repository, cDatabase)

    let (times, swiftWalk) = try compareWalks(
      "Swift",
      swift: { try Self.walk(repository, pages: Self.pageCount, limit: Self.pageLimit) },
      c: { try cDatabase.walk(pages: Self.pageCount, limit: Self.pageLimit) })
    report.set("page_ratio", times.ratio(0, over: 1))
    report.set("page_swift_ms", Self.milliseconds(times.median(0)))
    report.set("page_c_ms", Self.milliseconds(times.median(1)))
    report.set("pages", .integer(swiftWalk.pages))
  }

  /// Walks up to `pages` pages of `limit` orders from the newest; returns what it read.
  static func walk(_ repository: OrdersRepository, pages: Int, limit: Int) throws -> (
    pages: Int, rows: Int, checksum: UInt64
  ) {
    var cursor: ListCursor?
    var walked = 0
    var rows = 0
    var checksum = Checksum.seed
    repeat {
      let page = try repository.page(after: cursor, limit: limit)
      walked += 1
      rows += page.items.count
      checksum = Checksum.fold(checksum, page.items)
      cursor = page.nextCursor
    } while cursor != nil && walked < pages
    return (walked, rows, checksum)
  }

  /// Checks, untimed, that both sides read the first page field for field alike, text included
  /// (the timed checksum covers numbers only).
  static func checkSamePage(_ repository: OrdersRepository, _ cDatabase: CDatabase) throws {
    let items = try repository.page(after: nil, limit: pageLimit).items
    let count = try cDatabase.page(after: nil, limit: pageLimit)
    guard items.count == count else {
      throw BenchError.mismatch("first page: \(items.count) vs \(count) rows")
    }
    for (index, order) in items.enumerated() {
      var row = cDatabase.buffer[index]
      let number = withUnsafeBytes(of: &row.number) {
        String(decoding: $0.prefix(Int(row.number_length)), as: UTF8.self)
      }
      let currency = withUnsafeBytes(of: &row.currency) {
        String(decoding: $0.prefix(3), as: UTF8.self)
      }
      let status = OrderStatus.allCases[Int(row.status)]
      guard order.id == row.id, order.number == number, order.status == status,
        order.total.minorUnits == row.total_minor, order.total.currency.code == currency,
        order.placedAt.millisecondsSince1970 == row.placed_at
      else { throw BenchError.mismatch("first page, row \(index + 1): \(order) vs C's") }
    }
  }
}
