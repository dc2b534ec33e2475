import SQLiteCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Fans out "this list changed" to the observers of each (account, list).
///
/// Writes through this database report themselves at once (``committed(_:version:)``). Commits
/// by other connections and processes — including plain SQL from another program — are found by
/// a poller: `PRAGMA data_version` changes when another connection commits, and then the
/// per-list `version` column kept by the triggers tells which lists changed.
/// See https://sqlite.org/pragma.html#pragma_data_version
final class ChangeHub: Sendable {
  struct Key: Hashable, Sendable {
    var account: String
    var list: ListKind
  }

  private struct Subscriber {
    var key: Key
    var continuation: AsyncStream<Void>.Continuation
  }

  private struct State {
    var subscribers: [Int: Subscriber] = [:]
    var nextID = 0
    /// The version of each observed list as last reported to its observers.
    var seen: [Key: Int64] = [:]
    var poller: Poller?
    /// Pollers asked to stop whose threads may not have closed their connections yet.
    var stopping: [Poller] = []
  }

  private let state = Mutex(State())
  private let path: String
  private let pollInterval: Duration
  private let busyTimeoutMilliseconds: Int32
  private let pollsOtherConnections: Bool

  init(path: String, pollInterval: Duration, busyTimeoutMilliseconds: Int32, pollsOtherConnections: Bool) {
    self.path = path
    self.pollInterval = pollInterval
    self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    self.pollsOtherConnections = pollsOtherConnections
  }

  deinit {
    state.withLock { $0.poller?.stop() }
  }

  /// Whether anyone observes `key` (so a write should look up the list's new version).
  func isObserved(_ key: Key) -> Bool {
    state.withLock { state in state.seen[key] != nil }
  }

  /// A stream that yields once after each change to `key`'s list, starting from `version`.
  /// Changes that pile up while the observer is busy are delivered as one element.
  func subscribe(_ key: Key, version: Int64) -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let id = state.withLock { state -> Int in
      let id = state.nextID
      state.nextID += 1
      state.subscribers[id] = Subscriber(key: key, continuation: continuation)
      if state.seen[key] == nil { state.seen[key] = version }
      if state.poller == nil && pollsOtherConnections { state.poller = startPolling() }
      return id
    }
    continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
    return stream
  }

  private func unsubscribe(_ id: Int) {
    state.withLock { state in
      guard let gone = state.subscribers.removeValue(forKey: id) else { return }
      if !state.subscribers.values.contains(where: { $0.key == gone.key }) {
        state.seen[gone.key] = nil
      }
      if state.subscribers.isEmpty, let poller = state.poller {
        poller.stop()
        state.poller = nil
        state.stopping.removeAll { $0.isFinished }
        state.stopping.append(poller)
      }
    }
  }

  /// Stops polling for other connections' changes and waits until the polling connection is
  /// closed. Observers hear only of this database's own writes afterwards.
  func stopPolling() {
    let pollers = state.withLock { state -> [Poller] in
      defer {
        state.poller = nil
        state.stopping = []
      }
      return state.stopping + (state.poller.map { [$0] } ?? [])
    }
    for poller in pollers { poller.stopAndWait() }
  }

  /// A write through this database committed a change to `key`'s list, whose version is now
  /// `version` (nil when it could not be read).
  func committed(_ key: Key, version: Int64?) {
    state.withLock { state in
      if let version {
        guard state.seen[key] != nil, state.seen[key] != version else { return }
        state.seen[key] = version
      }
      for subscriber in state.subscribers.values where subscriber.key == key {
        subscriber.continuation.yield()
      }
    }
  }

  /// The poller read these versions; tell the observers of every list whose version moved.
  private func observed(_ versions: [Key: Int64]) {
    state.withLock { state in
      for (key, seen) in state.seen {
        let now = versions[key] ?? 0
        guard now != seen else { continue }
        state.seen[key] = now
        for subscriber in state.subscribers.values where subscriber.key == key {
          subscriber.continuation.yield()
        }
      }
    }
  }

  /// Starts polling on a private dispatch queue, off the Swift concurrency pool, so that tasks
  /// blocked in long synchronous work cannot delay the notifications.
  private func startPolling() -> Poller {
    let poller = Poller(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    poller.start(every: pollInterval) { [weak self] versions in self?.observed(versions) }
    return poller
  }

  static func readVersions(_ connection: Connection) throws(SQLiteError) -> [Key: Int64] {
    let statement = try connection.cachedStatement("SELECT account, list, version FROM list_counts")
    var versions: [Key: Int64] = [:]
    while try statement.step() {
      guard let list = ListKind(rawValue: statement.text(at: 1)) else { continue }
      versions[Key(account: statement.text(at: 0), list: list)] = statement.int64(at: 2)
    }
    return versions
  }
}

/// Reads `PRAGMA data_version` on its own connection at a fixed interval and, when another
/// connection has committed, the version of every list.
///
/// It runs on a thread of its own rather than on a dispatch queue or a task: when an app's
/// worker pools are busy (tasks blocked in long synchronous work), a queued timer can wait for
/// seconds, and the notification promise is 100 ms.
private final class Poller: @unchecked Sendable {
  // `connection` and `lastDataVersion` are touched only by the polling thread; `stopped` is
  // the only state shared with other threads.
  private let path: String
  private let busyTimeoutMilliseconds: Int32
  private let stopped = Atomic<Bool>(false)
  /// Set by the polling thread once its connection is closed.
  private let finished = Atomic<Bool>(false)
  private var connection: Connection?
  private var lastDataVersion: Int64 = -1

  init(path: String, busyTimeoutMilliseconds: Int32) {
    self.path = path
    self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
  }

  /// Starts the polling thread; it polls every `interval` until ``stop()``.
  func start(every interval: Duration, _ report: @escaping @Sendable ([ChangeHub.Key: Int64]) -> Void) {
    let microseconds = interval.components.seconds * 1_000_000 + interval.components.attoseconds / 1_000_000_000_000
    let job = PollingJob(poller: self, report: report, pause: useconds_t(clamping: max(microseconds, 1_000)))
    let context = Unmanaged.passRetained(job).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
    #else
      var thread: pthread_t?
    #endif
    let started = pthread_create(&thread, nil, { context in
      let job = Unmanaged<PollingJob>.fromOpaque(context!).takeRetainedValue()
      job.run()
      return nil
    }, context)
    if started == 0 {
      pthread_detach(thread)
    } else {
      Unmanaged<PollingJob>.fromOpaque(context).release()
      finished.store(true, ordering: .releasing)
    }
  }

  /// Asks the thread to end and waits until it has closed its connection, or `timeout` passed.
  func stopAndWait(timeout: Duration = .seconds(1)) {
    stop()
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !isFinished && clock.now < deadline {
      usleep(1_000)
    }
  }

  /// Asks the thread to end; it does within one interval, closing its connection.
  func stop() {
    stopped.store(true, ordering: .releasing)
  }

  fileprivate var isStopped: Bool { stopped.load(ordering: .acquiring) }

  /// Whether the thread has ended and closed its connection.
  var isFinished: Bool { finished.load(ordering: .acquiring) }

  fileprivate func poll(_ report: ([ChangeHub.Key: Int64]) -> Void) {
    if connection == nil {
      connection = try? Connection(path: path, options: .init(create: false))
      connection?.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    }
    defer { connection?.resetCachedStatements() }
    guard let connection,
      let dataVersion = try? connection.scalarInt("PRAGMA data_version"),
      dataVersion != lastDataVersion,
      let versions = try? ChangeHub.readVersions(connection)
    else { return }
    lastDataVersion = dataVersion
    report(versions)
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
  let pause: useconds_t

  init(poller: Poller, report: @escaping @Sendable ([ChangeHub.Key: Int64]) -> Void, pause: useconds_t) {
    self.poller = poller
    self.report = report
    self.pause = pause
  }

  func run() {
    while !poller.isStopped {
      poller.poll(report)
      usleep(pause)
    }
    poller.close()
  }
}
