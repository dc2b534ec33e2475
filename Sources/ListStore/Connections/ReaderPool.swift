import SQLiteCore
import Synchronization

/// Read-only connections to a database file beside its writer, opened on first use and kept
/// for the next read.
///
/// In WAL mode readers never wait for the writer (https://sqlite.org/wal.html): each read
/// transaction is a snapshot of what was committed when it began. A read takes an idle
/// connection, or opens one when none is idle, so a read never waits for another read either,
/// and a read made from inside another (an export's consumer counting a list) gets a
/// connection of its own. At most ``maximumIdle`` connections are kept; more are closed when
/// their read ends. Short reads use the writer when it is idle (see
/// `ListsDatabase.readRethrowing`), so a command that reads while nothing writes, or only
/// writes, pays for no connection here.
final class ReaderPool: Sendable {
  /// How many idle connections are kept open: enough for an app's few concurrent readers.
  static let maximumIdle = 4

  private let path: String
  private let busyTimeoutMilliseconds: Int32
  private let idle = Mutex<[Reader]>([])

  init(path: String, busyTimeoutMilliseconds: Int32) {
    self.path = path
    self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
  }

  /// Runs `body` with a connection no other thread uses meanwhile, then keeps the connection
  /// for the next read (or closes it when enough are kept).
  ///
  /// Every statement `body` used from the connection's cache is reset before the connection
  /// goes back: none may keep its read transaction, and with it an old snapshot, open.
  func withReader<T>(_ body: (Connection) throws -> T) throws -> T {
    let reader = try idle.withLock { $0.popLast() } ?? open()
    defer {
      reader.connection.resetCachedStatements()
      if reader.connection.isAutocommit {
        idle.withLock { idle in
          if idle.count < Self.maximumIdle { idle.append(reader) }
        }
      }
    }
    return try body(reader.connection)
  }

  /// Closes the idle connections (the writer, closed last, then checkpoints and removes the
  /// `-wal` and `-shm` files: a read-only connection cannot).
  func closeAll() {
    idle.withLock { $0.removeAll() }
  }

  /// The number of connections open and idle.
  var idleCount: Int { idle.withLock { $0.count } }

  private func open() throws(SQLiteError) -> Reader {
    let connection = try Connection(path: path, options: .init(create: false, readOnly: true))
    connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    return Reader(connection: connection)
  }
}

/// A read-only connection, owned by the pool while idle and by one read while in use: never
/// by two threads at once, hence @unchecked.
private final class Reader: @unchecked Sendable {
  let connection: Connection

  init(connection: Connection) {
    self.connection = connection
  }
}
