import SQLiteCore
import Synchronization

/// Reads `PRAGMA data_version` on its own connection at a fixed interval and, when another
/// connection has committed, the version of every list. Both statements are prepared once, on
/// the first poll, and kept for the connection's life.
///
/// It runs on a thread of its own rather than on a dispatch queue or a task: when an app's
/// worker pools are busy (tasks blocked in long synchronous work), a queued timer can wait for
/// seconds, and the notification promise is 100 ms.
final class Poller: @unchecked Sendable {
  // `connection` and `lastDataVersion` are touched only by the polling thread; `phase` and
  // `finished` are the only state shared with other threads.
  private let path: String
  private let busyTimeoutMilliseconds: Int32
  /// ``running``, ``asked`` (to stop: the thread ends at its next turn unless revived first)
  /// or ``ending`` (the thread has decided to end).
  private let phase = Atomic<Int>(Poller.running)
  private static let running = 0
  private static let asked = 1
  private static let ending = 2
  /// Set by the polling thread once its connection is closed.
  private let finished = Atomic<Bool>(false)
  /// The polling thread's name, unique among the process's recent pollers: `top -H` and a
  /// debugger show it, and a test can find the thread by it.
  let threadName: String
  private static let started = Atomic<Int>(0)
  private var connection: Connection?
  private var lastDataVersion: Int64 = -1

  init(path: String, busyTimeoutMilliseconds: Int32) {
    self.path = path
    self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    // Linux allows 15 characters: "lists-poll-" and four hex digits.
    let number = Self.started.wrappingAdd(1, ordering: .relaxed).oldValue & 0xFFFF
    threadName = "lists-poll-" + String(number, radix: 16)
  }

  /// Starts the polling thread; it polls every `interval` until ``stop()``.
  func start(
    every interval: Duration, _ report: @escaping @Sendable ([ChangeHub.Key: Int64]) -> Void
  ) {
    let job = PollingJob(poller: self, report: report, pause: interval)
    if !Threads.startDetached(named: threadName, job.run) {
      finished.store(true, ordering: .releasing)
    }
  }

  /// Asks the thread to end and waits until it has closed its connection, or `timeout` passed.
  func stopAndWait(timeout: Duration = .seconds(1)) {
    stop()
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !isFinished && clock.now < deadline {
      Threads.sleep(for: .milliseconds(1))
    }
  }

  /// Asks the thread to end; it does within one interval, closing its connection.
  func stop() {
    _ = phase.compareExchange(
      expected: Self.running, desired: Self.asked, ordering: .acquiringAndReleasing)
  }

  /// Takes back ``stop()`` if the thread has not acted on it yet: an observer that leaves and
  /// comes straight back (a view's task restarted) keeps the thread instead of starting
  /// another one. Returns whether the thread keeps polling.
  func revive() -> Bool {
    phase.compareExchange(
      expected: Self.asked, desired: Self.running, ordering: .acquiringAndReleasing
    ).exchanged
  }

  /// Called by the thread at each turn: whether to end now. Once it says yes, the poller cannot
  /// be revived.
  fileprivate func ends() -> Bool {
    phase.compareExchange(
      expected: Self.asked, desired: Self.ending, ordering: .acquiringAndReleasing
    ).exchanged || phase.load(ordering: .acquiring) == Self.ending
  }

  /// Whether the thread has ended and closed its connection.
  var isFinished: Bool { finished.load(ordering: .acquiring) }

  fileprivate func poll(_ report: ([ChangeHub.Key: Int64]) -> Void) {
    if connection == nil {
      connection = try? Connection(path: path, options: .init(create: false))
      connection?.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    }
    defer { connection?.resetCachedStatements() }
    guard let connection,
      let dataVersion = try? Self.dataVersion(connection),
      dataVersion != lastDataVersion,
      let versions = try? ChangeHub.readVersions(connection)
    else { return }
    lastDataVersion = dataVersion
    report(versions)
  }

  /// `PRAGMA data_version`, through the connection's statement cache: prepared on the first poll
  /// only, where `scalarInt` would prepare it again on every one.
  private static func dataVersion(_ connection: Connection) throws(SQLiteError) -> Int64? {
    let statement = try connection.cachedStatement("PRAGMA data_version")
    return try statement.step() ? statement.int64(at: 0) : nil
  }

  fileprivate func close() {
    connection = nil
    finished.store(true, ordering: .releasing)
  }
}

/// What the polling thread runs: poll, sleep, until stopped.
private final class PollingJob {
  let poller: Poller
  let report: @Sendable ([ChangeHub.Key: Int64]) -> Void
  let pause: Duration

  init(
    poller: Poller, report: @escaping @Sendable ([ChangeHub.Key: Int64]) -> Void, pause: Duration
  ) {
    self.poller = poller
    self.report = report
    self.pause = pause
  }

  func run() {
    while !poller.ends() {
      poller.poll(report)
      Threads.sleep(for: pause)
    }
    poller.close()
  }
}
