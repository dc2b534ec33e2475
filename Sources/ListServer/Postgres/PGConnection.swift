import CPostgres

/// One libpq connection to one PostgreSQL node: each statement prepared once on it and run
/// with its values bound as text (never SQL built from a value), every result checked in one
/// funnel. Used by one thread at a time (``NodeConnection`` holds the lock).
final class PGConnection {
  private let handle: OpaquePointer
  /// The name of each statement prepared on this connection, by its SQL.
  private var prepared: [String: String] = [:]

  /// Connects with `conninfo` (a libpq connection string or URI).
  /// - Throws: ``StorageError/unavailable(_:)`` when the node cannot be reached; the message
  ///   is libpq's, which never holds a password.
  init(conninfo: String) throws(StorageError) {
    guard let handle = PQconnectdb(conninfo) else {
      throw .unavailable("libpq could not allocate a connection")
    }
    guard PQstatus(handle) == CONNECTION_OK else {
      let message = Self.firstLine(PQerrorMessage(handle))
      PQfinish(handle)
      throw .unavailable("cannot connect to the node: \(message)")
    }
    // PostgreSQL's notices ("already exists, skipping") would go to stderr, which holds one
    // JSON line per request: they are dropped.
    PQsetNoticeProcessor(handle, { _, _ in }, nil)
    self.handle = handle
  }

  deinit { PQfinish(handle) }

  /// Whether the connection is lost (the node stopped, the socket closed): it is then dropped
  /// and made again.
  var isBroken: Bool { PQstatus(handle) != CONNECTION_OK }

  /// Runs `sql` (its parameters `$1`, `$2`, … bound to `values`, nil as NULL) and returns its
  /// rows.
  @discardableResult
  func query(_ sql: StaticString, _ values: [String?] = []) throws(StorageError) -> PGRows {
    let text = sql.description
    let name: String
    if let known = prepared[text] {
      name = known
    } else {
      name = "s\(prepared.count)"
      try check(PQprepare(handle, name, text, Int32(values.count), nil))
      prepared[text] = name
    }
    var buffers: [UnsafeMutableBufferPointer<CChar>] = []
    defer { for buffer in buffers { buffer.deallocate() } }
    var pointers: [UnsafePointer<CChar>?] = []
    pointers.reserveCapacity(values.count)
    for value in values {
      guard let value else {
        pointers.append(nil)
        continue
      }
      let characters = Array(value.utf8CString)
      let buffer = UnsafeMutableBufferPointer<CChar>.allocate(capacity: characters.count)
      _ = buffer.initialize(from: characters)
      buffers.append(buffer)
      pointers.append(UnsafePointer(buffer.baseAddress))
    }
    let result = pointers.withUnsafeBufferPointer { values in
      PQexecPrepared(handle, name, Int32(values.count), values.baseAddress, nil, nil, 0)
    }
    return try check(result)
  }

  /// Runs `script`: statements of this build's own, with no values (migrations, `BEGIN`).
  func execute(_ script: String) throws(StorageError) {
    try check(PQexec(handle, script))
  }

  /// Runs `body` in one transaction (`begin` starts it), committing when it returns and
  /// rolling back when it throws. A failed `COMMIT` throws: the caller never learns of an
  /// effect that was not committed.
  func transaction<T>(_ begin: String = "BEGIN", _ body: () throws -> T) throws -> T {
    try execute(begin)
    do {
      let value = try body()
      try execute("COMMIT")
      return value
    } catch {
      if !isBroken { try? execute("ROLLBACK") }
      throw error
    }
  }

  /// The rows of `result`, which is freed; a failed result throws its SQLSTATE and message.
  @discardableResult
  private func check(_ result: OpaquePointer?) throws(StorageError) -> PGRows {
    guard let result else {
      throw .unavailable("the node did not answer: \(Self.firstLine(PQerrorMessage(handle)))")
    }
    defer { PQclear(result) }
    let status = PQresultStatus(result)
    guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
      let state = PQresultErrorField(result, Int32(CPOSTGRES_DIAG_SQLSTATE)).map {
        String(cString: $0)
      }
      let message = Self.firstLine(PQresultErrorMessage(result))
      throw .unavailable("the node failed (SQLSTATE \(state ?? "none")): \(message)")
    }
    var rows: [[String?]] = []
    let count = PQntuples(result)
    let columns = PQnfields(result)
    rows.reserveCapacity(Int(count))
    for row in 0..<count {
      var values: [String?] = []
      values.reserveCapacity(Int(columns))
      for column in 0..<columns {
        values.append(
          PQgetisnull(result, row, column) == 1
            ? nil : String(cString: PQgetvalue(result, row, column)))
      }
      rows.append(values)
    }
    return PGRows(rows: rows)
  }

  /// The first line of a libpq message.
  private static func firstLine(_ message: UnsafePointer<CChar>?) -> String {
    guard let message else { return "no message" }
    return String(cString: message).split(separator: "\n").first.map(String.init) ?? "no message"
  }
}
