import SQLiteCore
import Synchronization

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
  /// A list of an account, by the list's (kind's) name.
  struct Key: Hashable, Sendable {
    var account: String
    var list: String

    init(account: String, list: String) {
      self.account = account
      self.list = list
    }

    init(account: String, list: KindName) {
      self.init(account: account, list: list.rawValue)
    }
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
      versions[Key(account: statement.text(at: 0), list: statement.text(at: 1))] = statement.int64(at: 2)
    }
    return versions
  }
}
