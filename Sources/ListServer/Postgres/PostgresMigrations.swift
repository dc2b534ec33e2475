/// The server's schema on a PostgreSQL node, made and brought forward at start by numbered
/// migrations in plain SQL, all in one transaction under an advisory lock (so servers starting
/// together migrate once), each recorded with its SHA-256 in `server_migrations`. Forward
/// only, as on SQLite: an applied migration whose checksum differs is refused, and so is a
/// node whose schema is newer than this build. Every node has the whole schema; the directory
/// tables (kinds, tokens) are used on the first node only.
enum PostgresMigrations {
  /// The key of the advisory lock held while migrating ("LSRV").
  static let lockKey = "1280528214"

  /// The migrations, in order; the number of one is its position, from 1.
  static let all: [(name: String, sql: String)] = [
    (
      "initial",
      """
      CREATE TABLE server_kinds (
        name TEXT PRIMARY KEY, definition TEXT NOT NULL, updated_at BIGINT NOT NULL);
      CREATE TABLE server_tokens (
        id TEXT PRIMARY KEY, account TEXT NOT NULL, hash TEXT NOT NULL UNIQUE,
        created_at BIGINT NOT NULL);
      CREATE TABLE server_accounts (
        account TEXT PRIMARY KEY,
        bucket INTEGER NOT NULL,
        seq BIGINT NOT NULL DEFAULT 0,
        last_id BIGINT NOT NULL DEFAULT 0,
        pruned_seq BIGINT NOT NULL DEFAULT 0);
      CREATE TABLE server_items (
        account TEXT NOT NULL, kind TEXT NOT NULL, id BIGINT NOT NULL,
        version BIGINT NOT NULL, seq BIGINT NOT NULL, body TEXT NOT NULL, unique_key TEXT,
        PRIMARY KEY (account, kind, id));
      CREATE INDEX server_items_by_seq ON server_items (account, kind, seq);
      CREATE UNIQUE INDEX server_items_unique ON server_items (account, kind, unique_key)
        WHERE unique_key IS NOT NULL;
      CREATE TABLE server_deletions (
        account TEXT NOT NULL, kind TEXT NOT NULL, id BIGINT NOT NULL, seq BIGINT NOT NULL,
        deleted_at BIGINT NOT NULL, PRIMARY KEY (account, kind, id));
      CREATE INDEX server_deletions_by_seq ON server_deletions (account, kind, seq);
      CREATE INDEX server_deletions_by_time ON server_deletions (deleted_at);
      CREATE TABLE server_answers (
        account TEXT NOT NULL, change_id TEXT NOT NULL, answer TEXT NOT NULL,
        answered_at BIGINT NOT NULL, PRIMARY KEY (account, change_id));
      CREATE INDEX server_answers_by_time ON server_answers (answered_at);
      CREATE INDEX server_accounts_by_bucket ON server_accounts (bucket);
      CREATE TABLE server_buckets (bucket INTEGER PRIMARY KEY, node INTEGER NOT NULL);
      CREATE TABLE server_nodes (position INTEGER PRIMARY KEY, conninfo TEXT NOT NULL);
      """
    )
  ]

  /// Brings the node on `connection` to the newest schema.
  /// - Throws: ``StorageError/schemaTooNew(found:supported:)`` for a newer node,
  ///   ``StorageError/migrationChanged(_:)`` when an applied migration differs, else
  ///   ``StorageError/unavailable(_:)``.
  static func migrate(_ connection: PGConnection, now: Int64) throws(StorageError) {
    do {
      try connection.transaction {
        try connection.query("SELECT pg_advisory_xact_lock($1::bigint)", [lockKey])
        try connection.execute(
          """
          CREATE TABLE IF NOT EXISTS server_migrations (
            number INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL,
            applied_at BIGINT NOT NULL)
          """)
        let recorded = try connection.query(
          "SELECT number, checksum FROM server_migrations ORDER BY number")
        for row in 0..<recorded.count {
          let number = Int(try recorded.int64(row, 0))
          guard number >= 1, number <= all.count else {
            throw StorageError.schemaTooNew(found: number, supported: all.count)
          }
          if recorded.text(row, 1) != ServerMigrations.checksum(all[number - 1].sql) {
            throw StorageError.migrationChanged(number)
          }
        }
        for number in (recorded.count + 1)..<(all.count + 1) {
          let migration = all[number - 1]
          try connection.execute(migration.sql)
          try connection.query(
            "INSERT INTO server_migrations (number, name, checksum, applied_at) VALUES ($1, $2, $3, $4)",
            [
              String(number), migration.name, ServerMigrations.checksum(migration.sql), String(now),
            ])
        }
      }
    } catch let error as StorageError {
      throw error
    } catch {
      throw .unavailable("\(error)")
    }
  }
}
