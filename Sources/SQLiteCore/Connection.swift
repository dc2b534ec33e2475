import CSQLite

/// One SQLite database connection, owned by exactly one owner and used from one thread at a
/// time.
///
/// A connection is not `Sendable`: wrap it in a `Mutex` or an actor to share it. It closes itself
/// when released, after finalizing the statements it cached.
public final class Connection {
  /// How to open the file.
  public struct OpenOptions: Sendable {
    /// Create the file when it does not exist.
    public var create: Bool
    /// Open read-only.
    public var readOnly: Bool
    /// Options for a read-write connection that creates the file when missing.
    public init(create: Bool = true, readOnly: Bool = false) {
      self.create = create
      self.readOnly = readOnly
    }
  }

  /// The raw handle, for the few calls this wrapper does not cover.
  public let handle: OpaquePointer
  /// The path the connection was opened with.
  public let path: String
  // The caches are used by one thread at a time, never reentrantly (`handOut` changes only the
  // array it scans, after the scan): no dynamic exclusivity check, which cost more than the
  // scan on every statement handed out.

  /// Cached statements by the address of their static SQL. A connection caches a dozen or so,
  /// where a linear scan of integers beats hashing.
  @exclusivity(unchecked) private var cache: [(key: UInt, statement: Statement)] = []
  /// Cached statements of SQL made at run time, by their text.
  @exclusivity(unchecked) private var textCache: [(key: String, statement: Statement)] = []
  /// Cached statements of SQL made at run time, by an object that stands for the text.
  @exclusivity(unchecked) private var keyedCache: [(key: AnyObject, statement: Statement)] = []
  /// Cached statements handed out since the last ``resetCachedStatements()``.
  @exclusivity(unchecked) private var handedOut: [Statement] = []

  /// Opens a connection to the database file at `path`.
  ///
  /// Opening does not read the file: a file that is not a database fails on the first
  /// statement, with ``SQLiteError/isNotADatabase``.
  /// - Throws: ``SQLiteError`` when the file cannot be opened (`SQLITE_CANTOPEN`, ...).
  public init(path: String, options: OpenOptions = OpenOptions()) throws(SQLiteError) {
    var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    if options.readOnly {
      flags |= SQLITE_OPEN_READONLY
    } else {
      flags |= SQLITE_OPEN_READWRITE
      if options.create { flags |= SQLITE_OPEN_CREATE }
    }
    var db: OpaquePointer?
    let rc = sqlite3_open_v2(path, &db, flags, nil)
    guard rc == SQLITE_OK, let db else {
      let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
      let code = db.map { sqlite3_extended_errcode($0) } ?? rc
      let systemErrno = db.map { sqlite3_system_errno($0) } ?? 0
      sqlite3_close_v2(db)
      throw SQLiteError(extendedCode: code, message: message, systemErrno: systemErrno)
    }
    self.handle = db
    self.path = path
    sqlite3_extended_result_codes(db, 1)
  }

  deinit {
    handedOut.removeAll()
    cache.removeAll()
    textCache.removeAll()
    keyedCache.removeAll()
    sqlite3_close_v2(handle)
  }

  /// Turns a result code into a thrown ``SQLiteError`` unless it is `SQLITE_OK`, `SQLITE_ROW`
  /// or `SQLITE_DONE`. The one funnel every call of this wrapper goes through.
  @inline(__always)
  public func check(_ resultCode: Int32, sql: @autoclosure () -> String? = nil) throws(SQLiteError) {
    if resultCode == SQLITE_OK || resultCode == SQLITE_ROW || resultCode == SQLITE_DONE { return }
    throw SQLiteError.from(handle, resultCode: resultCode, sql: sql())
  }

  /// Runs one SQL statement that returns no rows (`BEGIN IMMEDIATE`, `DROP TRIGGER ...`).
  ///
  /// Exactly one: SQL with a second statement after the first is refused (`SQLITE_MISUSE`)
  /// before anything runs, so a name or text that slipped into `sql` cannot add a statement of
  /// its own. Scripts of several statements that the program itself wrote (its migrations) go
  /// through ``executeScript(_:)``.
  /// - Throws: ``SQLiteError`` when `sql` does not compile, holds more than one statement, or fails.
  public func execute(_ sql: String) throws(SQLiteError) {
    var text = Array(sql.utf8CString)
    let rc = text.withUnsafeMutableBufferPointer { buffer -> Int32 in
      var statement: OpaquePointer?
      var tail: UnsafePointer<CChar>?
      let rc = sqlite3_prepare_v2(handle, buffer.baseAddress, -1, &statement, &tail)
      defer { sqlite3_finalize(statement) }
      guard rc == SQLITE_OK else { return rc }
      // What follows the first statement must be nothing but spaces and comments: SQLite then
      // compiles it to no statement at all.
      if let tail, tail.pointee != 0 {
        var next: OpaquePointer?
        let rest = sqlite3_prepare_v2(handle, tail, -1, &next, nil)
        sqlite3_finalize(next)
        if rest != SQLITE_OK || next != nil { return Self.moreThanOneStatement }
      }
      guard let statement else { return SQLITE_OK }
      var step: Int32
      repeat { step = sqlite3_step(statement) } while step == SQLITE_ROW
      return step
    }
    if rc == Self.moreThanOneStatement {
      throw SQLiteError(extendedCode: SQLITE_MISUSE, message: "more than one SQL statement where one was expected", sql: sql)
    }
    try check(rc, sql: sql)
  }

  /// The code ``execute(_:)`` uses inside for SQL of more than one statement: none of SQLite's.
  private static let moreThanOneStatement: Int32 = -1

  /// Runs a script of SQL statements that return no rows, one after the other.
  ///
  /// Only for SQL the program itself wrote: the package's migrations and the migrations an app
  /// compiles in. Everything made at run time, or read from a file, runs through ``execute(_:)``
  /// or ``prepare(_:)``, one statement at a time.
  public func executeScript(_ sql: String) throws(SQLiteError) {
    try check(sqlite3_exec(handle, sql, nil, nil, nil), sql: sql)
  }

  /// Compiles one SQL statement. The caller owns it; prefer ``cachedStatement(_:)`` on hot
  /// paths.
  public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
    try Statement(connection: handle, sql: sql)
  }

  /// A statement compiled once per connection and reused, reset, with its bindings kept.
  ///
  /// The cache is keyed by the address of the static SQL text, so a lookup costs one integer
  /// hash. The statement is only valid until the next call that hands out the same SQL.
  ///
  /// A statement stepped to a row but not to its end holds a read transaction open, so the
  /// connection keeps seeing the database as it was. Call ``resetCachedStatements()`` when
  /// done with the connection for now.
  public func cachedStatement(_ sql: StaticString) throws(SQLiteError) -> Statement {
    let key = UInt(bitPattern: sql.utf8Start)
    return try Self.handOut(
      from: &cache, key: key, matching: { $0 == key },
      prepare: { () throws(SQLiteError) in
        try Statement(connection: handle, sql: sql.withUTF8Buffer { String(decoding: $0, as: UTF8.self) })
      }, markHandedOut)
  }

  /// ``cachedStatement(_:)`` for SQL made at run time (from a kind's definition): cached by its
  /// text, which is compared on each lookup, so prefer the static form for literals.
  public func cachedStatement(text sql: String) throws(SQLiteError) -> Statement {
    // The length first (O(1)): most texts of a connection's cache differ in it, and comparing
    // their long common prefixes (`SELECT id, ...`) on every lookup costs more than the lookup.
    let count = sql.utf8.count
    return try Self.handOut(
      from: &textCache, key: sql, matching: { $0.utf8.count == count && $0 == sql },
      prepare: { () throws(SQLiteError) in try Statement(connection: handle, sql: sql) }, markHandedOut)
  }

  /// ``cachedStatement(text:)`` found by `key`, an object the caller makes once for `sql` and
  /// keeps, rather than by comparing texts: for the hottest run-time SQL (an update of a set
  /// of fields, run once per item of a loop). The cache holds `key`, so its identity never
  /// stands for another text.
  public func cachedStatement(key: AnyObject, text sql: String) throws(SQLiteError) -> Statement {
    try Self.handOut(
      from: &keyedCache, key: key, matching: { $0 === key },
      prepare: { () throws(SQLiteError) in try Statement(connection: handle, sql: sql) }, markHandedOut)
  }

  /// The one lookup of the three caches: the statement of the first entry whose key `matches`,
  /// reset; else one `prepare` makes, kept under `key`. Either way marked as handed out.
  @inline(__always)
  private static func handOut<Key>(
    from entries: inout [(key: Key, statement: Statement)], key: Key, matching matches: (Key) -> Bool,
    prepare: () throws(SQLiteError) -> Statement, _ markHandedOut: (Statement) -> Void
  ) throws(SQLiteError) -> Statement {
    for entry in entries where matches(entry.key) {
      entry.statement.reset()
      markHandedOut(entry.statement)
      return entry.statement
    }
    let statement = try prepare()
    entries.append((key, statement))
    markHandedOut(statement)
    return statement
  }

  /// Remembers `statement` for the next ``resetCachedStatements()``, once however often it is
  /// handed out (an import asks for its INSERT once per row).
  private func markHandedOut(_ statement: Statement) {
    guard !statement.isHandedOut else { return }
    statement.isHandedOut = true
    handedOut.append(statement)
  }

  /// Resets every cached statement handed out since the last call, ending the read
  /// transactions they may hold. See https://sqlite.org/c3ref/reset.html
  public func resetCachedStatements() {
    for statement in handedOut {
      statement.reset()
      statement.isHandedOut = false
    }
    handedOut.removeAll(keepingCapacity: true)
  }

  /// Sets how long a statement waits for another connection's lock before failing with
  /// `SQLITE_BUSY`. See https://sqlite.org/c3ref/busy_timeout.html
  public func setBusyTimeout(milliseconds: Int32) {
    sqlite3_busy_timeout(handle, milliseconds)
  }

  /// The rowid of the most recent successful `INSERT` on this connection.
  public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// Rows changed by the most recent `INSERT`, `UPDATE` or `DELETE` (not counting triggers).
  public var changes: Int { Int(sqlite3_changes64(handle)) }

  /// Whether no transaction is open.
  public var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

  /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
  ///
  /// Transactions that write start with `BEGIN IMMEDIATE`: a deferred transaction that later
  /// upgrades to a writer fails with `SQLITE_BUSY` that no busy handler can wait out
  /// (https://sqlite.org/lang_transaction.html).
  public func transaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
    try run(kind.beginSQL)
    do {
      let result = try body()
      try run("COMMIT")
      return result
    } catch {
      if !isAutocommit { _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
      throw error
    }
  }

  /// Runs a statement that returns no rows through the statement cache: the transaction's
  /// `BEGIN` and `COMMIT`, compiled once per connection.
  private func run(_ sql: StaticString) throws(SQLiteError) {
    let statement = try cachedStatement(sql)
    defer { statement.reset() }
    _ = try statement.step()
  }

  /// Reads one integer: the first column of the first row of `sql`, or `nil` when no row.
  public func scalarInt(_ sql: String) throws(SQLiteError) -> Int64? {
    let statement = try prepare(sql)
    guard try statement.step() else { return nil }
    return statement.isNull(at: 0) ? nil : statement.int64(at: 0)
  }

  /// Reads the first column of every row of `sql` as text.
  public func textColumn(_ sql: String) throws(SQLiteError) -> [String] {
    let statement = try prepare(sql)
    var values: [String] = []
    while try statement.step() { values.append(statement.text(at: 0)) }
    return values
  }
}

/// How a transaction takes its locks. See https://sqlite.org/lang_transaction.html
public enum TransactionKind: Sendable {
  /// Takes the write lock at once: the kind for every transaction that writes.
  case immediate
  /// Takes a read snapshot at the first read: for consistent multi-statement reads.
  case deferred
  /// In WAL mode, the same as immediate.
  case exclusive

  var beginSQL: StaticString {
    switch self {
    case .immediate: "BEGIN IMMEDIATE"
    case .deferred: "BEGIN DEFERRED"
    case .exclusive: "BEGIN EXCLUSIVE"
    }
  }
}

extension SQLiteError {
  /// The error for `resultCode`, with the connection's message when it has one for it.
  static func from(_ db: OpaquePointer?, resultCode: Int32, sql: String?) -> SQLiteError {
    guard let db else {
      return SQLiteError(extendedCode: resultCode, message: String(cString: sqlite3_errstr(resultCode)), sql: sql)
    }
    // sqlite3_errmsg describes the most recent failure on the connection; when the code in
    // hand is not that failure (a bind error), fall back to the generic text for the code.
    let extended = sqlite3_extended_errcode(db)
    let code = (extended & 0xff) == (resultCode & 0xff) ? extended : resultCode
    let message =
      (extended & 0xff) == (resultCode & 0xff)
      ? String(cString: sqlite3_errmsg(db)) : String(cString: sqlite3_errstr(resultCode))
    var systemErrno = sqlite3_system_errno(db)
    if (code & 0xff) == SQLITE_IOERR && !CLibrary.isOutOfSpace(systemErrno) {
      systemErrno = outOfSpaceErrno(of: db) ?? systemErrno
    }
    return SQLiteError(extendedCode: code, message: message, sql: sql, systemErrno: systemErrno)
  }

  /// `EFBIG` or `ENOSPC` when the last failed system call on the database file or its WAL
  /// (rollback journal) failed with it, else nil.
  ///
  /// `sqlite3_system_errno` reads the global `errno` when SQLite reports the error, which the
  /// calls of the rollback after a failed commit have overwritten by then: a WAL write past a
  /// file-size limit (`EFBIG`, which SQLite reports as `SQLITE_IOERR_WRITE`, not
  /// `SQLITE_FULL`) would be a bare "disk I/O error". Each open file keeps its own last errno
  /// (`SQLITE_FCNTL_LAST_ERRNO`): the failure is found there. See
  /// https://sqlite.org/c3ref/c_fcntl_begin_atomic_write.html
  private static func outOfSpaceErrno(of db: OpaquePointer) -> Int32? {
    var code: Int32 = 0
    if sqlite3_file_control(db, "main", SQLITE_FCNTL_LAST_ERRNO, &code) == SQLITE_OK,
      CLibrary.isOutOfSpace(code)
    {
      return code
    }
    var journal: UnsafeMutablePointer<sqlite3_file>?
    guard sqlite3_file_control(db, "main", SQLITE_FCNTL_JOURNAL_POINTER, &journal) == SQLITE_OK,
      let journal, let methods = journal.pointee.pMethods,
      let fileControl = methods.pointee.xFileControl
    else { return nil }
    code = 0
    guard fileControl(journal, SQLITE_FCNTL_LAST_ERRNO, &code) == SQLITE_OK, CLibrary.isOutOfSpace(code)
    else { return nil }
    return code
  }
}
