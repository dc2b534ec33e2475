import CBench
import Foundation
import ListPaging
import ListStore
import Synchronization

extension Benchmark {
  /// How many books `update_ratio` changes per trial (fewer when `--rows` is smaller).
  static let updateCount = 100_000
  /// How many edits `edit_seen_ms` is the median of.
  static let editSeenTrials = 21

  /// `update_ratio`: changing the status of ``updateCount`` books through the typed repository
  /// as an app does for items it shows (`update(book) { $0.status = ... }`: the change applied
  /// to the held item's draft, the changed field checked and written) inside one
  /// `database.write { }` transaction, against C running
  /// `UPDATE books SET status = ? WHERE account = ? AND id = ?` for the same ids in one
  /// transaction, on the same file. The books are read before each trial, untimed, as a screen
  /// holds them. Every run gives every book a status it does not have, so each side writes
  /// every row.
  ///
  /// `update_by_id_ratio`, beside it: the same changes by id (`update(id:) { ... }`), which
  /// reads the stored item before the change and again after it to return it; two reads by
  /// primary key that the C `UPDATE` does not make, so it has no target.
  func measureUpdate(_ cOrders: COrders) throws {
    progress("Timing updates by id")
    let name = "books-update.db"
    let path = folder.file(name)
    defer { folder.removeDatabase(name) }
    do {
      let creator = try ListsDatabase(path: path)
      _ = try creator.records(of: BenchBook.self, account: Self.account)
      try CDatabase(path: path, account: Self.account).insertBooks(cOrders)
    }
    let count = min(Self.updateCount, cOrders.count)
    let database = try ListsDatabase(path: path)
    let cDatabase = try CDatabase(path: path, account: Self.account)
    let books = try database.records(of: BenchBook.self, account: Self.account)
    var round: Int64 = 0
    var held: [BenchBook] = []
    // Every trial starts from an empty write-ahead log, so that each side's commit finds
    // the same log to append to and to checkpoint when it passes SQLite's 1,000 pages.
    let checkpoint = { try cDatabase.execute("PRAGMA wal_checkpoint(RESTART)") }
    let heldSide = Contender(
      prepare: {
        try checkpoint()
        held = try (1...count).map { id in
          guard let book = try books.item(id: Int64(id)) else { throw BenchError.mismatch("book \(id) is missing") }
          return book
        }
      },
      run: {
        round += 1
        let shift = Int(round)
        try database.write { transaction in
          let books = try transaction.records(of: BenchBook.self, account: Self.account)
          for book in held {
            let status = BenchBook.Status(rawValue: (Int(book.id) + shift) % 3) ?? .want
            try books.update(book) { $0.status = status }
          }
        }
      },
      finish: { held = [] })
    let byIDSide = Contender(prepare: checkpoint, run: {
      round += 1
      let shift = Int(round)
      try database.write { transaction in
        let books = try transaction.records(of: BenchBook.self, account: Self.account)
        for id in 1...count {
          let status = BenchBook.Status(rawValue: (id + shift) % 3) ?? .want
          try books.update(id: Int64(id)) { $0.status = status }
        }
      }
    })
    let cSide = Contender(prepare: checkpoint, run: {
      round += 1
      try cDatabase.updateBookStatuses(count: count, round: round)
    })
    // Two comparisons of two, not one of three: each side then always follows the other, so
    // each starts with a page cache the other's commit made stale (the by-id update shares the
    // held one's connection, whose cache it would leave warm for it).
    let times = try compare(trials: max(options.trials, 15), warmUp: true, [heldSide, cSide])
    let byIDTimes = try compare(warmUp: true, [byIDSide, cSide])
    // Every side wrote what the others read back.
    for id in [1, count / 2, count] {
      guard try books.item(id: Int64(id))?.status.rawValue == (id + Int(round)) % 3 else {
        throw BenchError.mismatch("book \(id) does not have the status the last update gave it")
      }
    }
    report.set("update_ratio", times.ratio(0, over: 1))
    report.set("update_swift_ms", Self.milliseconds(times.median(0)))
    report.set("update_c_ms", Self.milliseconds(times.median(1)))
    report.set("update_by_id_ratio", byIDTimes.ratio(0, over: 1))
    report.set("update_by_id_ms", Self.milliseconds(byIDTimes.median(0)))
    report.set("update_rows", .integer(count))
    try measureEditSeen(path)
  }

  /// `edit_seen_ms`: the wall time from the commit of an edit by another connection (a C
  /// `UPDATE` of one book's status, as another program writes the file) to the transition of
  /// an observing loader, with 10 pages of 50 loaded, that shows the new status with no
  /// refresh running. The median of ``editSeenTrials`` edits, each after a random part of a
  /// poll interval; `edit_seen_max_ms` the slowest. The store hears another program's commit
  /// by polling every 50 ms.
  func measureEditSeen(_ path: String) throws {
    let thread = thread
    let seen = try thread.run { () async throws -> [Double] in
      let database = try ListsDatabase(path: path)
      let books = try database.records(of: BenchBook.self, account: Self.account)
      let loader = books.loader(pageSize: Self.pageLimit)
      var state = await loader.loadNextPage()
      while state.pagesLoaded < 10 && !state.endReached { state = await loader.loadNextPage() }
      // The newest book of the tenth page (or of the last one).
      let target = state.items[(state.pagesLoaded - 1) * Self.pageLimit]
      let arrivals = Arrivals()
      let expected = Mutex<BenchBook.Status?>(nil)
      let (_, stream) = loader.subscribe()
      let consumer = Task(executorPreference: thread) {
        for await transition in stream where transition.state.refresh == .idle {
          let wanted = expected.withLock { $0 }
          if transition.state.items.contains(where: { $0.id == target.id && $0.status == wanted }) {
            expected.withLock { $0 = nil }
            arrivals.record(Stopwatch.now())
          }
        }
        arrivals.finish()
      }
      let observer = Task(executorPreference: thread) { await loader.observeChanges() }
      defer {
        observer.cancel()
        consumer.cancel()
      }
      let writer = try CDatabase(path: path, account: Self.account)
      var random = SplitMix(seed: 0x5EED_0006)
      var latencies: [Double] = []
      for trial in 0..<Self.editSeenTrials {
        try await Task.sleep(for: .microseconds(5_000 + Int(random.next() % 50_000)))
        let status = BenchBook.Status(rawValue: (Int(target.id) + trial + 1) % 3) ?? .want
        let before = arrivals.count
        expected.withLock { $0 = status }
        try writer.updateBookStatus(id: target.id, to: status.rawValue)
        let committed = Stopwatch.now()
        guard let arrival = await Task.detached(operation: { arrivals.wait(after: before, seconds: 2) }).value else {
          throw BenchError.mismatch("an edit by another connection was not shown within 2 s")
        }
        latencies.append(Double(max(0, Int64(bitPattern: arrival &- committed))) / 1_000_000)
      }
      return latencies
    }
    report.set("edit_seen_ms", Stopwatch.median(seen))
    report.set("edit_seen_max_ms", seen.max()!)
  }
}
