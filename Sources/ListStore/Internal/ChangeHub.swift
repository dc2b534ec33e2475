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
///
/// The poller runs only while someone observes and polling is not paused. When the hub goes
/// away (its database was released) every stream it handed out finishes, so a `for await`
/// over one ends instead of waiting for ever.
final class ChangeHub: Sendable {
  struct Key: Hashable, Sendable {
    var account: String
    var list: ListKind
  }

  /// One stream handed out: how to tell it of a change (given the list's new version), and how
  /// to end it.
  private struct Subscriber {
    var key: Key
    var notify: @Sendable (Int64) -> Void
    var finish: @Sendable () -> Void
  }

  private struct State {
    var subscribers: [Int: Subscriber] = [:]
    var nextID = 0
    /// The version of each observed list as last reported to its observers.
    var seen: [Key: Int64] = [:]
    var poller: Poller?
    /// Pollers asked to stop whose threads may not have closed their connections yet.
    var stopping: [Poller] = []
    /// Whether polling is paused (an app in the background): no poller runs meanwhile.
    var paused = false

    /// Asks the running poller, if any, to stop, keeping it until its thread has ended.
    mutating func retirePoller() {
      guard let poller else { return }
      poller.stop()
      self.poller = nil
      stopping.removeAll { $0.isFinished }
      stopping.append(poller)
    }
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
    let finishers = state.withLock { state in
      state.poller?.stop()
      defer { state.subscribers = [:] }
      return state.subscribers.values.map(\.finish)
    }
    // Outside the lock: finishing runs each stream's termination handler.
    for finish in finishers { finish() }
  }

  /// Whether anyone observes `key` (so a write should look up the list's new version).
  func isObserved(_ key: Key) -> Bool {
    state.withLock { state in state.seen[key] != nil }
  }

  /// A stream that yields once after each change to `key`'s list, starting from `version`
  /// (nil when it could not be read: then the next change anywhere in the file wakes it).
  /// Changes that pile up while the observer is busy are delivered as one element.
  func subscribe(_ key: Key, version: Int64?) -> AsyncStream<Void> {
    subscribe(key, version: version, yieldingNow: false) { _ in () }
  }

  /// ``subscribe(_:version:)`` whose elements are the list's version after the change; with
  /// `yieldingNow` the stream also yields `version` at once.
  func subscribeToVersions(_ key: Key, version: Int64?, yieldingNow: Bool) -> AsyncStream<Int64> {
    subscribe(key, version: version, yieldingNow: yieldingNow) { $0 }
  }

  private func subscribe<Element: Sendable>(
    _ key: Key, version: Int64?, yieldingNow: Bool,
    _ element: @escaping @Sendable (Int64) -> Element
  ) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream<Element>.makeStream(
      bufferingPolicy: .bufferingNewest(1))
    let subscriber = Subscriber(
      key: key, notify: { continuation.yield(element($0)) }, finish: { continuation.finish() })
    let id = state.withLock { state -> Int in
      let id = state.nextID
      state.nextID += 1
      state.subscribers[id] = subscriber
      if state.seen[key] == nil { state.seen[key] = version ?? -1 }
      startPollingIfNeeded(&state)
      return id
    }
    continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
    if yieldingNow { continuation.yield(element(version ?? -1)) }
    return stream
  }

  private func unsubscribe(_ id: Int) {
    state.withLock { state in
      guard let gone = state.subscribers.removeValue(forKey: id) else { return }
      if !state.subscribers.values.contains(where: { $0.key == gone.key }) {
        state.seen[gone.key] = nil
      }
      if state.subscribers.isEmpty { state.retirePoller() }
    }
  }

  /// Stops polling until ``resumePolling()``: the polling thread ends and no poll runs. Writes
  /// through this database are still reported at once.
  func pausePolling() {
    state.withLock { state in
      state.paused = true
      state.retirePoller()
    }
  }

  /// Polls again after ``pausePolling()``; the first poll reports every observed list that
  /// changed meanwhile.
  func resumePolling() {
    state.withLock { state in
      state.paused = false
      startPollingIfNeeded(&state)
    }
  }

  /// Whether a poller runs now.
  var isPolling: Bool { state.withLock { $0.poller != nil } }

  /// The name of the running poller's thread.
  var pollingThreadName: String? { state.withLock { $0.poller?.threadName } }

  private func startPollingIfNeeded(_ state: inout State) {
    guard state.poller == nil, !state.paused, pollsOtherConnections, !state.subscribers.isEmpty
    else { return }
    if let last = state.stopping.last, last.revive() {
      state.stopping.removeLast()
      state.poller = last
    } else {
      state.poller = startPolling()
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
      let now = version ?? state.seen[key] ?? -1
      for subscriber in state.subscribers.values where subscriber.key == key {
        subscriber.notify(now)
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
          subscriber.notify(now)
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
/// connection has committed, the version of every list. Both statements are prepared once, on
/// the first poll, and kept for the connection's life.
///
/// It runs on a thread of its own rather than on a dispatch queue or a task: when an app's
/// worker pools are busy (tasks blocked in long synchronous work), a queued timer can wait for
/// seconds, and the notification promise is 100 ms.
private final class Poller: @unchecked Sendable {
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

  /// Called first on the polling thread: names it.
  fileprivate func began() {
    #if canImport(Glibc)
      // pthread_setname_np is a GNU extension Swift's Glibc does not import; the thread's
      // `comm` file is the kernel's own way (proc(5)).
      let file = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
      if file >= 0 {
        _ = threadName.withCString { Glibc.write(file, $0, strlen($0)) }
        _ = Glibc.close(file)
      }
    #elseif canImport(Darwin)
      _ = pthread_setname_np(threadName)
    #endif
  }

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
  let pause: useconds_t

  init(poller: Poller, report: @escaping @Sendable ([ChangeHub.Key: Int64]) -> Void, pause: useconds_t) {
    self.poller = poller
    self.report = report
    self.pause = pause
  }

  func run() {
    poller.began()
    while !poller.ends() {
      poller.poll(report)
      usleep(pause)
    }
    poller.close()
  }
}
