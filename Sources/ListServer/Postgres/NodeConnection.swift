import Synchronization

/// One connection slot to a PostgreSQL node, used by one thread at a time: it connects when
/// first used, drops its connection when the node goes away, and connects again after a
/// backoff that doubles (50 ms up to 2 s) while the node stays down, so a restarted node is
/// served again within two seconds and a down one is not hammered.
final class NodeConnection: @unchecked Sendable {
  // `connection`, `retryAt` and `backoff` are used only inside `lock.withLock`: hence
  // @unchecked.
  private let conninfo: String
  private let lock = Mutex<Void>(())
  private var connection: PGConnection?
  private var retryAt: ContinuousClock.Instant?
  private var backoff: Duration = .milliseconds(50)

  /// The shortest and longest wait before connecting again.
  static let backoffRange: ClosedRange<Duration> = .milliseconds(50) ... .seconds(2)

  /// A slot for the node at `conninfo`; nothing is connected yet.
  init(conninfo: String) {
    self.conninfo = conninfo
  }

  /// Runs `body` with the connection, holding the lock; any error becomes a ``StorageError``.
  /// While the node is down (or being waited for) it throws ``StorageError/unavailable(_:)``
  /// without trying. A connection found broken when used again (the node restarted meanwhile)
  /// is made again and `body` run once more at once: every call of the storage is safe to
  /// repeat (a push sent again gets its stored answers).
  func run<T>(_ body: (PGConnection) throws -> T) throws(StorageError) -> T {
    if let result = once(body) { return try result.get() }
    guard let result = once(body) else {
      throw .unavailable("the node closed a new connection")
    }
    return try result.get()
  }

  /// One try of `body`, holding the lock; nil when a connection made before was found broken
  /// (and dropped), so the caller tries once more with a new one.
  private func once<T>(_ body: (PGConnection) throws -> T) -> Result<T, StorageError>? {
    lock.withLock { _ in
      let current: PGConnection
      let reused: Bool
      if let connection {
        current = connection
        reused = true
      } else {
        if let retryAt, ContinuousClock.now < retryAt {
          return .failure(.unavailable("the node is down; trying again shortly"))
        }
        do {
          current = try PGConnection(conninfo: conninfo)
        } catch {
          failed()
          return .failure(error as? StorageError ?? .unavailable("\(error)"))
        }
        connection = current
        reused = false
        retryAt = nil
        backoff = Self.backoffRange.lowerBound
      }
      do {
        return .success(try body(current))
      } catch {
        if current.isBroken {
          connection = nil
          if reused { return nil }
          failed()
        }
        return .failure(error as? StorageError ?? .unavailable("\(error)"))
      }
    }
  }

  /// Notes a failure to reach the node: the next try waits out the backoff, which doubles.
  private func failed() {
    retryAt = ContinuousClock.now + backoff
    backoff = min(backoff * 2, Self.backoffRange.upperBound)
  }
}
