import CSQLite

/// One prepared statement. Prepared in a throwing init, finalized when released.
///
/// Not `Sendable`: a statement belongs to its connection's owner. Bind indexes are 1-based (as in
/// the C API); column indexes are 0-based (as in the C API).
public final class Statement {
  /// The raw statement handle.
  public let handle: OpaquePointer
  private let db: OpaquePointer

  init(connection db: OpaquePointer, sql: String) throws(SQLiteError) {
    var statement: OpaquePointer?
    let rc = sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard rc == SQLITE_OK, let statement else {
      sqlite3_finalize(statement)
      throw SQLiteError.from(db, resultCode: rc == SQLITE_OK ? SQLITE_MISUSE : rc, sql: sql)
    }
    self.handle = statement
    self.db = db
  }

  deinit { sqlite3_finalize(handle) }

  /// The SQL text of the statement, for error reports.
  public var sql: String { String(cString: sqlite3_sql(handle)) }

  @inline(__always)
  private func checkBind(_ rc: Int32) throws(SQLiteError) {
    if rc != SQLITE_OK { throw SQLiteError.from(db, resultCode: rc, sql: sql) }
  }

  /// Binds an integer to the 1-based parameter `index`.
  @inline(__always)
  public func bind(_ value: Int64, at index: Int32) throws(SQLiteError) {
    try checkBind(sqlite3_bind_int64(handle, index, value))
  }

  /// Binds an integer to the 1-based parameter `index`.
  @inline(__always)
  public func bind(_ value: Int, at index: Int32) throws(SQLiteError) {
    try checkBind(sqlite3_bind_int64(handle, index, Int64(value)))
  }

  /// Binds a boolean as 0 or 1 to the 1-based parameter `index`.
  @inline(__always)
  public func bind(_ value: Bool, at index: Int32) throws(SQLiteError) {
    try checkBind(sqlite3_bind_int64(handle, index, value ? 1 : 0))
  }

  /// Binds UTF-8 text to the 1-based parameter `index`. SQLite copies it
  /// (`SQLITE_TRANSIENT`), so the string may go away before the statement runs.
  @inline(__always)
  public func bind(_ value: String, at index: Int32) throws(SQLiteError) {
    var value = value
    let rc = value.withUTF8 { bytes -> Int32 in
      // An empty buffer may have no address; SQLite needs one to store '' rather than NULL.
      guard let start = bytes.baseAddress else {
        return sqlite3_bind_text64(handle, index, "", 0, csqlite_transient(), UInt8(SQLITE_UTF8))
      }
      return sqlite3_bind_text64(
        handle, index, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self),
        sqlite3_uint64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8))
    }
    try checkBind(rc)
  }

  /// Binds text, or `NULL` when `value` is nil, to the 1-based parameter `index`.
  @inline(__always)
  public func bind(_ value: String?, at index: Int32) throws(SQLiteError) {
    if let value { try bind(value, at: index) } else { try bindNull(at: index) }
  }

  /// Binds `NULL` to the 1-based parameter `index`.
  public func bindNull(at index: Int32) throws(SQLiteError) {
    try checkBind(sqlite3_bind_null(handle, index))
  }

  /// Runs the statement one step: `true` when a row is ready to read, `false` when done.
  @inline(__always)
  public func step() throws(SQLiteError) -> Bool {
    let rc = sqlite3_step(handle)
    if rc == SQLITE_ROW { return true }
    if rc == SQLITE_DONE { return false }
    throw SQLiteError.from(db, resultCode: rc, sql: sql)
  }

  /// Runs a statement that returns no rows to completion.
  public func run() throws(SQLiteError) {
    while try step() {}
  }

  /// Rewinds the statement so it can run again; its bindings stay.
  @inline(__always)
  public func reset() { sqlite3_reset(handle) }

  /// Sets every parameter back to `NULL`.
  public func clearBindings() { sqlite3_clear_bindings(handle) }

  /// Number of columns in the result.
  public var columnCount: Int32 { sqlite3_column_count(handle) }

  /// The name of the 0-based result column `index`.
  public func columnName(at index: Int32) -> String { String(cString: sqlite3_column_name(handle, index)) }

  /// Whether the 0-based column `index` of the current row is `NULL`.
  @inline(__always)
  public func isNull(at index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

  /// The 0-based column `index` of the current row as an integer.
  @inline(__always)
  public func int64(at index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  /// The 0-based column `index` of the current row as text (`""` for `NULL`).
  ///
  /// The bytes are decoded as UTF-8 once, straight from SQLite's buffer; a string of up to 15
  /// bytes is stored inline without allocating. Invalid UTF-8 written by another program is
  /// repaired with U+FFFD rather than failing the whole page.
  @inline(__always)
  public func text(at index: Int32) -> String {
    guard let bytes = sqlite3_column_text(handle, index) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  /// The 0-based column `index` of the current row as text, or nil when it is `NULL`.
  @inline(__always)
  public func optionalText(at index: Int32) -> String? {
    isNull(at: index) ? nil : text(at: index)
  }
}
