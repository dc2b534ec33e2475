import SQLiteCore
import ListPaging
import ListProtocol

/// The tables of sync, made by the first sync of the file (never by a migration, so a file that
/// never syncs keeps exactly the schema `Documentation/DatabaseFile.md` documents).
///
/// - `list_sync`: one row per kind and account, the ``SyncState``.
/// - `list_sync_items`: which local item holds which remote id, with the remote's `version`
///   and values as last seen (`base`) and the walk that last saw it (`seen`). A side table
///   rather than a column of the kind's table: the kind's table stays as its definition made it
///   (what `kinds show` prints and `doctor` compares), and a remote id is kept with its JSON
///   type (`remote_id` has no type affinity: `1` and `"1"` are different ids).
/// - `list_changes`: the outbox, the person's changes the remote has not answered yet, and the
///   conflicted and refused ones kept for the person to see. Filled by the triggers of each
///   synced kind (``KindDefinition/changeTriggerSQL``), so another program's writes are in it too.
/// - `list_sync_checkpoints`: per kind and account, the remote's `checkpoint` from its last
///   complete walk (for the remote URL it came from) and, while a walk is under way, the
///   checkpoint that walk asked since (NULL for a whole walk, which removes at its end what it
///   did not hold; a walk since a checkpoint removes only what its pages name as deleted).
/// - `list_sync_applying`: holds a row only inside a sync's own write transaction, and so tells
///   those triggers to leave the sync's writes of remote pages out of the outbox. (A trigger of
///   the main schema cannot read a TEMP table, and no other connection ever sees the row.)
///
/// `list_sync` and `list_sync_items` carry CHECK constraints on every value (types and ranges), so another program's
/// plain SQL cannot store what lists never writes. The same conditions are read back with each
/// row: a row that breaks them (in a file whose tables an older build made without the
/// constraints, or a schema edited with `writable_schema`) is damage, never arithmetic on it.
/// Tables without the constraints are rebuilt with them by the next sync's first write, in its
/// transaction; rows that break them are dropped then: they are cache state, and that sync
/// writes the state again.
enum SyncSchema {
  /// The `item_id` of a row of `list_sync_items` that is a tombstone: the remote deleted that
  /// remote id (a pull's `deleted`), and no local item holds it. No item of a list has id 0
  /// (their ids start at 1 and only grow).
  static let deletedItem: Int64 = 0

  /// The largest page number, item count and error page kept.
  static let maxCount: Int64 = 2_147_483_647

  /// What every row of `list_sync` satisfies.
  static let stateCheck: String = {
    let range = Timestamp.supportedRange
    let time = { (column: String) in
      "(\(column) IS NULL OR (typeof(\(column)) = 'integer' AND \(column) BETWEEN "
        + "\(range.lowerBound.millisecondsSince1970) AND \(range.upperBound.millisecondsSince1970)))"
    }
    return [
      "typeof(kind) = 'text'", "typeof(account) = 'text'", "typeof(remote_url) = 'text'",
      time("last_success_at"), time("last_attempt_at"), time("refreshed_at"),
      "(error_kind IS NULL OR typeof(error_kind) = 'text')",
      "(error_message IS NULL OR typeof(error_message) = 'text')",
      "(error_retryable IS NULL OR (typeof(error_retryable) = 'integer' AND error_retryable IN (0, 1)))",
      "(error_page IS NULL OR (typeof(error_page) = 'integer' AND error_page BETWEEN 1 AND \(maxCount)))",
      "(next_cursor IS NULL OR (typeof(next_cursor) = 'text' AND length(CAST(next_cursor AS BLOB)) BETWEEN 1 AND "
        + "\(SyncState.maxCursorBytes)))",
      "typeof(next_page) = 'integer' AND next_page BETWEEN 1 AND \(maxCount)",
      "typeof(complete) = 'integer' AND complete IN (0, 1)",
      "typeof(item_count) = 'integer' AND item_count BETWEEN 0 AND \(maxCount)",
      // One below the largest: a refresh adds one.
      "typeof(generation) = 'integer' AND generation BETWEEN 0 AND \(Int64.max - 1)",
    ].joined(separator: " AND ")
  }()

  /// What every row of `list_sync_items` satisfies.
  static let itemCheck = olderItemCheck + """
     AND (version IS NULL OR typeof(version) = 'integer' OR (typeof(version) = 'text' AND length(version) > 0)) \
    AND (base IS NULL OR typeof(base) = 'text') AND typeof(seen) = 'integer'
    """
  /// What the rows a rebuild keeps of an older build's `list_sync_items` satisfy.
  static let olderItemCheck = """
    typeof(kind) = 'text' AND typeof(account) = 'text' AND typeof(item_id) = 'integer' \
    AND (typeof(remote_id) = 'integer' OR (typeof(remote_id) = 'text' AND length(remote_id) > 0))
    """

  static let stateColumns = """
    kind, account, remote_url, last_success_at, last_attempt_at, error_kind, error_message, error_retryable, \
    error_page, next_cursor, next_page, complete, item_count, refreshed_at, generation
    """
  static let itemColumns = "kind, account, remote_id, item_id, version, base, seen"
  /// The columns an older build's `list_sync_items` has, which a rebuild keeps.
  static let olderItemColumns = "kind, account, remote_id, item_id"

  /// The statement that makes both tables when missing.
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
      PRIMARY KEY (kind, account),
      CONSTRAINT list_sync_values CHECK (\(stateCheck))
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS list_sync_items (
      kind TEXT NOT NULL,
      account TEXT NOT NULL,
      remote_id NOT NULL,
      item_id INTEGER NOT NULL,
      version,
      base TEXT,
      seen INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (kind, account, remote_id),
      CONSTRAINT list_sync_items_values CHECK (\(itemCheck))
    ) WITHOUT ROWID;
    """

  /// The outbox and the sync's flag, and the indexes of the lookups by item.
  static let changesSQL = """
    CREATE INDEX IF NOT EXISTS list_sync_items_by_item ON list_sync_items (kind, account, item_id);
    CREATE TABLE IF NOT EXISTS list_changes (
      seq INTEGER PRIMARY KEY,
      change_id TEXT,
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
    CREATE INDEX IF NOT EXISTS list_changes_by_item ON list_changes (item_id);
    CREATE UNIQUE INDEX IF NOT EXISTS list_changes_by_id ON list_changes (change_id) WHERE change_id IS NOT NULL;
    CREATE TABLE IF NOT EXISTS list_sync_applying (writer INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS list_sync_checkpoints (
      kind TEXT NOT NULL,
      account TEXT NOT NULL,
      remote_url TEXT NOT NULL,
      checkpoint TEXT,
      walk_since TEXT,
      PRIMARY KEY (kind, account),
      CONSTRAINT list_sync_checkpoints_values CHECK (\(checkpointCheck))
    ) WITHOUT ROWID;
    """

  /// What every row of `list_sync_checkpoints` satisfies: both checkpoints within the bound of
  /// a cursor.
  static let checkpointCheck: String = {
    let text = { (column: String) in
      "(\(column) IS NULL OR (typeof(\(column)) = 'text' AND length(CAST(\(column) AS BLOB)) BETWEEN 1 AND "
        + "\(SyncState.maxCursorBytes)))"
    }
    return "typeof(remote_url) = 'text' AND \(text("checkpoint")) AND \(text("walk_since"))"
  }()

  /// Every object the sync tables are: ``ensure(_:)`` makes those missing.
  static let objectNames = [
    "list_sync", "list_sync_items", "list_changes", "list_sync_applying", "list_sync_items_by_item",
    "list_changes_by_item", "list_changes_by_id", "list_sync_checkpoints",
  ]

  /// A random (version 4) UUID, as SQL: a change's `change_id`, made when the change is first
  /// sent (``KindReplica/takeChanges(remoteURL:limit:writeItem:)``), whoever recorded it. Not when it is
  /// recorded: a random key per write would land each row of the outbox's unique index on a
  /// page of its own, and a transaction of many adds would rewrite most of the index.
  static let changeIDSQL = """
    lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' \
    || substr('89ab', 1 + (random() & 3), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))
    """

  /// Whether `list_sync` or `list_sync_items` is outdated (made by an older build), how many of
  /// ``objectNames`` the file has, and whether `list_changes_by_item` is an older build's (on
  /// `kind, account, item_id, state`: every recorded change paid for a key of three texts, where
  /// the item's id alone finds its few changes).
  static let presenceSQL = """
    SELECT (SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN ('list_sync', 'list_sync_items')
        AND (sql NOT LIKE '%CONSTRAINT list_sync%values CHECK%'
          OR (name = 'list_sync_items' AND NOT EXISTS
            (SELECT 1 FROM pragma_table_info('list_sync_items') WHERE name = 'seen')))),
      (SELECT count(*) FROM sqlite_schema WHERE name IN (\(objectNames.map(SQLText.literal).joined(separator: ", ")))),
      (SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = 'list_changes_by_item'
        AND sql != 'CREATE INDEX list_changes_by_item ON list_changes (item_id)')
    """

  /// Makes the tables, or rebuilds `list_sync` and `list_sync_items` made without the CHECK
  /// constraints or the columns of this build (by an older build) with them, keeping the rows
  /// that satisfy them and dropping the others (cache state, which the sync writes again). Runs
  /// in the caller's write transaction.
  ///
  /// The rows wait in TEMP tables while each table is dropped and made again under its own
  /// name: never made under another name and renamed, since the kinds' change triggers name
  /// these tables (a rename checks every trigger, and one naming the dropped table fails it).
  static func ensure(_ connection: Connection) throws(SQLiteError) {
    // One cached query a write: whether a table is outdated, and whether all the objects are
    // there (then nothing else runs).
    let statement = try connection.cachedStatement(text: presenceSQL)
    guard try statement.step() else { return }
    let outdated = statement.int64(at: 0) > 0
    let complete = statement.int64(at: 1) == Int64(objectNames.count)
    let olderIndex = statement.int64(at: 2) > 0
    statement.reset()
    if complete && !outdated && !olderIndex { return }
    if olderIndex { try connection.execute("DROP INDEX list_changes_by_item") }
    if outdated {
      try connection.executeScript(
        """
        CREATE TABLE IF NOT EXISTS list_sync (\(stateColumns), PRIMARY KEY (kind, account)) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS list_sync_items (\(olderItemColumns), PRIMARY KEY (kind, account, remote_id)) WITHOUT ROWID;
        """)
      // The outbox's columns, kept when an earlier build made them.
      let itemsHave = try connection.prepare("SELECT count(*) FROM pragma_table_info('list_sync_items') WHERE name = ?1")
      var kept = olderItemColumns
      var check = olderItemCheck
      try itemsHave.bind("seen", at: 1)
      if try itemsHave.step(), itemsHave.int64(at: 0) == 1 {
        kept = itemColumns
        check = itemCheck
      }
      // No statement may be left running: a table is not dropped while one reads.
      itemsHave.reset()
      try connection.executeScript(
        """
        DROP TABLE IF EXISTS temp.list_sync_kept;
        DROP TABLE IF EXISTS temp.list_sync_items_kept;
        CREATE TEMP TABLE list_sync_kept AS SELECT \(stateColumns) FROM main.list_sync WHERE \(stateCheck);
        CREATE TEMP TABLE list_sync_items_kept AS SELECT \(kept) FROM main.list_sync_items WHERE \(check);
        DROP TABLE main.list_sync;
        DROP TABLE main.list_sync_items;
        \(createSQL)
        INSERT INTO main.list_sync (\(stateColumns)) SELECT \(stateColumns) FROM temp.list_sync_kept;
        INSERT INTO main.list_sync_items (\(kept)) SELECT \(kept) FROM temp.list_sync_items_kept;
        DROP TABLE temp.list_sync_kept;
        DROP TABLE temp.list_sync_items_kept;
        """)
    } else {
      try connection.executeScript(createSQL)
    }
    try connection.executeScript(changesSQL)
  }

  /// Whether the file has the outbox: a file synced by an older build has `list_sync` without
  /// it until its next sync writes.
  static func hasOutbox(_ connection: Connection) throws(SQLiteError) -> Bool {
    let statement = try connection.cachedStatement(
      "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'list_changes'")
    defer { statement.reset() }
    return try statement.step() && statement.int64(at: 0) == 1
  }

  /// What is wrong when `list_sync_applying` holds a row that was committed (no other
  /// connection ever sees a sync's own row, which lives only inside its transaction): while it
  /// is there, no write to any synced list is recorded for its remote. Nil when it holds none.
  static func strandedFlagDetail(_ connection: Connection) throws(SQLiteError) -> String? {
    let present = try connection.prepare(
      "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'list_sync_applying'")
    guard try present.step(), present.int64(at: 0) == 1 else { return nil }
    let rows = try connection.prepare("SELECT count(*) FROM list_sync_applying")
    guard try rows.step(), rows.int64(at: 0) > 0 else { return nil }
    return "list_sync_applying holds a row outside a sync, so no change to a synced list is recorded for its remote"
  }

  /// Whether the file has `list_sync_checkpoints` (an older build's outbox came without it).
  static func hasCheckpoints(_ connection: Connection) throws(SQLiteError) -> Bool {
    let statement = try connection.cachedStatement(
      "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'list_sync_checkpoints'")
    defer { statement.reset() }
    return try statement.step() && statement.int64(at: 0) == 1
  }

  static func exists(_ connection: Connection) throws(SQLiteError) -> Bool {
    // Cached: every page write and every `show` asks.
    let statement = try connection.cachedStatement(
      "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'list_sync'")
    defer { statement.reset() }
    return try statement.step() && statement.int64(at: 0) == 1
  }

  /// Reads the state of `kind` and `account`, or nil: with the checkpoint of its remote's last
  /// complete walk, and the checkpoint the walk under way started from (nil for a whole walk).
  ///
  /// - Throws: ``ListStoreError/syncStateDamaged(kind:account:detail:)`` for a row that breaks
  ///   the table's constraints or whose URL holds a user name or password (never quoted);
  ///   SQLite's errors.
  static func state(kind: String, account: String, _ connection: Connection) throws -> (
    SyncState, refreshedAt: Int64?, walkSince: String?
  )? {
    guard try exists(connection) else { return nil }
    let statement = try connection.cachedStatement(
      text: """
        SELECT remote_url, last_success_at, last_attempt_at, error_kind, error_message, error_retryable,
          error_page, next_cursor, next_page, complete, item_count, generation, refreshed_at, \(stateCheck)
        FROM list_sync WHERE kind = ?1 AND account = ?2
        """)
    defer { statement.reset() }
    try statement.bind(kind, at: 1)
    try statement.bind(account, at: 2)
    guard try statement.step() else { return nil }
    func damaged(_ detail: String) -> ListStoreError {
      .syncStateDamaged(kind: kind, account: account, detail: detail)
    }
    guard statement.int64(at: 13) == 1 else { throw damaged("a value of the wrong type or out of range") }
    let remoteURL = statement.text(at: 0)
    do {
      _ = try RemoteOrigin(url: remoteURL)
    } catch .userInfo {
      throw damaged("its remote URL holds a user name or password")
    } catch {
      throw damaged("its remote URL is not an http or https URL")
    }
    func time(_ column: Int32) -> Timestamp? {
      statement.isNull(at: column) ? nil : Timestamp(millisecondsSince1970: statement.int64(at: column))
    }
    var failure: LoadError?
    if let kind = statement.optionalText(at: 3) {
      failure = LoadError(
        kind: ErrorKind(rawValue: kind), message: statement.optionalText(at: 4) ?? "",
        isRetryable: statement.int64(at: 5) != 0)
    }
    var state = SyncState(
      remoteURL: remoteURL, lastSuccessAt: time(1), lastAttemptAt: time(2), lastError: failure,
      nextCursor: statement.optionalText(at: 7), nextPage: Int(statement.int64(at: 8)),
      isComplete: statement.int64(at: 9) != 0, itemCount: Int(statement.int64(at: 10)),
      generation: statement.int64(at: 11))
    state.lastErrorPage = failure == nil || statement.isNull(at: 6) ? nil : Int(statement.int64(at: 6))
    let refreshedAt = statement.isNull(at: 12) ? nil : statement.int64(at: 12)
    statement.reset()
    var withCheckpoint = state
    var walkSince: String?
    // A checkpoint is the end of a walk that succeeded: one beside a state that never synced
    // (a row left by an earlier life of the kind) is not this state's.
    if state.lastSuccessAt != nil, let walk = try checkpoints(kind: kind, account: account, connection),
      walk.remoteURL == remoteURL
    {
      withCheckpoint.checkpoint = walk.checkpoint
      walkSince = walk.walkSince
    }
    return (withCheckpoint, refreshedAt, walkSince)
  }

  /// The row of `list_sync_checkpoints`, or nil (none, or a file whose outbox an older build
  /// made).
  ///
  /// - Throws: ``ListStoreError/syncStateDamaged(kind:account:detail:)`` for a row that breaks
  ///   the table's constraints; SQLite's errors.
  static func checkpoints(kind: String, account: String, _ connection: Connection) throws -> (
    remoteURL: String, checkpoint: String?, walkSince: String?
  )? {
    guard try hasCheckpoints(connection) else { return nil }
    let statement = try connection.cachedStatement(
      text: """
        SELECT remote_url, checkpoint, walk_since, \(checkpointCheck)
        FROM list_sync_checkpoints WHERE kind = ?1 AND account = ?2
        """)
    defer { statement.reset() }
    try statement.bind(kind, at: 1)
    try statement.bind(account, at: 2)
    guard try statement.step() else { return nil }
    guard statement.int64(at: 3) == 1 else {
      throw ListStoreError.syncStateDamaged(
        kind: kind, account: account, detail: "a checkpoint of the wrong type or too long")
    }
    return (statement.text(at: 0), statement.optionalText(at: 1), statement.optionalText(at: 2))
  }
}
