import CSQLite

/// One prepared statement. Prepared in a throwing init, finalized when released.
///
/// Not `Sendable`: a statement belongs to its connection's owner. Bind indexes are 1-based (as in
/// the C API); column indexes are 0-based (as in the C API).
///
/// The binding, stepping and column accessors are inlinable: they are called once per column of
/// every row, from other modules, and a call each would cost more than SQLite's own accessor.
public final class Statement {
  /// The raw statement handle.
  public let handle: OpaquePointer
  @usableFromInline let db: OpaquePointer
  /// Whether the connection's cache handed this statement out since its last reset round.
  var isHandedOut = false
  /// The memory SQLite reads bound text from.
  @usableFromInline let boundText: BoundTextBuffers
  /// The result columns asked for by name, see ``column(named:)``.
  @usableFromInline let columnNames = ColumnNames()

  init(connection db: OpaquePointer, sql: String) throws(SQLiteError) {
    var statement: OpaquePointer?
    let rc = sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard rc == SQLITE_OK, let statement else {
      sqlite3_finalize(statement)
      throw SQLiteError.from(db, resultCode: rc == SQLITE_OK ? SQLITE_MISUSE : rc, sql: sql)
    }
    self.handle = statement
    self.db = db
    self.boundText = BoundTextBuffers(count: sqlite3_bind_parameter_count(statement))
  }

  deinit {
    sqlite3_finalize(handle)
    boundText.deallocate()
    columnNames.deallocate()
  }

  /// The SQL text of the statement, for error reports.
  public var sql: String { String(cString: sqlite3_sql(handle)) }

  /// The error for a failed call on this statement. Kept out of line: it is the cold path.
  @usableFromInline
  func failure(_ rc: Int32) -> SQLiteError {
    SQLiteError.from(db, resultCode: rc, sql: sql)
  }

  // MARK: Binding (1-based)

  /// Binds an integer to the 1-based parameter `index`.
  @inlinable
  public func bind(_ value: Int64, at index: Int32) throws(SQLiteError) {
    boundText.forget(at: index)
    let rc = sqlite3_bind_int64(handle, index, value)
    if rc != SQLITE_OK { throw failure(rc) }
  }

  /// Binds an integer to the 1-based parameter `index`.
  @inlinable
  public func bind(_ value: Int, at index: Int32) throws(SQLiteError) {
    try bind(Int64(value), at: index)
  }

  /// Binds a boolean as 0 or 1 to the 1-based parameter `index`.
  @inlinable
  public func bind(_ value: Bool, at index: Int32) throws(SQLiteError) {
    try bind(Int64(value ? 1 : 0), at: index)
  }

  /// Binds UTF-8 text to the 1-based parameter `index`. The text is copied (into the
  /// statement's own buffers, see ``BoundTextBuffers``, or by SQLite for long text), so the
  /// string may go away before the statement runs; the binding lasts until the parameter is
  /// bound again, across resets.
  ///
  /// Text without NUL characters is handed over NUL-terminated (length -1): SQLite need not copy
  /// it again when a `CHECK`, a trigger or a function wants it terminated. Text with NULs keeps
  /// its full length.
  @inlinable
  public func bind(_ value: String, at index: Int32) throws(SQLiteError) {
    let rc = value.withCString { text in bindText(text, count: value.utf8.count, at: index) }
    if rc != SQLITE_OK { throw failure(rc) }
  }

  /// Binds the `count` bytes at `text` (NUL-terminated after them) to the 1-based parameter
  /// `index`; returns SQLite's result code.
  @usableFromInline
  func bindText(_ text: UnsafePointer<CChar>, count: Int, at index: Int32) -> Int32 {
    // The same bytes bound from this statement's buffer already: the binding survived resets.
    // (Even while the statement runs, when SQLite would refuse a new binding: the parameter
    // already holds exactly what is asked, so nothing is refused.)
    if boundText.isBound(text, length: count, at: index) { return SQLITE_OK }
    boundText.forget(at: index)
    let length: Int32 = CLibrary.length(ofCString: text) == count ? -1 : Int32(clamping: count)
    guard count <= BoundTextBuffers.longest, let buffer = boundText.spare(at: index, size: count + 1) else {
      return sqlite3_bind_text(handle, index, text, length, csqlite_transient())
    }
    buffer.update(from: text, count: count + 1)
    let rc = sqlite3_bind_text(handle, index, buffer, length, csqlite_static())
    if rc == SQLITE_OK { boundText.didBindSpare(at: index, length: count) }
    return rc
  }

  /// Binds text, or `NULL` when `value` is nil, to the 1-based parameter `index`.
  @inlinable
  public func bind(_ value: String?, at index: Int32) throws(SQLiteError) {
    if let value { try bind(value, at: index) } else { try bindNull(at: index) }
  }

  /// Binds `NULL` to the 1-based parameter `index`.
  @inlinable
  public func bindNull(at index: Int32) throws(SQLiteError) {
    boundText.forget(at: index)
    let rc = sqlite3_bind_null(handle, index)
    if rc != SQLITE_OK { throw failure(rc) }
  }

  // MARK: Running

  /// Runs the statement one step: `true` when a row is ready to read, `false` when done.
  @inlinable
  public func step() throws(SQLiteError) -> Bool {
    let rc = sqlite3_step(handle)
    if rc == SQLITE_ROW { return true }
    if rc == SQLITE_DONE { return false }
    throw failure(rc)
  }

  /// Runs a statement that returns no rows to completion.
  @inlinable
  public func run() throws(SQLiteError) {
    while try step() {}
  }

  /// Rewinds the statement so it can run again; its bindings stay. Ends the read transaction
  /// a statement stopped on a row holds.
  @inlinable
  public func reset() { sqlite3_reset(handle) }

  /// Sets every parameter back to `NULL`.
  public func clearBindings() {
    boundText.forgetAll()
    sqlite3_clear_bindings(handle)
  }

  // MARK: Columns (0-based)

  /// Number of columns in the result.
  public var columnCount: Int32 { sqlite3_column_count(handle) }

  /// The name of the 0-based result column `index`.
  public func columnName(at index: Int32) -> String {
    String(cString: sqlite3_column_name(handle, index))
  }

  /// The 0-based result column named `name` (its `AS` name, else its column's), or -1 when
  /// the statement has none. Each literal is looked up once per statement, then found by its
  /// address: cheap enough to call for every column of every row.
  @inlinable @inline(__always)
  public func column(named name: StaticString) -> Int32 {
    columnNames.column(named: name, in: handle)
  }

  /// The current row with its columns by name (``StatementRow/column(named:)``), read without
  /// retaining the statement: for a record's decoder. Valid until the statement steps, resets
  /// or goes away.
  @inlinable
  public var namedRow: StatementRow { StatementRow(handle, names: columnNames) }

  /// The current row, read without retaining the statement: for code that reads many columns
  /// of many rows (a record's decoder). Valid until the statement steps, resets or goes away.
  @inlinable
  public var row: StatementRow { StatementRow(handle) }

  /// Whether the 0-based column `index` of the current row is `NULL`.
  @inlinable
  public func isNull(at index: Int32) -> Bool { row.isNull(at: index) }

  /// The 0-based column `index` of the current row as an integer.
  @inlinable
  public func int64(at index: Int32) -> Int64 { row.int64(at: index) }

  /// Calls `body` with the UTF-8 bytes of the 0-based column `index` of the current row, in
  /// SQLite's own buffer (empty for `NULL`), without making a `String`.
  ///
  /// The bytes are valid only inside `body`.
  @inlinable
  public func withUTF8<R>(at index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try row.withUTF8(at: index, body)
  }

  /// The 0-based column `index` of the current row as text (`""` for `NULL`); see
  /// ``StatementRow/text(at:)``.
  @inlinable
  public func text(at index: Int32) -> String { row.text(at: index) }

  /// The 0-based column `index` of the current row as text, or nil when it is `NULL`.
  @inlinable
  public func optionalText(at index: Int32) -> String? {
    isNull(at: index) ? nil : text(at: index)
  }
}
