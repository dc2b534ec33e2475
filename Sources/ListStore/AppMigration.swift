import TextFormats

/// One of an app's own schema migrations: SQL the app runs on the file, in order, once.
///
/// An app keeps its migrations as a list that only grows: `1`, `2`, `3`, ... A migration that
/// has shipped is never edited (its checksum is recorded and checked); a change is a new
/// migration. For example:
///
/// ```swift
/// let migrations = [
///   AppMigration(1, "reading_log", sql: "CREATE TABLE reader_log (id INTEGER PRIMARY KEY, note TEXT NOT NULL) STRICT"),
///   AppMigration(2, "log_time", sql: "ALTER TABLE reader_log ADD COLUMN at INTEGER NOT NULL DEFAULT 0"),
/// ]
/// try database.migrate(app: "com.example.reader", migrations)
/// ```
public struct AppMigration: Sendable, Hashable {
  /// The migration's number: its place in the app's list, from 1.
  public var number: Int
  /// A short name for messages, e.g. `reading_log`.
  public var name: String
  /// The SQL, run as one script inside the migration's transaction.
  public var sql: String

  /// A migration numbered `number`.
  /// - Parameters:
  ///   - number: Its place in the app's list, from 1.
  ///   - name: A short name for messages.
  ///   - sql: The SQL it runs.
  public init(_ number: Int, _ name: String, sql: String) {
    self.number = number
    self.name = name
    self.sql = sql
  }

  /// The SHA-256 of the SQL's UTF-8, lowercase hex: what the file records.
  public var checksum: String { sha256Hex(Array(sql.utf8)) }
}
