import Dispatch
import SQLiteCore
import Synchronization

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
      if state.subscribers.isEmpty {
        state.poller?.stop()
        state.poller = nil
      }
    }
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
private final class Poller: @unchecked Sendable {
  // Everything below is touched only on `queue`.
  private let queue = DispatchQueue(label: "lists.changes.poller")
  private let path: String
  private let busyTimeoutMilliseconds: Int32
  private var timer: DispatchSourceTimer?
  private var connection: Connection?
  private var lastDataVersion: Int64 = -1

  init(path: String, busyTimeoutMilliseconds: Int32) {
    self.path = path
    self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
  }

  func start(every interval: Duration, _ report: @escaping @Sendable ([ChangeHub.Key: Int64]) -> Void) {
    queue.async {
      let timer = DispatchSource.makeTimerSource(queue: self.queue)
      let nanoseconds = interval.components.seconds * 1_000_000_000 + interval.components.attoseconds / 1_000_000_000
      timer.schedule(deadline: .now(), repeating: .nanoseconds(Int(max(nanoseconds, 1_000_000))))
      timer.setEventHandler { [weak self] in self?.poll(report) }
      self.timer = timer
      timer.resume()
    }
  }

  func stop() {
    queue.async {
      self.timer?.cancel()
      self.timer = nil
      self.connection = nil
    }
  }

  private func poll(_ report: ([ChangeHub.Key: Int64]) -> Void) {
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
}
