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
  private let opened = Atomic<Bool>(false)

  init(path: String, busyTimeoutMilliseconds: Int32) {
    self.path = path
    self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
  }

  /// Runs `body` with a connection no other thread uses meanwhile, then keeps the connection
  /// for the next read (or closes it when enough are kept).
  ///
  /// A thread gets the idle connection it read on last when there is one: its pages are in
  /// that connection's cache and in this core's, so two threads reading side by side each keep
  /// to a connection of their own instead of trading them.
  ///
  /// Every statement `body` used from the connection's cache is reset before the connection
  /// goes back: none may keep its read transaction, and with it an old snapshot, open.
  func withReader<T>(_ body: (Connection) throws -> T) throws -> T {
    let me = Threads.currentID()
    let reader =
      try idle.withLock { idle in
        idle.lastIndex { $0.lastThread == me }.map { idle.remove(at: $0) } ?? idle.popLast()
      } ?? open()
    reader.lastThread = me
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

  /// Whether the pool ever opened a connection: whether a read ever ran beside a use of the
  /// writer (or asked for a snapshot).
  var hasOpened: Bool { opened.load(ordering: .relaxed) }

  /// The number of connections open and idle.
  var idleCount: Int { idle.withLock { $0.count } }

  private func open() throws(SQLiteError) -> Reader {
    let connection = try Connection(path: path, options: .init(create: false, readOnly: true))
    connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
    opened.store(true, ordering: .relaxed)
    return Reader(connection: connection)
  }
}

/// A read-only connection, owned by the pool while idle and by one read while in use: never
/// by two threads at once, hence @unchecked.
private final class Reader: @unchecked Sendable {
  let connection: Connection
  /// The id of the thread that read on it last.
  var lastThread: UInt = 0

  init(connection: Connection) {
    self.connection = connection
  }
}
