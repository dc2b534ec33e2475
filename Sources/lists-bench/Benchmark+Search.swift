import CBench
import ListStore

extension Benchmark {
  /// The app kind the search figures use: the built-in orders have no `search` fields (and the
  /// built-in orders stay as they are), so the big list's orders are copied into this kind,
  /// which searches an item description.
  static let purchases = KindDefinition(
    name: "purchases", item: "purchase",
    fields: [
      FieldDefinition("number", .text(), required: true),
      FieldDefinition("item", .text(), required: true),
      FieldDefinition("status", .enumeration(OrderData.statusNames), default: .text("pending")),
      FieldDefinition("total", .money(currencyColumn: "currency"), required: true),
      FieldDefinition("placed_at", .timestamp, default: .now),
    ],
    order: [OrderTerm("placed_at", descending: true)], search: ["item"])

  /// The item descriptions: a color and a thing by id, so that `red lam` matches 1 row in 77.
  static let itemSQL = """
    (CASE id % 7 WHEN 0 THEN 'blue' WHEN 1 THEN 'red' WHEN 2 THEN 'green' WHEN 3 THEN 'black'
      WHEN 4 THEN 'white' WHEN 5 THEN 'yellow' ELSE 'grey' END) || ' ' ||
    (CASE (id / 7) % 11 WHEN 0 THEN 'lamp' WHEN 1 THEN 'chair' WHEN 2 THEN 'table' WHEN 3 THEN 'mug'
      WHEN 4 THEN 'shelf' WHEN 5 THEN 'rug' WHEN 6 THEN 'sofa' WHEN 7 THEN 'desk' WHEN 8 THEN 'bed'
      WHEN 9 THEN 'clock' ELSE 'vase' END) || ' ' || number
    """

  /// `filter_page_ratio`: the first page of `--where status=shipped` on the big list of orders
  /// decoded into `Order` (`filter_page_dynamic_ratio`: into ``DynamicItem``, as `show` reads
  /// any kind), against the same SQL in C; `search_deep_over_head`: the 1,000th page of that filter over
  /// its first; `search_page_ratio`: the first page of a search on the big list copied into an
  /// app kind with a search field, against the same FTS5 SQL in C; `fts_insert_overhead`:
  /// importing orders into that kind with its index over importing them into the same kind
  /// without one.
  func measureSearch(_ bigPath: String) throws {
    progress("Timing pages of a filter on the big list")
    let database = try ListsDatabase(path: bigPath)
    let orders = try database.items(of: "orders", account: Self.bigAccount)
    let shipped = KindQuery(filters: [KindFilter(field: "status", op: .equal, value: .text("shipped"))])
    let typed = database.orders(account: Self.bigAccount)
    try comparePages(orders, shipped, path: bigPath, key: "filter_page") { limit in
      try typed.page(matching: shipped, after: nil, limit: limit).items.map(\.id)
    }
    try comparePages(orders, shipped, path: bigPath, key: "filter_page_dynamic") { limit in
      try orders.page(matching: shipped, after: nil, limit: limit).items.map(\.id)
    }

    // The 1,000th page (the last one on a list too small for it): its cursor found by walking
    // the pages before it.
    var cursor: ListCursor?
    var deepPage = 1
    while deepPage < 1000 {
      let page = try orders.page(matching: shipped, after: cursor, limit: Self.pageLimit)
      guard let next = page.nextCursor else { break }
      cursor = next
      deepPage += 1
    }
    guard cursor != nil else { throw BenchError.mismatch("the filter has one page only") }
    report.set("search_deep_page", .integer(deepPage))
    let deep = try compare(
      trials: max(options.trials, 9), warmUp: true,
      [
        Contender(batch: 100, run: { _ = try orders.page(matching: shipped, after: nil, limit: Self.pageLimit) }),
        Contender(batch: 100, run: { _ = try orders.page(matching: shipped, after: cursor, limit: Self.pageLimit) }),
      ])
    report.set("search_deep_over_head", deep.ratio(1, over: 0))
    report.set("search_deep_head_us", Self.microseconds(deep.median(0)))
    report.set("search_deep_last_us", Self.microseconds(deep.median(1)))

    progress("Copying the big list into a kind with a search field")
    let searchPath = folder.file("search.db")
    let searchDatabase = try ListsDatabase(path: searchPath)
    var unindexed = Self.purchases
    unindexed.search = []
    try searchDatabase.registerKind(unindexed)
    let copy = try CDatabase(path: searchPath, account: Self.bigAccount)
    try copy.execute("ATTACH '\(bigPath)' AS big")
    try copy.execute(
      "INSERT INTO purchases (account, number, item, status, total_minor, currency, placed_at) "
        + "SELECT account, number, \(Self.itemSQL), status, total_minor, currency, placed_at FROM big.orders")
    try copy.execute("DETACH big")
    // Indexed at once by the rebuild that adding search fields runs.
    try searchDatabase.updateKind(Self.purchases)
    let purchases = try searchDatabase.items(of: "purchases", account: Self.bigAccount)
    progress("Timing the first page of a search")
    let search = KindQuery(search: "red lam")
    try comparePages(purchases, search, path: searchPath, key: "search_page") { limit in
      try purchases.page(matching: search, after: nil, limit: limit).items.map(\.id)
    }

    try measureSearchInsert()
  }

  /// Times the first page of `query` read by `read` (the store's ids of a page of `limit`)
  /// against the same statement of `items` in C.
  private func comparePages(
    _ items: KindItems, _ query: KindQuery, path: String, key: String, read: @escaping (Int) throws -> [Int64]
  ) throws {
    guard let sql = try items.firstPageSQL(for: query) else { throw BenchError.mismatch("the query keeps every item") }
    let cDatabase = try CDatabase(path: path, account: Self.bigAccount)
    let cQuery = try cDatabase.query(sql.sql)
    let texts = sql.values.map(\.text)
    let integers = sql.values.map(\.integer)
    let limit = Self.pageLimit
    let ids = try read(limit)
    var hash = Checksum.seed
    for id in ids { hash = (hash ^ UInt64(bitPattern: id)) &* 0x100_0000_01B3 }
    let c = try cQuery.page(account: Self.bigAccount, limit: limit, firstParameter: sql.firstParameter, integers: integers, texts: texts)
    guard !ids.isEmpty, ids.count == c.count, c.checksum == hash else {
      throw BenchError.mismatch("the first page of \(key) is not the same in C (\(c.count) rows) and the store (\(ids.count))")
    }
    let times = try compare(
      trials: max(options.trials, 9), warmUp: true,
      [
        Contender(batch: 20, run: { _ = try read(limit) }),
        Contender(batch: 20, run: {
          _ = try cQuery.page(account: Self.bigAccount, limit: limit, firstParameter: sql.firstParameter, integers: integers, texts: texts)
        }),
      ])
    report.set("\(key)_ratio", times.ratio(0, over: 1))
    report.set("\(key)_us", Self.microseconds(times.median(0)))
    report.set("c_\(key)_us", Self.microseconds(times.median(1)))
  }

  /// `fts_insert_overhead`: one import of orders into the search kind with its index, over the
  /// same import into the kind without search fields, each into a fresh file.
  private func measureSearchInsert() throws {
    progress("Timing imports with and without a search index")
    let count = min(options.rows, 50_000)
    let data = OrderData.generate(count: count, seed: 0x5EED_0004)
    let things = ["lamp", "chair", "table", "mug", "shelf", "rug", "sofa", "desk", "bed", "clock", "vase"]
    let drafts = try (0..<count).map { index -> DynamicDraft in
      let currency = try Currency(code: data.currencies[index])
      return DynamicDraft([
        "number": .text(data.numbers[index]), "item": .text("red \(things[index % things.count]) \(data.numbers[index])"),
        "status": .text(data.statuses[index]),
        "total": .money(try Money(minorUnits: data.totals[index], currency: currency)),
        "placed_at": .timestamp(Timestamp(millisecondsSince1970: data.placedAt[index])),
      ])
    }
    var plain = Self.purchases
    plain.search = []
    func contender(_ definition: KindDefinition, _ name: String) -> Contender {
      let path = folder.file(name)
      var items: KindItems?
      return Contender(
        prepare: {
          let database = try ListsDatabase(path: path)
          try database.registerKind(definition)
          items = try database.items(of: "purchases")
        },
        run: {
          var next = drafts.makeIterator()
          _ = try items?.importItems { next.next() }
        },
        finish: {
          items = nil
          for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        })
    }
    let times = try compare(trials: max(min(options.trials, 7), 5), warmUp: false, [
      contender(Self.purchases, "insert-search.db"), contender(plain, "insert-plain.db"),
    ])
    report.set("fts_insert_overhead", times.ratio(0, over: 1))
    report.set("fts_insert_ms", Self.milliseconds(times.median(0)))
    report.set("plain_insert_ms", Self.milliseconds(times.median(1)))
  }
}
