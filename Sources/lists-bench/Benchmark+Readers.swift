import Foundation
import ListStore
import Synchronization

extension Benchmark {
  /// How many page reads `read_while_locked_ms` is the median of.
  static let lockedReads = 51
  /// How many trials `read_scaling_over_c` is the median of.
  static let scalingTrials = 61

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
  ///   `c_read_scaling` is the same for the C walk, each thread on a connection of its own:
  ///   what the cores free at that moment allow. `read_scaling_over_c`, the target: the median
  ///   over trials of the store's scaling over C's in the same trial.
  func measureReaders(_ path: String) throws {
    progress("Timing reads beside a writer")
    let database = try ListsDatabase(path: path)
    let orders = database.orders(account: Self.bigAccount)
    try measureReadWhileLocked(orders, path: path)
    try measureReadScaling(orders, path: path)
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

  private func measureReadScaling(_ orders: OrdersRepository, path: String) throws {
    let expected = try Self.walk(orders, pages: Self.pageCount, limit: Self.pageLimit)
    let (account, pages, limit) = (Self.bigAccount, Self.pageCount, Self.pageLimit)
    let swiftWalk: @Sendable (Int) throws -> Bool = { _ in
      try Self.walk(orders, pages: pages, limit: limit) == expected
    }
    // The C walk, each thread on a connection of its own, shows what the machine allows.
    let connections = ThreadConnections(
      try (0..<2).map { _ in try CDatabase(path: path, account: account) })
    let cWalk: @Sendable (Int) throws -> Bool = { thread in
      let walked = try connections.connection(thread).walk(pages: pages, limit: limit)
      return Int(walked.pages) == expected.pages && Int(walked.rows) == expected.rows
    }
    _ = try Self.timedWalks(threads: 2, cWalk)
    _ = try Self.timedWalks(threads: 2, swiftWalk)  // opens two readers
    var samples: [[Double]] = Array(repeating: [], count: 4)
    // Many short trials, each side first in every other one: the second core of this machine
    // comes and goes within a second, and the median of many pairs holds still through it.
    for trial in 0..<max(options.trials, Self.scalingTrials) {
      for side in trial.isMultiple(of: 2) ? [0, 2] : [2, 0] {
        let walk = side == 0 ? swiftWalk : cWalk
        samples[side].append(try Self.timedWalks(threads: 1, walk))
        samples[side + 1].append(try Self.timedWalks(threads: 2, walk))
      }
    }
    let medians = samples.map(Stopwatch.median)
    report.set("read_scaling", 2 * medians[0] / medians[1])
    report.set("read_one_thread_ms", Self.milliseconds(medians[0]))
    report.set("read_two_threads_ms", Self.milliseconds(medians[1]))
    report.set("c_read_scaling", 2 * medians[2] / medians[3])
    // The target: the store's scaling against C's in the same run, since the second core of a
    // shared machine is rarely free. The median of each trial's own ratio: a trial's four walks
    // run back to back, so what the other core was doing weighs on both sides of it alike.
    let paired = (0..<samples[0].count).map { trial in
      (samples[0][trial] / samples[1][trial]) / (samples[2][trial] / samples[3][trial])
    }
    report.set("read_scaling_over_c", Stopwatch.median(paired))
  }

  /// The wall time, in nanoseconds, of `threads` threads each running `walk` at once, started
  /// together, each given its thread's number; every walk must return true (it read what it
  /// should).
  private static func timedWalks(
    threads: Int, _ walk: @escaping @Sendable (Int) throws -> Bool
  ) throws -> Double {
    let start = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    let failures = Mutex<[String]>([])
    for thread in 0..<threads {
      Thread {
        start.wait()
        do {
          if try !walk(thread) {
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

/// One C connection per walking thread: thread `n` uses only connection `n`, so no connection is
/// used by two threads at once, hence @unchecked.
private final class ThreadConnections: @unchecked Sendable {
  private let connections: [CDatabase]

  init(_ connections: [CDatabase]) {
    self.connections = connections
  }

  func connection(_ thread: Int) -> CDatabase { connections[thread] }
}
