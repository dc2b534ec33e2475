import Foundation
import ListStore
import Synchronization

extension Benchmark {
  /// How many page reads `read_while_locked_ms` is the median of.
  static let lockedReads = 51

  /// The reader figures, on the big list's file:
  ///
  /// - `read_while_locked_ms`: the wall time of one page of 20 orders through the store while
  ///   another connection holds `BEGIN IMMEDIATE` with an uncommitted insert (the median of
  ///   ``lockedReads``; `read_while_locked_max_ms` the slowest; `read_unlocked_ms` the same
  ///   read with no lock held, measured just before). A read that waited for the writer would
  ///   take the busy timeout, 5 s.
  /// - `read_scaling`: pages per second of two threads walking ``pageCount`` pages of
  ///   ``pageLimit`` each at once, over one thread walking them alone, on wall time: how well
  ///   the store's readers run side by side (2 means perfectly, on two free cores).
  func measureReaders(_ path: String) throws {
    progress("Timing reads beside a writer")
    let database = try ListsDatabase(path: path)
    let orders = database.orders(account: Self.bigAccount)
    try measureReadWhileLocked(orders, path: path)
    try measureReadScaling(orders)
  }

  private func measureReadWhileLocked(_ orders: OrdersRepository, path: String) throws {
    func timedPages() throws -> [Double] {
      try (0..<Self.lockedReads).map { _ in
        let start = Stopwatch.now()
        let page = try orders.page(after: nil, limit: 20)
        let elapsed = Double(Stopwatch.now() - start) / 1_000_000
        guard page.items.count == min(20, options.bigRows) else {
          throw BenchError.mismatch("a page of \(page.items.count) orders, not 20")
        }
        return elapsed
      }
    }
    let unlocked = try timedPages()
    let blocker = try CDatabase(path: path, account: Self.bigAccount)
    try blocker.execute("BEGIN IMMEDIATE")
    defer { try? blocker.execute("ROLLBACK") }
    try blocker.execute(
      "INSERT INTO orders (account, number, total_minor, currency, placed_at) VALUES ('\(Self.bigAccount)', 'LOCKED-1', 1, 'EUR', 0)"
    )
    let locked = try timedPages()
    report.set("read_while_locked_ms", Stopwatch.median(locked))
    report.set("read_while_locked_max_ms", locked.max()!)
    report.set("read_unlocked_ms", Stopwatch.median(unlocked))
  }

  private func measureReadScaling(_ orders: OrdersRepository) throws {
    let expected = try Self.walk(orders, pages: Self.pageCount, limit: Self.pageLimit)
    _ = try Self.timedWalks(orders, threads: 2, expected: expected)  // opens two readers
    var one: [Double] = []
    var two: [Double] = []
    for _ in 0..<max(options.trials, 9) {
      one.append(try Self.timedWalks(orders, threads: 1, expected: expected))
      two.append(try Self.timedWalks(orders, threads: 2, expected: expected))
    }
    let (oneMedian, twoMedian) = (Stopwatch.median(one), Stopwatch.median(two))
    report.set("read_scaling", 2 * oneMedian / twoMedian)
    report.set("read_one_thread_ms", Self.milliseconds(oneMedian))
    report.set("read_two_threads_ms", Self.milliseconds(twoMedian))
  }

  /// The wall time, in nanoseconds, of `threads` threads each walking the pages from the
  /// newest at once, started together; every walk must read what `expected` read.
  private static func timedWalks(
    _ orders: OrdersRepository, threads: Int,
    expected: (pages: Int, rows: Int, checksum: UInt64)
  ) throws -> Double {
    let start = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    let failures = Mutex<[String]>([])
    for _ in 0..<threads {
      Thread {
        start.wait()
        do {
          let walked = try walk(orders, pages: pageCount, limit: pageLimit)
          if walked != expected {
            failures.withLock { $0.append("a concurrent walk read other rows") }
          }
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
        done.signal()
      }.start()
    }
    let begin = Stopwatch.now()
    for _ in 0..<threads { start.signal() }
    for _ in 0..<threads { done.wait() }
    let elapsed = Double(Stopwatch.now() - begin)
    if let failure = failures.withLock({ $0.first }) { throw BenchError.mismatch(failure) }
    return elapsed
  }
}
