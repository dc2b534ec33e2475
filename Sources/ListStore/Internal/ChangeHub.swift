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
    var poller: Task<Void, Never>?
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
    state.withLock { $0.poller?.cancel() }
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
        state.poller?.cancel()
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

  private func startPolling() -> Task<Void, Never> {
    let path = path
    let interval = pollInterval
    let timeout = busyTimeoutMilliseconds
    return Task.detached { [weak self] in
      guard let connection = try? Connection(path: path, options: .init(create: false)) else { return }
      connection.setBusyTimeout(milliseconds: timeout)
      var lastDataVersion: Int64 = -1
      while !Task.isCancelled {
        if let dataVersion = try? connection.scalarInt("PRAGMA data_version"), dataVersion != lastDataVersion {
          if let versions = try? Self.readVersions(connection) {
            lastDataVersion = dataVersion
            guard let self else { return }
            self.observed(versions)
          }
        }
        do { try await Task.sleep(for: interval) } catch { return }
      }
    }
  }

  private static func readVersions(_ connection: Connection) throws(SQLiteError) -> [Key: Int64] {
    let statement = try connection.cachedStatement("SELECT account, list, version FROM list_counts")
    var versions: [Key: Int64] = [:]
    while try statement.step() {
      guard let list = ListKind(rawValue: statement.text(at: 1)) else { continue }
      versions[Key(account: statement.text(at: 0), list: list)] = statement.int64(at: 2)
    }
    return versions
  }
}
