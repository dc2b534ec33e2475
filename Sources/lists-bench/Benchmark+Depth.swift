import ListStore

extension Benchmark {
  /// `deep_over_head`: the last keyset page of the big list over its first page, through the
  /// repository (and the same in C, `c_deep_over_head`, the floor SQLite sets); and
  /// `offset_deep_over_head`: the same two pages read with `LIMIT ... OFFSET ...` in C, for
  /// contrast. Each page is read many times; the median time per read is reported.
  func measureDepth(_ path: String) throws {
    progress("Timing the first and the last page of the big list")
    let database = try ListsDatabase(path: path)
    let repository = database.orders(account: Self.bigAccount)
    let cDatabase = try CDatabase(path: path, account: Self.bigAccount)
    let limit = Self.pageLimit
    let lastStart = options.bigRows - limit
    let (cursor, key) = try Self.cursor(skipping: lastStart, repository)
    let last = try repository.page(after: cursor, limit: limit)
    guard last.items.count == limit, last.nextCursor == nil,
      try cDatabase.page(after: key, limit: limit) == limit,
      try cDatabase.page(offset: lastStart, limit: limit) == limit,
      cDatabase.buffer[0].id == last.items[0].id
    else {
      throw BenchError.mismatch("the last page of the big list is not the same on both sides")
    }

    let trials = max(options.trials, 9)
    let batch = 200
    let keyset = try compare(
      trials: trials, warmUp: true,
      [
        Contender(batch: batch, run: { _ = try repository.page(after: nil, limit: limit) }),
        Contender(batch: batch, run: { _ = try repository.page(after: cursor, limit: limit) }),
      ])
    report.set("deep_over_head", keyset.ratio(1, over: 0))
    report.set("deep_head_us", Self.microseconds(keyset.median(0)))
    report.set("deep_last_us", Self.microseconds(keyset.median(1)))

    let cKeyset = try compare(
      trials: trials, warmUp: true,
      [
        Contender(batch: batch, run: { try cDatabase.page(after: nil, limit: limit) }),
        Contender(batch: batch, run: { try cDatabase.page(after: key, limit: limit) }),
      ])
    report.set("c_deep_over_head", cKeyset.ratio(1, over: 0))
    report.set("c_deep_head_us", Self.microseconds(cKeyset.median(0)))
    report.set("c_deep_last_us", Self.microseconds(cKeyset.median(1)))

    // The deep OFFSET page steps over every row before it: one read per trial is plenty.
    let offset = try compare(
      trials: trials, warmUp: true,
      [
        Contender(batch: batch, run: { try cDatabase.page(offset: 0, limit: limit) }),
        Contender(batch: 1, run: { try cDatabase.page(offset: lastStart, limit: limit) }),
      ])
    report.set("offset_deep_over_head", offset.ratio(1, over: 0))
    report.set("offset_head_us", Self.microseconds(offset.median(0)))
    report.set("offset_last_us", Self.microseconds(offset.median(1)))
  }

  /// The cursor after the first `count` orders of the list, found by walking it with the
  /// largest pages the repository allows, and the sort key of that order for the C side.
  static func cursor(skipping count: Int, _ repository: OrdersRepository) throws -> (
    ListCursor, (placedAt: Int64, id: Int64)
  ) {
    precondition(count > 0, "a cursor comes after at least one order")
    var cursor: ListCursor?
    var remaining = count
    var lastOrder: Order?
    while remaining > 0 {
      let limit = min(ListPage<Order>.allowedLimits.upperBound, remaining)
      let page = try repository.page(after: cursor, limit: limit)
      guard page.items.count == limit, let next = page.nextCursor else {
        throw BenchError.mismatch("the list ended before \(count) orders")
      }
      cursor = next
      lastOrder = page.items.last
      remaining -= limit
    }
    return (cursor!, (lastOrder!.placedAt.millisecondsSince1970, lastOrder!.id))
  }
}
