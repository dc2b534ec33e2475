import ListStore

extension Benchmark {
  /// `count_ratio`: `count()` then `isEmpty()` on the big list over the same on the 10-order
  /// list of the same file. Both read the kept count, so the ratio shows whether the cost
  /// depends on the list's length. `count_c_us` is the same two lookups in C.
  func measureCount(_ path: String) throws {
    progress("Timing counts")
    let database = try ListsDatabase(path: path)
    let big = database.orders(account: Self.bigAccount)
    let small = database.orders(account: Self.smallAccount)
    let cDatabase = try CDatabase(path: path, account: Self.bigAccount)
    guard try big.count() == options.bigRows, try small.count() == 10,
      try cDatabase.count() == options.bigRows
    else { throw BenchError.mismatch("the kept counts are not \(options.bigRows) and 10") }

    var seen = 0
    let batch = 2000
    let times = try compare(
      trials: max(options.trials, 9), warmUp: true,
      [
        Contender(batch: batch, run: { seen &+= try big.count() + (try big.isEmpty() ? 1 : 0) }),
        Contender(
          batch: batch, run: { seen &+= try small.count() + (try small.isEmpty() ? 1 : 0) }),
        Contender(
          batch: batch,
          run: { seen &+= try cDatabase.count() + (try cDatabase.count() == 0 ? 1 : 0) }),
      ])
    guard seen > 0 else { throw BenchError.mismatch("no count was read") }
    report.set("count_ratio", times.ratio(0, over: 1))
    report.set("count_big_us", Self.microseconds(times.median(0)))
    report.set("count_small_us", Self.microseconds(times.median(1)))
    report.set("count_c_us", Self.microseconds(times.median(2)))
  }
}
