import CBench
import ListStore

extension Benchmark {
  /// `dynamic_page_ratio`: the walk of ``measurePages(_:)`` through the generic repository any
  /// kind gets (``KindItems``: SQL made from the definition, items decoded into values by field,
  /// as the command line reads a kind it was not compiled with), against the same C walk.
  func measureDynamicPages(_ cOrders: COrders) throws {
    progress("Timing keyset pages of the generic repository")
    let path = try pagesDatabase(cOrders)
    let database = try ListsDatabase(path: path)
    let items = try database.items(of: "orders", account: Self.account)
    let cDatabase = try CDatabase(path: path, account: Self.account)

    let (times, _) = try compareWalks(
      "the generic repository",
      swift: { try Self.walk(items, pages: Self.pageCount, limit: Self.pageLimit) },
      c: { try cDatabase.walk(pages: Self.pageCount, limit: Self.pageLimit) })
    report.set("dynamic_page_ratio", times.ratio(0, over: 1))
    report.set("dynamic_page_ms", Self.milliseconds(times.median(0)))
  }

  /// Walks up to `pages` pages of `limit` items from the first; returns what it read, folded
  /// like ``Checksum`` folds orders.
  static func walk(_ items: KindItems, pages: Int, limit: Int) throws -> (pages: Int, rows: Int, checksum: UInt64) {
    let statuses = ["pending", "paid", "shipped", "delivered", "cancelled", "refunded"]
    var cursor: ListCursor?
    var walked = 0
    var rows = 0
    var hash = Checksum.seed
    func mix(_ value: UInt64) { hash = (hash ^ value) &* 0x100_0000_01B3 }
    repeat {
      let page = try items.page(after: cursor, limit: limit)
      walked += 1
      rows += page.items.count
      for item in page.items {
        mix(UInt64(bitPattern: item.id))
        // Orders' fields in their definition's order: number, status, total, placed_at.
        guard case .text(let number) = item.values[0], case .text(let status) = item.values[1],
          case .money(let total) = item.values[2], case .timestamp(let placed) = item.values[3]
        else { throw BenchError.mismatch("an order read by the generic repository has other values") }
        mix(UInt64(bitPattern: total.minorUnits))
        mix(UInt64(bitPattern: placed.millisecondsSince1970))
        mix(UInt64(statuses.firstIndex(of: status) ?? 99))
        mix(UInt64(number.utf8.count))
      }
      cursor = page.nextCursor
    } while cursor != nil && walked < pages
    return (walked, rows, hash)
  }
}
