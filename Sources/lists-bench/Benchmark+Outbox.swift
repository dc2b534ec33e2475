import ListPaging
import ListStore

extension Benchmark {
  /// How many orders `outbox_write_ratio` adds per trial (fewer when `--rows` is smaller).
  static let outboxCount = 50_000

  /// `outbox_write_ratio`: adding ``outboxCount`` orders in one `importItems` transaction to a
  /// synced kind, whose change triggers record each add as a pending change in the outbox,
  /// against the same adds to the same kind unsynced, on fresh files. The synced file's sync
  /// tables, outbox and triggers are made untimed, as a kind's first sync makes them.
  func measureOutboxWrite(_ data: OrderData) throws {
    progress("Timing adds recorded in the outbox")
    let count = min(Self.outboxCount, data.count)
    let url = "http://127.0.0.1:1/orders"
    var database: ListsDatabase?
    func side(_ name: String, synced: Bool) -> Contender {
      let path = folder.file(name)
      return Contender(
        prepare: {
          database = try ListsDatabase(path: path)
          guard synced else { return }
          try database!.items(of: "orders", account: Self.account).replica.recordSyncFailure(
            remoteURL: url, LoadError(kind: .unreachable, message: "not synced yet", isRetryable: true))
        },
        run: { try Self.importOrders(data, count: count, into: database!.orders(account: Self.account)) },
        finish: {
          let items = try database!.items(of: "orders", account: Self.account)
          let pending = try items.replica.syncChangeCounts().pending
          guard try items.count() == count, pending == (synced ? count : 0) else {
            throw BenchError.mismatch("\(name): \(try items.count()) orders, \(pending) pending of \(count)")
          }
          database = nil
          self.folder.removeDatabase(name)
        })
    }
    // 15 paired trials of about half a second each: a slow spell of the machine during a few
    // of them moves the median of the pairs less than it moved the median of 9.
    let times = try compare(
      trials: max(options.trials, 15), warmUp: false,
      [side("outbox-synced.db", synced: true), side("outbox-unsynced.db", synced: false)])
    report.set("outbox_write_ratio", times.ratio(0, over: 1))
    report.set("outbox_write_ms", Self.milliseconds(times.median(0)))
    report.set("outbox_unsynced_ms", Self.milliseconds(times.median(1)))
    report.set("outbox_rows", .integer(count))
  }
}
