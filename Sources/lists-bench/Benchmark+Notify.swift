import Foundation
import ListStore
import Synchronization

extension Benchmark {
  /// How many commits `notify_latency_ms` is the median of.
  static let notifyTrials = 21

  /// `notify_latency_ms`: the wall time from a commit by another connection (a second
  /// `ListsDatabase` on the same file, adding one order) to the element it causes arriving on
  /// `database.changes(to: .orders)`, read by a consumer on a thread of its own. The median of
  /// ``notifyTrials`` commits; `notify_latency_max_ms` the slowest. Such commits are found by
  /// the store's poller (every 50 ms by default; the README promises 100 ms), so each commit
  /// waits a random part of an interval first: the commits fall at every phase of the poll.
  func measureNotify() throws {
    progress("Timing change notifications")
    let name = "notify.db"
    let path = folder.file(name)
    try createDatabase(path)
    defer { folder.removeDatabase(name) }

    let observed = try ListsDatabase(path: path)
    let writer = try ListsDatabase(path: path)
    let arrivals = Arrivals()
    let changes = try observed.changes(to: .orders)
    let consumer = Task(executorPreference: thread) {
      for await _ in changes { arrivals.record(Stopwatch.now()) }
      arrivals.finish()
    }
    defer {
      consumer.cancel()
      arrivals.waitForFinish()
    }

    var random = SplitMix(seed: 0x5EED_0005)
    var latencies: [Double] = []
    for trial in 0..<Self.notifyTrials {
      usleep(useconds_t(5_000 + random.next() % 50_000))
      let seen = arrivals.count
      try writer.orders().add(
        OrderDraft(number: "N-\(trial + 1)", total: Money(minorUnits: 100, currency: .eur)))
      let committed = Stopwatch.now()
      guard let arrival = arrivals.wait(after: seen, seconds: 2) else {
        throw BenchError.mismatch("a commit by another connection was not reported within 2 s")
      }
      latencies.append(Double(max(0, Int64(bitPattern: arrival &- committed))) / 1_000_000)
    }
    report.set("notify_latency_ms", Stopwatch.median(latencies))
    report.set("notify_latency_max_ms", latencies.max()!)
  }

  /// When change notifications arrived, recorded by the consumer and awaited by the bench.
  final class Arrivals: Sendable {
    private let times = Mutex<[UInt64]>([])
    private let arrived = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// How many have arrived.
    var count: Int { times.withLock { $0.count } }

    /// One arrived at `time`.
    func record(_ time: UInt64) {
      times.withLock { $0.append(time) }
      arrived.signal()
    }

    /// The time of the first arrival after the first `seen`, waiting up to `seconds` for it.
    func wait(after seen: Int, seconds: Double) -> UInt64? {
      let deadline = DispatchTime.now() + seconds
      while true {
        if let time = times.withLock({ $0.count > seen ? $0[seen] : nil }) { return time }
        if arrived.wait(timeout: deadline) == .timedOut { return nil }
      }
    }

    /// The consumer has ended.
    func finish() { finished.signal() }

    /// Waits, up to a second, for the consumer to end.
    func waitForFinish() { _ = finished.wait(timeout: .now() + 1) }
  }
}
