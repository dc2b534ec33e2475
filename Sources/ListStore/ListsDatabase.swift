import SQLiteCore
import Synchronization

/// One lists database file: favorites, addresses and orders of any number of accounts.
///
/// Opening a file creates it when missing, refuses one that is not ours, and migrates it to this
/// build's schema. The database is safe to share between tasks and threads. Writes go to one
/// connection, one at a time, each one `BEGIN IMMEDIATE` transaction, committed with
/// `synchronous=FULL` in WAL mode, so what a method reports as written survives a crash or a
/// power cut. A read never waits for a write (also not for another process's) and sees every
/// write committed before it began: it uses the writer's connection when that is idle, and
/// otherwise one of the read-only connections beside it, opened when first needed; an export
/// always reads on one of those. An in-memory database has one connection for both.
///
/// No lock is held while the store runs caller code: an export's consumer and an import's
/// draft source may read the store, and an export's consumer may write to it. A write from
/// inside an import's draft source (or an in-memory database's export) would need the write
/// transaction that call holds open, so it throws ``ListStoreError/nestedWrite``.
///
/// For example:
///
/// ```swift
/// let database = try ListsDatabase(path: "lists.db")
/// let orders = database.orders(account: "default")
/// try orders.add(OrderDraft(number: "A-1001", total: Money(parsing: "25.90", currency: .eur)))
/// print(try orders.count())  // 1
/// ```
public final class ListsDatabase: Sendable {
  /// How a database is opened.
  public struct Configuration: Sendable {
    /// How long to wait for another connection's lock before failing with
    /// ``ListStoreError/databaseBusy``, in milliseconds. Default 5000.
    public var busyTimeoutMilliseconds: Int32
    /// How often ``changes(to:account:)`` looks for commits made by other connections and
    /// processes. Default 50 ms.
    public var changePollInterval: Duration
    /// Create the file when it does not exist. Default `true`.
    public var createIfMissing: Bool
    /// The clock for times the store fills in (`added_at`, `placed_at`, ...).
    public var now: @Sendable () -> Timestamp
    /// Called on the thread that is about to use a connection, each time: for tests that
    /// check where the store runs SQLite.
    package var willUseConnection: (@Sendable () -> Void)?

    /// A configuration with the defaults.
    public init(
      busyTimeoutMilliseconds: Int32 = 5000,
      changePollInterval: Duration = .milliseconds(50),
      createIfMissing: Bool = true,
      now: @escaping @Sendable () -> Timestamp = { Timestamp.now() }
    ) {
      self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
      self.changePollInterval = changePollInterval
      self.createIfMissing = createIfMissing
      self.now = now
    }
  }

  /// The file's path (`:memory:` for an in-memory database).
  public let path: String
  /// The configuration the database was opened with.
  public let configuration: Configuration
  /// The read-write connection: migrations, every write, and the short reads made while no
  /// thread uses it (every read of an in-memory database).
  let writer: WriterGate
  /// The read-only connections of the reads made while the writer is busy, and of exports;
  /// nil for an in-memory database.
  let readers: ReaderPool?
  /// The observers of the lists, made by the first ``changes(to:account:)``: a command that
  /// only reads or writes once never pays for it.
  private let hubStorage = Mutex<ChangeHub?>(nil)
  /// The thread running a ``write(_:)`` transaction, 0 when none: the reads it makes see what
  /// the transaction wrote. Only that thread stores its own id here.
  let transactionOwner = Atomic<UInt>(0)
  /// The serial number of the open ``write(_:)`` transaction (0 when none): the one whose
  /// repositories' writes join it (``join(_:touching:isAtomic:_:)``).
  let openTransaction = Atomic<UInt64>(0)
  /// The serial number of the last ``write(_:)`` transaction begun.
  let transactionSerial = Atomic<UInt64>(0)
  /// The readers held by the threads running a ``read(_:)`` closure: the reads they make
  /// inside it run there.
  let heldReads = Mutex<[UInt: HeldReader]>([:])
  /// How many threads hold one: a read checks ``heldReads`` only when some do.
  let heldReadCount = Atomic<Int>(0)
  /// The lists the open ``write(_:)`` transaction changed, told to their observers after it
  /// commits.
  let touchedLists = Mutex<[ChangeHub.Key]>([])

  /// Opens (and when needed creates and migrates) the database at `path`.
  ///
  /// - Throws: ``ListStoreError/notADatabase(path:)``, ``ListStoreError/corrupt(path:detail:)``,
  ///   ``ListStoreError/foreignDatabase(path:)``, ``ListStoreError/schemaTooNew(app:found:supported:)``
  ///   (the file is then not written at all), ``ListStoreError/cannotCreate(path:reason:)``,
  ///   ``ListStoreError/cannotOpen(path:reason:)``, ``ListStoreError/databaseBusy``, ...
  public init(path: String, configuration: Configuration = Configuration()) throws(ListStoreError) {
    self.path = path
    self.configuration = configuration
    let connection = try Self.open(path: path, configuration: configuration)
    self.writer = WriterGate(connection)
    self.readers =
      path == ":memory:"
      ? nil : ReaderPool(path: path, busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds)
  }

  deinit {
    // Readers first: the writer, closed last, checkpoints and removes the -wal and -shm files.
    readers?.closeAll()
  }

  /// The change hub, if anyone ever observed a list.
  var existingHub: ChangeHub? { hubStorage.withLock { $0 } }

  /// Stops watching the file for other connections' writes and waits (up to a second) until
  /// the connection that watched it is closed, so that releasing this value then closes the
  /// file for good — the last connection to close removes the `-wal` and `-shm` files. Change
  /// streams report only this value's own writes afterwards.
  package func stopObserving() {
    existingHub?.stopPolling()
  }

  /// The change hub, made on first use.
  var hub: ChangeHub {
    hubStorage.withLock { hub in
      if let hub { return hub }
      let made = ChangeHub(
        path: path, pollInterval: configuration.changePollInterval,
        busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds,
        pollsOtherConnections: path != ":memory:")
      hub = made
      return made
    }
  }

  /// A new, empty database that lives in memory and disappears with this value.
  public static func inMemory(configuration: Configuration = Configuration()) throws(ListStoreError)
    -> ListsDatabase
  {
    try ListsDatabase(path: ":memory:", configuration: configuration)
  }

  /// The newest schema version this build knows (the number of its newest migration).
  public static var supportedSchemaVersion: Int { Migrator.latestVersion }

  private static func open(path: String, configuration: Configuration) throws(ListStoreError)
    -> Connection
  {
    let probe: FileProbe = path == ":memory:" ? .missing : FileProbe.probe(path)
    switch probe {
    case .directory:
      throw .cannotOpen(path: path, reason: "it is a directory")
    case .notRegularFile(let what):
      throw .cannotOpen(path: path, reason: FileProbe.notRegularReason(what))
    case .notSQLite:
      throw .notADatabase(path: path)
    case .truncated(let bytes, let pageSize):
      let detail = FileProbe.truncationDetail(bytes: bytes, pageSize: pageSize)
      throw .corrupt(path: path, detail: detail)
    case .unreadable(let code):
      if code == System.permissionDenied { throw .permissionDenied(path: path) }
      throw .cannotOpen(path: path, reason: FileProbe.describe(errno: code))
    case .missing where !configuration.createIfMissing && path != ":memory:":
      throw .cannotOpen(path: path, reason: "no such file")
    case .missing, .empty, .sqlite:
      break
    }

    // A new file is made here rather than by SQLite, so that it is private whatever the umask.
    if probe == .missing && path != ":memory:" && PrivateFile.createEmptyFile(at: path) != 0 {
      throw .cannotCreate(path: path, reason: Self.whyCannotCreate(path))
    }
    let connection: Connection
    do {
      connection = try Connection(path: path, options: .init(create: probe == .missing))
    } catch {
      if probe == .missing { throw .cannotCreate(path: path, reason: Self.whyCannotCreate(path)) }
      throw ListStoreError(error, path: path)
    }
    connection.setBusyTimeout(milliseconds: configuration.busyTimeoutMilliseconds)

    do {
      // Reads only, so a file we refuse is left exactly as it was.
      let mark = try Migrator.readMark(connection)
      try Migrator.checkMark(mark, path: path)
      try connection.execute("PRAGMA foreign_keys = ON")
      try connection.execute("PRAGMA synchronous = FULL")
      let current = mark.applicationID == Migrator.applicationID && mark.version == Migrator.latestVersion
      if !current || probe != .sqlite(wal: true) {
        if path != ":memory:" {
          try enableWAL(connection, busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds)
        }
      }
      if current {
        // What migrate checks before its first step, for a file that needs none: the recorded
        // migrations are exactly 1 to the version. (A changed checksum is left to doctor to
        // report: nothing is re-run on a current file.)
        let applied = try Migrator.applied(connection)
        if let detail = Migrator.inconsistency(
          applied, version: mark.version, hasSchema: mark.hasSchema)
        {
          throw ListStoreError.corrupt(path: path, detail: detail)
        }
      } else {
        try Migrator.migrate(connection, path: path, now: { configuration.now().millisecondsSince1970 })
        // The built-in lists' tables are the migrations'; their definitions are kept beside
        // those of the kinds the file's user registers.
        try connection.transaction(.immediate) {
          try KindRegistry.recordBuiltIns(connection, now: configuration.now().millisecondsSince1970)
        }
      }
    } catch {
      if probe == .missing, let sqliteError = error as? SQLiteError, sqliteError.isCannotOpen || sqliteError.isPermission {
        throw .cannotCreate(path: path, reason: Self.whyCannotCreate(path))
      }
      throw ListStoreError.wrap(error, path: path)
    }
    return connection
  }

  /// Switches the file to WAL mode, waiting up to the busy timeout for other processes.
  ///
  /// The switch reads the header, then takes the write lock while holding its read lock. When
  /// another process does the same at that moment (several processes opening a new file), SQLite
  /// fails one of them with `SQLITE_BUSY` at once, without calling the busy handler, since
  /// waiting could deadlock (https://sqlite.org/c3ref/busy_handler.html). So the switch is
  /// retried here until the busy timeout; usually the other process has switched the file by
  /// then and the pragma has nothing left to do.
  private static func enableWAL(
    _ connection: Connection, busyTimeoutMilliseconds: Int32
  ) throws(SQLiteError) {
    let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int(busyTimeoutMilliseconds)))
    while true {
      do {
        _ = try connection.textColumn("PRAGMA journal_mode = WAL")
        return
      } catch let error where error.isBusy && ContinuousClock.now < deadline {
        Threads.sleep(for: .milliseconds(2))
      }
    }
  }

  /// Why a file cannot be created at `path`, in words: the folder is missing or not writable.
  private static func whyCannotCreate(_ path: String) -> String {
    let folder: String
    if let slash = path.lastIndex(of: "/") {
      folder = slash == path.startIndex ? "/" : String(path[..<slash])
    } else {
      folder = "."
    }
    guard case .success(let info) = System.status(ofPath: folder) else {
      return "the folder \(folder) does not exist"
    }
    if info.type != .directory { return "\(folder) is not a folder" }
    if !System.isWritable(folder) { return "the folder \(folder) is not writable" }
    return "the file could not be created"
  }

  // MARK: Running work on the connections

  /// Runs `body` with the writer connection, holding it; outside a transaction unless `body`
  /// opens one. SQLite errors become ``ListStoreError``s; every other error passes through
  /// unchanged.
  /// - Throws: ``ListStoreError/nestedWrite`` when this thread already holds the writer (inside
  ///   a ``write(_:)`` closure or an import's draft source) or a ``read(_:)`` snapshot.
  func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
    do {
      if heldRead != nil { throw ListStoreError.nestedWrite }
      return try writer.withConnection { connection, nested throws -> T in
        if nested { throw ListStoreError.nestedWrite }
        configuration.willUseConnection?()
        // No statement may keep a read transaction open once the lock is released: the next
        // read would see the database as it was then.
        defer { connection.resetCachedStatements() }
        return try body(connection)
      }
    } catch let error as SQLiteError {
      throw ListStoreError(error, path: path)
    }
  }

  /// Runs `body` on a connection to read from, without waiting for any write. Errors other
  /// than SQLite's pass through unchanged.
  ///
  /// A short read (no `snapshot`) uses the writer when no thread is using it, outside any
  /// transaction: in WAL mode a read there waits for no other process's write either, and a
  /// command that only reads opens one connection. When the writer
  /// is busy (a write waiting for another process's lock, an import), or this thread holds it,
  /// the read goes to a reader of the pool instead. Once reads have run side by side (the pool
  /// has opened a connection), only the thread that took the writer last reads on it, and the
  /// others keep to readers of their own (``ReaderPool/withReader(_:)``): two threads reading
  /// at once then neither trade connections, and the pages cached in them, page after page, nor
  /// both touch the writer's lock for every read. An in-memory database has only the writer
  /// (also from inside a call that holds it).
  ///
  /// With `snapshot`, `body` runs in one read transaction on a reader: everything it reads is
  /// one consistent state of the file, whatever is committed meanwhile, and the writer stays
  /// free while it runs — an export's consumer runs inside it.
  func readRethrowing<T>(snapshot: Bool = false, _ body: (Connection) throws -> T) throws -> T {
    do {
      func run(_ connection: Connection) throws -> T {
        configuration.willUseConnection?()
        guard snapshot && connection.isAutocommit else { return try body(connection) }
        return try connection.transaction(.deferred) { try body(connection) }
      }
      // Inside a read(_:) closure, every read is of its snapshot.
      if let held = heldRead { return try body(held) }
      // Inside a write(_:) transaction, a short read sees what it wrote so far.
      if !snapshot && isInOpenTransaction {
        return try writer.withConnection { connection, _ throws -> T in try run(connection) }
      }
      if let readers {
        if !snapshot,
          let result = try writer.withConnectionIfFree(onlyIfLastOwner: readers.hasOpened, { connection throws -> T in
            defer { connection.resetCachedStatements() }
            return try run(connection)
          })
        {
          return result
        }
        return try readers.withReader(run)
      }
      return try writer.withConnection { connection, nested throws -> T in
        defer { if !nested { connection.resetCachedStatements() } }
        return try run(connection)
      }
    } catch let error as SQLiteError {
      throw ListStoreError(error, path: path)
    }
  }

  /// ``readRethrowing(snapshot:_:)`` with every error as a ``ListStoreError``.
  @usableFromInline
  func read<T>(_ body: (Connection) throws -> T) throws(ListStoreError) -> T {
    do {
      return try readRethrowing(body)
    } catch {
      throw ListStoreError.wrap(error, path: path)
    }
  }

  /// ``read(_:)`` for a body that leaves its result in a variable of the caller: not generic,
  /// so code inlined into another module (a page of an app's record type) runs it without
  /// looking up the metadata of its result and copying it through a `Result` on every call.
  @usableFromInline
  func readWithoutResult(_ body: (Connection) throws -> Void) throws(ListStoreError) {
    try read(body)
  }

  /// Runs `body` in one `BEGIN IMMEDIATE` transaction on the writer that changes the list of the
  /// kind named `kind` of `account`, then tells the list's observers. Errors other than
  /// SQLite's pass through unchanged. `isAtomic`: `body` leaves
  /// nothing behind when it throws (it checks everything before its one statement, or keeps a
  /// savepoint of its own), so inside an open ``write(_:)`` transaction it needs none.
  ///
  /// `isBulk`: `body` runs many statements of one row each (an import). Their statement
  /// journals are then kept in memory for this transaction (see ``bulkJournal(_:on:)``).
  ///
  /// `transaction`: the open ``write(_:)`` transaction `body` joins (the repository's that
  /// writes); nil: `body` runs in a transaction of its own, and from inside another write
  /// throws ``ListStoreError/nestedWrite``.
  func writeRethrowing<T>(
    kind: String, account: String, in transaction: TransactionID? = nil, isAtomic: Bool = false,
    isBulk: Bool = false, _ body: (Connection) throws -> T
  ) throws -> T {
    let key = ChangeHub.Key(account: account, list: kind)
    if let transaction { return try join(transaction, touching: key, isAtomic: isAtomic, body) }
    let hub = existingHub
    let observed = hub?.isObserved(key) ?? false
    let (result, version) = try withConnection { connection throws -> (T, Int64?) in
      if isBulk { try Self.bulkJournal(true, on: connection) }
      defer { if isBulk { try? Self.bulkJournal(false, on: connection) } }
      let result = try connection.transaction(.immediate) { try body(connection) }
      return (result, observed ? try? Self.version(of: key, on: connection) : nil)
    }
    if observed { hub?.committed(key, version: version) }
    return result
  }

  /// Keeps the statement journals of the next transaction on `connection` in memory (`on`), or
  /// back in a temporary file once one passes 64 KiB, SQLite's default (`off`).
  ///
  /// A write statement that fires triggers (every counted list, every synced kind) journals
  /// the pages it changes, so that it alone can be rolled back. Once one statement of a
  /// transaction journaled more than 64 KiB, SQLite keeps that journal in a temporary file, and
  /// every later statement of the transaction writes each page it touches there: two `pwrite`
  /// calls a page, 16 for an add to a synced kind. In memory, an import of 200,000 orders takes
  /// half the time. Only a transaction of one-row statements asks for it: the journal of one
  /// statement that changes a whole list (`clear`) would hold that list's pages in memory.
  /// SQLite reads the setting when a transaction begins, and refuses it inside one.
  static func bulkJournal(_ on: Bool, on connection: Connection) throws(SQLiteError) {
    try connection.cachedStatement(on ? "PRAGMA temp_store = MEMORY" : "PRAGMA temp_store = DEFAULT").run()
  }

  static func version(of key: ChangeHub.Key, on connection: Connection) throws(SQLiteError) -> Int64 {
    let statement = try connection.cachedStatement(
      "SELECT version FROM list_counts WHERE account = ? AND list = ?")
    try statement.bind(key.account, at: 1)
    try statement.bind(key.list, at: 2)
    return try statement.step() ? statement.int64(at: 0) : 0
  }
}
