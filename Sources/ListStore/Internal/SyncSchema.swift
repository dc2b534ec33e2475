import SQLiteCore

/// The two tables of sync, made by the first sync of the file (never by a migration, so a file
/// that never syncs keeps exactly the schema the contract documents).
///
/// - `list_sync`: one row per kind and account, the ``SyncState``.
/// - `list_sync_items`: which local item holds which remote id. A side table rather than a
///   column of the kind's table: the kind's table stays as its definition made it (what
///   `kinds show` prints and `doctor` compares), and a remote id is kept with its JSON type
///   (`remote_id` has no type affinity: `1` and `"1"` are different ids).
enum SyncSchema {
  static let createSQL = """
    CREATE TABLE IF NOT EXISTS list_sync (
      kind TEXT NOT NULL,
      account TEXT NOT NULL,
      remote_url TEXT NOT NULL,
      last_success_at INTEGER,
      last_attempt_at INTEGER,
      error_kind TEXT,
      error_message TEXT,
      error_retryable INTEGER,
      error_page INTEGER,
      next_cursor TEXT,
      next_page INTEGER NOT NULL DEFAULT 1,
      complete INTEGER NOT NULL DEFAULT 0,
      item_count INTEGER NOT NULL DEFAULT 0,
      refreshed_at INTEGER,
      generation INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (kind, account)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS list_sync_items (
      kind TEXT NOT NULL,
      account TEXT NOT NULL,
      remote_id NOT NULL,
      item_id INTEGER NOT NULL,
      PRIMARY KEY (kind, account, remote_id)
    ) WITHOUT ROWID;
    """

  static func exists(_ connection: Connection) throws(SQLiteError) -> Bool {
    // Cached: every page write and every `show` asks.
    let statement = try connection.cachedStatement(
      "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'list_sync'")
    return try statement.step() && statement.int64(at: 0) == 1
  }

  /// Reads the state of `kind` and `account`, or nil.
  static func state(kind: String, account: String, _ connection: Connection) throws(SQLiteError) -> (
    SyncState, refreshedAt: Int64?
  )? {
    guard try exists(connection) else { return nil }
    let statement = try connection.cachedStatement(
      """
      SELECT remote_url, last_success_at, last_attempt_at, error_kind, error_message, error_retryable,
        error_page, next_cursor, next_page, complete, item_count, generation, refreshed_at
      FROM list_sync WHERE kind = ?1 AND account = ?2
      """)
    try statement.bind(kind, at: 1)
    try statement.bind(account, at: 2)
    guard try statement.step() else { return nil }
    func time(_ column: Int32) -> Timestamp? {
      statement.isNull(at: column) ? nil : Timestamp(millisecondsSince1970: statement.int64(at: column))
    }
    var failure: SyncFailure?
    if let kind = statement.optionalText(at: 3) {
      failure = SyncFailure(
        kind: kind, message: statement.optionalText(at: 4) ?? "", retryable: statement.int64(at: 5) != 0,
        page: statement.isNull(at: 6) ? nil : Int(statement.int64(at: 6)))
    }
    let state = SyncState(
      remoteURL: statement.text(at: 0), lastSuccessAt: time(1), lastAttemptAt: time(2), lastError: failure,
      nextCursor: statement.optionalText(at: 7), nextPage: Int(statement.int64(at: 8)),
      isComplete: statement.int64(at: 9) != 0, itemCount: Int(statement.int64(at: 10)),
      generation: statement.int64(at: 11))
    return (state, statement.isNull(at: 12) ? nil : statement.int64(at: 12))
  }
}
