import ListStore

extension Benchmark {
  /// `insert_ratio`: importing the orders through the repository, each `OrderDraft` built and
  /// validated from the raw values inside the timed region, against the C loop. Each trial
  /// starts from a fresh, migrated file.
  func measureInsert(_ data: OrderData, _ cOrders: COrders) throws {
    progress("Timing inserts")
    let name = "insert.db"
    let path = folder.file(name)
    var database: ListsDatabase?
    var cDatabase: CDatabase?
    var creator: ListsDatabase?
    let expected = data.count

    let swift = Contender(
      prepare: { database = try ListsDatabase(path: path) },
      run: { try Self.importOrders(data, into: database!.orders(account: Self.account)) },
      finish: {
        let count = try database!.orders(account: Self.account).count()
        guard count == expected else {
          throw BenchError.mismatch("the store inserted \(count) of \(expected)")
        }
        database = nil
        self.folder.removeDatabase(name)
      })
    let c = Contender(
      prepare: {
        // The creating connection stays open, as the store's does on the Swift side, so that the
        // write-ahead log and its shared memory exist when the timed insert starts: the last
        // connection to close a WAL database removes both, and recreating them is no part of
        // inserting rows.
        creator = try ListsDatabase(path: path)
        cDatabase = try CDatabase(path: path, account: Self.account)
      },
      run: { try cDatabase!.insert(cOrders) },
      finish: {
        // Counted through the store: the C rows are what the store reads back.
        let count = try creator!.orders(account: Self.account).count()
        guard count == expected else {
          throw BenchError.mismatch("C inserted \(count) of \(expected)")
        }
        cDatabase = nil
        creator = nil
        self.folder.removeDatabase(name)
      })

    let times = try compare(warmUp: false, [swift, c])
    report.set("insert_ratio", times.ratio(0, over: 1))
    report.set("insert_swift_ms", Self.milliseconds(times.median(0)))
    report.set("insert_c_ms", Self.milliseconds(times.median(1)))
  }

  /// Imports `data` the way an app does: one `OrderDraft` per order, its currency, amount and
  /// status parsed from the raw values, all in one `importItems` transaction.
  static func importOrders(_ data: OrderData, into repository: OrdersRepository) throws {
    var index = 0
    try repository.importItems {
      guard index < data.count else { return nil }
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
