import ListPaging
import CBench
import ListStore

extension Benchmark {
  /// Items of one remote page in `sync_write_ratio`.
  static let syncPageItems = 100

  /// `sync_write_ratio`: writing remote pages of 100 orders into the cache through
  /// `KindReplica.writeRemotePage` (drafts made and validated from the raw values inside the timed
  /// region, upsert by remote id, each page one transaction with its cursor) against the same
  /// statements in C (`cbench_sync_write_page`). Each trial starts from a fresh file whose sync
  /// tables, outbox and change triggers are made untimed (as a kind's first sync makes them),
  /// and writes the pages twice: the first round inserts and maps every order; the second walk
  /// updates them in place (a refresh removes nothing), and its last page removes what no page
  /// of it held (nothing, here).
  func measureSyncWrite(_ data: OrderData, _ cOrders: COrders) throws {
    progress("Timing remote pages written into the cache")
    let pages = max(1, min(data.count / Self.syncPageItems, 200))
    let expected = pages * Self.syncPageItems
    let name = "sync.db"
    let path = folder.file(name)
    let url = "http://127.0.0.1:1/orders"
    let now = Timestamp(millisecondsSince1970: 1_800_000_000_000)
    var database: ListsDatabase?
    var cDatabase: CDatabase?
    var creator: ListsDatabase?

    func check(_ database: ListsDatabase, _ side: String) throws {
      let items = try database.items(of: "orders", account: Self.account)
      let count = try items.count()
      let state = try items.replica.syncState()
      guard count == expected, state?.itemCount == expected, state?.nextPage == pages + 1 else {
        throw BenchError.mismatch("\(side) cached \(count) of \(expected) orders, state \(String(describing: state))")
      }
    }
    /// What a kind's first sync makes: the sync tables, the outbox and the change triggers.
    func prepareSync(_ database: ListsDatabase) throws {
      try database.items(of: "orders", account: Self.account).replica.recordSyncFailure(
        remoteURL: url, LoadError(kind: .unreachable, message: "not synced yet", isRetryable: true))
    }
    let swift = Contender(
      prepare: {
        database = try ListsDatabase(path: path, configuration: .init(now: { now }))
        try prepareSync(database!)
      },
      run: {
        let items = try database!.items(of: "orders", account: Self.account)
        for _ in 0..<2 {
          for page in 0..<pages { try Self.writeRemotePage(page, of: pages, data, into: items, url: url) }
        }
      },
      finish: {
        try check(database!, "Swift")
        database = nil
        self.folder.removeDatabase(name)
      })
    let c = Contender(
      prepare: {
        creator = try ListsDatabase(path: path)
        try prepareSync(creator!)
        cDatabase = try CDatabase(path: path, account: Self.account)
      },
      run: {
        for _ in 0..<2 {
          for page in 0..<pages {
            try cDatabase!.writeRemotePage(
              cOrders, from: page * Self.syncPageItems, count: Self.syncPageItems, number: page + 1,
              url: url, nextCursor: page + 1 < pages ? "c\(page + 2)" : nil, now: now.millisecondsSince1970)
          }
        }
      },
      finish: {
        try check(creator!, "C")
        cDatabase = nil
        creator = nil
        self.folder.removeDatabase(name)
      })
    // 15 paired trials, as the outbox's: its median holds still through a slow spell.
    let times = try compare(trials: max(options.trials, 15), warmUp: false, [swift, c])
    report.set("sync_write_ratio", times.ratio(0, over: 1))
    report.set("sync_write_ms", Self.milliseconds(times.median(0)))
    report.set("sync_write_c_ms", Self.milliseconds(times.median(1)))
  }

  /// Writes page `index` (from 0) of `pages` of `data` as a remote page, its drafts made here.
  static func writeRemotePage(_ index: Int, of pages: Int, _ data: OrderData, into items: KindItems, url: String) throws {
    let start = index * syncPageItems
    var drafts: [RemoteDraft] = []
    drafts.reserveCapacity(syncPageItems)
    for row in start..<(start + syncPageItems) {
      let draft = DynamicDraft([
        "number": .text(data.numbers[row]), "status": .text(data.statuses[row]),
        "total": .money(try Money(minorUnits: data.totals[row], currency: try Currency(code: data.currencies[row]))),
        "placed_at": .timestamp(Timestamp(millisecondsSince1970: data.placedAt[row])),
      ])
      drafts.append(RemoteDraft(remoteID: String(row + 1), remoteIDIsInteger: true, draft: draft))
    }
    let outcome = try items.replica.writeRemotePage(
      RemotePageWrite(
        remoteURL: url, number: index + 1, items: drafts, nextCursor: index + 1 < pages ? "c\(index + 2)" : nil))
    guard outcome.written else { throw BenchError.mismatch("remote page \(index + 1) was not written") }
  }
}
