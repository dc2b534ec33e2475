import CBench
import ListStore

extension Benchmark {
  /// What a Swift page walk read: pages, rows and the checksum folded over them.
  typealias Walk = (pages: Int, rows: Int, checksum: UInt64)

  /// Times the Swift walk `swift` against the C walk `c` (each a whole walk of
  /// ``pageCount`` pages), warmed up, at least fifteen paired trials: a walk takes a tenth of a
  /// second, so they cost little and steady the median. Both must have read the same pages,
  /// rows and values; `what` names the Swift side in the message when they did not.
  func compareWalks(
    _ what: String, swift: @escaping () throws -> Walk, c: @escaping () throws -> cbench_walk_result
  ) throws -> (times: Comparison, walk: Walk) {
    var swiftWalk: Walk = (0, 0, 0)
    var cWalk = cbench_walk_result()
    let times = try compare(
      trials: max(options.trials, 15), warmUp: true,
      [Contender(run: { swiftWalk = try swift() }), Contender(run: { cWalk = try c() })])
    guard swiftWalk.pages == Int(cWalk.pages), swiftWalk.rows == Int(cWalk.rows),
      swiftWalk.checksum == cWalk.checksum
    else {
      throw BenchError.mismatch(
        "\(what) read \(swiftWalk.rows) rows in \(swiftWalk.pages) pages, C \(cWalk.rows) in \(cWalk.pages), or other values"
      )
    }
    return (times, swiftWalk)
  }
}

extension Benchmark {
  /// Times `swift`, an import into a fresh file through the store, against `c`, the same rows
  /// through the C baseline, each trial on a fresh, migrated file named `name` that `setUp`
  /// readies (a kind registered); `count` reads back how many rows either side wrote, which
  /// must be `expected`.
  func compareImports(
    file name: String, expected: Int, setUp: @escaping (ListsDatabase) throws -> Void,
    swift: @escaping (ListsDatabase) throws -> Void, c: @escaping (CDatabase) throws -> Void,
    count: @escaping (ListsDatabase) throws -> Int
  ) throws -> Comparison {
    let path = folder.file(name)
    var database: ListsDatabase?
    var cDatabase: CDatabase?
    let swiftSide = Contender(
      prepare: {
        database = try ListsDatabase(path: path)
        try setUp(database!)
      },
      run: { try swift(database!) },
      finish: {
        let written = try count(database!)
        guard written == expected else {
          throw BenchError.mismatch("the store inserted \(written) of \(expected)")
        }
        database = nil
        self.folder.removeDatabase(name)
      })
    let cSide = Contender(
      prepare: {
        // The creating connection stays open, as the store's does on the Swift side, so that the
        // write-ahead log and its shared memory exist when the timed insert starts: the last
        // connection to close a WAL database removes both, and recreating them is no part of
        // inserting rows.
        database = try ListsDatabase(path: path)
        try setUp(database!)
        cDatabase = try CDatabase(path: path, account: Self.account)
      },
      run: { try c(cDatabase!) },
      finish: {
        // Counted through the store: the C rows are what the store reads back.
        let written = try count(database!)
        guard written == expected else {
          throw BenchError.mismatch("C inserted \(written) of \(expected)")
        }
        cDatabase = nil
        database = nil
        self.folder.removeDatabase(name)
      })
    // Eleven pairs, not the default five: an import's time swings with the kernel's writeback
    // of the file, and with five pairs one slow trial moved the median ratio by up to 0.1.
    return try compare(trials: max(options.trials, 11), warmUp: false, [swiftSide, cSide])
  }
}
