import SQLiteCore
import TextFormats

/// The server's schema, made and brought forward at start by numbered migrations in plain SQL,
/// each in its own `BEGIN IMMEDIATE` transaction and recorded with its SHA-256 in
/// `server_migrations`. Forward only: a migration that has shipped is never edited (a checksum
/// that differs is refused), and a file whose schema is newer than this build is refused.
enum ServerMigrations {
  /// `PRAGMA application_id` of a server file: "LSRV".
  static let applicationID: Int64 = 0x4C53_5256

  /// The migrations, in order; the number of one is its position, from 1.
  static let all: [(name: String, sql: String)] = [
    (
      "initial",
      """
      CREATE TABLE server_kinds (
        name TEXT PRIMARY KEY, definition TEXT NOT NULL, updated_at INTEGER NOT NULL) STRICT;
      CREATE TABLE server_tokens (
        id TEXT PRIMARY KEY, account TEXT NOT NULL, hash TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL) STRICT;
      CREATE TABLE server_accounts (
        account TEXT PRIMARY KEY,
        seq INTEGER NOT NULL DEFAULT 0,
        last_id INTEGER NOT NULL DEFAULT 0,
        pruned_seq INTEGER NOT NULL DEFAULT 0) STRICT;
      CREATE TABLE server_items (
        account TEXT NOT NULL, kind TEXT NOT NULL, id INTEGER NOT NULL,
        version INTEGER NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL, unique_key TEXT,
        PRIMARY KEY (account, kind, id)) STRICT, WITHOUT ROWID;
      CREATE INDEX server_items_by_seq ON server_items (account, kind, seq);
      CREATE UNIQUE INDEX server_items_unique ON server_items (account, kind, unique_key)
        WHERE unique_key IS NOT NULL;
      CREATE TABLE server_deletions (
        account TEXT NOT NULL, kind TEXT NOT NULL, id INTEGER NOT NULL, seq INTEGER NOT NULL,
        deleted_at INTEGER NOT NULL, PRIMARY KEY (account, kind, id)) STRICT, WITHOUT ROWID;
      CREATE INDEX server_deletions_by_seq ON server_deletions (account, kind, seq);
      CREATE INDEX server_deletions_by_time ON server_deletions (deleted_at);
      CREATE TABLE server_answers (
        account TEXT NOT NULL, change_id TEXT NOT NULL, answer TEXT NOT NULL,
        answered_at INTEGER NOT NULL, PRIMARY KEY (account, change_id)) STRICT, WITHOUT ROWID;
      CREATE INDEX server_answers_by_time ON server_answers (answered_at);
      """
    )
  ]

  /// Brings the file on `connection` to the newest schema.
  /// - Throws: ``StorageError/schemaTooNew(found:supported:)`` for a newer file,
  ///   ``StorageError/migrationChanged(_:)`` when an applied migration differs, or
  ///   ``StorageError/badRequest(_:)`` for a file that is another program's database.
  static func migrate(_ connection: Connection, now: Int64) throws(StorageError) {
    do {
      try connection.execute(
        """
        CREATE TABLE IF NOT EXISTS server_migrations (
          number INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL,
          applied_at INTEGER NOT NULL) STRICT
        """)
      let mark = try connection.scalarInt("PRAGMA application_id") ?? 0
      let version = Int(try connection.scalarInt("PRAGMA user_version") ?? 0)
      if mark != applicationID && (mark != 0 || version != 0) {
        throw StorageError.badRequest("The database file is not a lists-server database.")
      }
      if version > all.count {
        throw StorageError.schemaTooNew(found: version, supported: all.count)
      }
      let recorded = try connection.prepare(
        "SELECT number, checksum FROM server_migrations ORDER BY number")
      while try recorded.step() {
        let number = Int(recorded.int64(at: 0))
        guard number >= 1, number <= all.count else {
          throw StorageError.schemaTooNew(found: number, supported: all.count)
        }
        if recorded.text(at: 1) != checksum(all[number - 1].sql) {
          throw StorageError.migrationChanged(number)
        }
      }
      for number in (version + 1)...max(version + 1, all.count) where number <= all.count {
        let migration = all[number - 1]
        try connection.transaction {
          try connection.executeScript(migration.sql)
          let record = try connection.prepare(
            "INSERT INTO server_migrations (number, name, checksum, applied_at) VALUES (?1, ?2, ?3, ?4)"
          )
          try record.bind(Int64(number), at: 1)
          try record.bind(migration.name, at: 2)
          try record.bind(checksum(migration.sql), at: 3)
          try record.bind(now, at: 4)
          try record.run()
          try connection.execute("PRAGMA application_id = \(applicationID)")
          try connection.execute("PRAGMA user_version = \(number)")
        }
      }
    } catch let error as StorageError {
      throw error
    } catch let error as SQLiteError {
      throw StorageError(error)
    } catch {
      throw .unavailable("\(error)")
    }
  }

  /// The SHA-256 of a migration's SQL, as recorded.
  static func checksum(_ sql: String) -> String { sha256Hex(Array(sql.utf8)) }
}
