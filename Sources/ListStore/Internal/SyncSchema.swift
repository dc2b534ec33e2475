import SQLiteCore

/// The tables of sync, made by the first sync of the file (never by a migration, so a file that
/// never syncs keeps exactly the schema the contract documents).
///
/// - `list_sync`: one row per kind and account, the ``SyncState``.
/// - `list_changes`: the outbox, the person's changes the remote has not answered yet, and the
///   conflicted and rejected ones kept for the person to see. Filled by the triggers of each
///   synced kind (``KindDefinition/changeTriggerSQL``), so another program's writes are in it too.
/// - `list_sync_applying`: holds a row only inside a sync's own write transaction, and so tells
///   those triggers to leave the sync's writes of remote pages out of the outbox. (A trigger of
///   the main schema cannot read a TEMP table, and no other connection ever sees the row.)
/// - `list_sync_items`: which local item holds which remote id, with the remote's `version`
///   and values as last seen (`base`) and the walk that last saw it (`seen`). A side table rather than a
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
      version,
      base TEXT,
      seen INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (kind, account, remote_id)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS list_sync_items_by_item ON list_sync_items (kind, account, item_id);
    CREATE TABLE IF NOT EXISTS list_changes (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      change_id TEXT NOT NULL UNIQUE DEFAULT (\(changeIDSQL)),
      kind TEXT NOT NULL,
      account TEXT NOT NULL,
      item_id INTEGER NOT NULL,
      op TEXT NOT NULL CHECK (op = 'add' OR op = 'update' OR op = 'remove'),
      fields TEXT CHECK (fields IS NULL OR json_valid(fields)),
      state TEXT NOT NULL DEFAULT 'pending'
        CHECK (state = 'pending' OR state = 'sent' OR state = 'conflict' OR state = 'rejected'),
      payload TEXT,
      answer TEXT,
      made_at INTEGER NOT NULL DEFAULT \(KindDefinition.nowSQL),
      answered_at INTEGER
    );
    CREATE INDEX IF NOT EXISTS list_changes_by_item ON list_changes (kind, account, item_id, state);
    CREATE TABLE IF NOT EXISTS list_sync_applying (writer INTEGER NOT NULL);
    """

  /// A random (version 4) UUID, as SQL: what a new change's `change_id` defaults to, so that a
  /// change recorded by a trigger for another program's plain SQL gets one too.
  static let changeIDSQL = """
    lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' \
    || substr('89ab', 1 + (random() & 3), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))
    """

  /// Makes the sync tables when missing, and brings a file synced by an earlier build up to
  /// date: `list_sync_items` gains `version`, `base` and `seen`.
  static func prepare(_ connection: Connection) throws(SQLiteError) {
    try connection.execute(createSQL)
    let columns = try connection.cachedStatement(
      "SELECT count(*) FROM pragma_table_info('list_sync_items') WHERE name IN ('version', 'base', 'seen')")
    defer { columns.reset() }
    guard try columns.step(), columns.int64(at: 0) < 3 else { return }
    columns.reset()
    let added = [
      ("version", "ALTER TABLE list_sync_items ADD COLUMN version"),
      ("base", "ALTER TABLE list_sync_items ADD COLUMN base TEXT"),
      ("seen", "ALTER TABLE list_sync_items ADD COLUMN seen INTEGER NOT NULL DEFAULT 0"),
    ]
    for (name, sql) in added {
      let has = try connection.prepare("SELECT count(*) FROM pragma_table_info('list_sync_items') WHERE name = ?1")
      try has.bind(name, at: 1)
      if try has.step(), has.int64(at: 0) == 0 { try connection.prepare(sql).run() }
    }
  }

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
