import CSQLite

/// A failed SQLite call: the result code, SQLite's message, and the SQL it was running.
///
/// Every return code of the C API goes through one funnel, ``Connection/check(_:sql:)``, so every
/// error carries the same facts. The values bound to the statement are never included: they may
/// be personal data.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The extended result code, e.g. `SQLITE_BUSY_SNAPSHOT` (517).
  public let extendedCode: Int32
  /// `sqlite3_errmsg` at the time of the failure (or `sqlite3_errstr` without a connection).
  public let message: String
  /// The SQL being prepared or run, when there was one.
  public let sql: String?
  /// The operating system's `errno` behind an I/O or open failure (`sqlite3_system_errno`), or
  /// 0. A write past a file-size limit fails with `EFBIG`, a full disk with `ENOSPC`.
  public let systemErrno: Int32

  /// Creates an error from a result code and its message.
  public init(extendedCode: Int32, message: String, sql: String? = nil, systemErrno: Int32 = 0) {
    self.extendedCode = extendedCode
    self.message = message
    self.sql = sql
    self.systemErrno = systemErrno
  }

  /// The primary result code: the low 8 bits of ``extendedCode``, e.g. `SQLITE_BUSY` (5).
  public var code: Int32 { extendedCode & 0xff }

  /// Another connection holds a lock: `SQLITE_BUSY` or `SQLITE_LOCKED`. Waiting may help.
  public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }
  /// A constraint failed (`UNIQUE`, `CHECK`, `NOT NULL`, `FOREIGN KEY`).
  public var isConstraint: Bool { code == SQLITE_CONSTRAINT }
  /// A `CHECK` constraint failed.
  public var isCheckViolation: Bool { extendedCode == CSQLITE_CONSTRAINT_CHECK }
  /// A `UNIQUE` or `PRIMARY KEY` constraint failed.
  public var isUniqueViolation: Bool {
    extendedCode == CSQLITE_CONSTRAINT_UNIQUE || extendedCode == CSQLITE_CONSTRAINT_PRIMARYKEY
  }
  /// A value did not fit its `STRICT` column's type (`SQLITE_CONSTRAINT_DATATYPE`), as when
  /// an integer sum overflows into a real.
  public var isDatatypeViolation: Bool { extendedCode == CSQLITE_CONSTRAINT_DATATYPE }
  /// A statement does not fit the schema: it names a table, column, index or trigger the
  /// schema does not have, an `ON CONFLICT` target without its unique constraint, or writes
  /// to or drops as a table what is a view (`SQLITE_ERROR` with one of those messages of
  /// SQLite's).
  public var isSchemaMismatch: Bool {
    code == SQLITE_ERROR
      && (message.hasPrefix("no such ") || message.contains(" has no column named ")
        || message.hasPrefix("ON CONFLICT clause does not match")
        || message.hasPrefix("use DROP VIEW") || message.hasSuffix("because it is a view"))
  }
  /// The file is not a database (`SQLITE_NOTADB`).
  public var isNotADatabase: Bool { code == SQLITE_NOTADB }
  /// The database image is malformed (`SQLITE_CORRUPT`).
  public var isCorrupt: Bool { code == SQLITE_CORRUPT }
  /// The disk or the file-size limit is full (`SQLITE_FULL`, or a write that failed with
  /// `EFBIG`/`ENOSPC` surfacing as an I/O error).
  public var isFull: Bool {
    code == SQLITE_FULL || (code == SQLITE_IOERR && CLibrary.isOutOfSpace(systemErrno))
  }
  /// The operating system reported an I/O error (`SQLITE_IOERR_*`).
  public var isIOError: Bool { code == SQLITE_IOERR }
  /// The file could not be opened (`SQLITE_CANTOPEN`).
  public var isCannotOpen: Bool { code == SQLITE_CANTOPEN }
  /// Access denied by the file system or the database is read-only (`SQLITE_PERM`,
  /// `SQLITE_READONLY`, `SQLITE_AUTH`).
  public var isPermission: Bool {
    code == SQLITE_PERM || code == SQLITE_READONLY || code == SQLITE_AUTH
  }
  /// The statement was interrupted (`SQLITE_INTERRUPT`).
  public var isInterrupted: Bool { code == SQLITE_INTERRUPT }

  /// `SQLite error 5 (database is locked) while running: BEGIN IMMEDIATE`.
  public var description: String {
    var text = "SQLite error \(extendedCode) (\(message))"
    if let sql { text += " while running: \(sql)" }
    return text
  }
}
