import SQLiteCore

/// The step of migration 4 (`Migrations/0004_ids_never_reused.sql`): every list's table gets
/// `id INTEGER PRIMARY KEY AUTOINCREMENT`, so that an id is never given twice.
///
/// Without AUTOINCREMENT SQLite gives a new row the largest id plus one, so removing the item
/// with the largest id hands its id to the next item added — and a change still waiting for the
/// removed item (or the remote's deletion of it) then lands on the new one. AUTOINCREMENT keeps
/// the largest id ever given in `sqlite_sequence`, and the table's new ids go above it.
///
/// SQLite cannot add AUTOINCREMENT to a table, so each table that lacks it is made again under
/// its own name, in the migration's transaction: its rows wait in a TEMP table (every column,
/// every id), the table is dropped (its indexes and triggers with it) and made again from the
/// SQL the file holds for it with AUTOINCREMENT added, the rows go back, and its indexes and
/// triggers are made again from the SQL the file holds for them — an app's or another
/// program's as well as the package's. Never made under another name and renamed: a rename
/// checks every trigger of the file, and one that names the table being rebuilt fails it.
enum NeverReusedIDs {
  /// The number of the migration whose step this is.
  static let migrationNumber = 4

  /// Rebuilds each list table without AUTOINCREMENT: the built-in lists and every kind the file
  /// registers whose definition reads (a damaged one is left for `doctor` to report).
  static func apply(_ connection: Connection) throws {
    let names = try KindRegistry.readable(connection).kinds.map(\.name)
    for name in names { try rebuild(table: name, connection) }
  }

  /// The `CREATE TABLE` statement with AUTOINCREMENT after the first `INTEGER PRIMARY KEY`, or
  /// nil when it has AUTOINCREMENT already or no such column (a table of another shape is left
  /// as it is).
  static func withAutoincrement(_ sql: String) -> String? {
    let bytes = Array(sql.utf8)
    let upper = bytes.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
    if contains(Array("AUTOINCREMENT".utf8), in: upper) != nil { return nil }
    let key = Array("INTEGER PRIMARY KEY".utf8)
    guard let at = contains(key, in: upper) else { return nil }
    let end = at + key.count
    return String(decoding: bytes[..<end] + Array(" AUTOINCREMENT".utf8) + bytes[end...], as: UTF8.self)
  }

  /// The offset of the first occurrence of `needle` in `haystack`, or nil.
  private static func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
      if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start }
    }
    return nil
  }

  /// Makes `table` again with AUTOINCREMENT when it lacks it; nothing when the file has no
  /// such table.
  static func rebuild(table: String, _ connection: Connection) throws {
    let definition = try connection.prepare("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?1")
    try definition.bind(table, at: 1)
    guard try definition.step(), let sql = definition.optionalText(at: 0), let rebuilt = withAutoincrement(sql)
    else { return }
    definition.reset()
    // Its indexes and triggers, oldest first (SQLite's own indexes of UNIQUE constraints have
    // no SQL: the table's statement makes them again).
    let dependents = try connection.prepare(
      """
      SELECT sql FROM sqlite_schema WHERE tbl_name = ?1 AND type IN ('index', 'trigger') AND sql IS NOT NULL
      ORDER BY rowid
      """)
    try dependents.bind(table, at: 1)
    var remade: [String] = []
    while try dependents.step() { remade.append(dependents.text(at: 0)) }
    dependents.reset()
    // The columns a row is made of (not generated ones, which SQLite computes).
    let columnNames = try connection.prepare("SELECT name FROM pragma_table_xinfo(?1) WHERE hidden = 0 ORDER BY cid")
    try columnNames.bind(table, at: 1)
    var columns: [String] = []
    while try columnNames.step() { columns.append(SQLText.identifier(columnNames.text(at: 0))) }
    columnNames.reset()
    let list = columns.joined(separator: ", ")
    let name = SQLText.identifier(table)
    try connection.execute("DROP TABLE IF EXISTS temp.list_rebuild")
    try connection.execute("CREATE TEMP TABLE list_rebuild AS SELECT \(list) FROM main.\(name)")
    try connection.execute("DROP TABLE main.\(name)")
    try connection.execute(rebuilt)
    try connection.execute("INSERT INTO main.\(name) (\(list)) SELECT \(list) FROM temp.list_rebuild")
    try connection.execute("DROP TABLE temp.list_rebuild")
    for sql in remade { try connection.execute(sql) }
    // Above every id the file's sync records name too: a conflict or a mapping kept for an item
    // removed from the top must not meet a new item of its id.
    var candidates = ["(SELECT max(id) FROM main.\(name))"]
    if try SyncSchema.exists(connection) { candidates.append("(SELECT max(item_id) FROM list_sync_items WHERE kind = ?1)") }
    if try SyncSchema.hasOutbox(connection) { candidates.append("(SELECT max(item_id) FROM list_changes WHERE kind = ?1)") }
    let high = try connection.prepare(
      "SELECT max(" + candidates.map { "coalesce(\($0), 0)" }.joined(separator: ", ") + ", 0)")
    if candidates.count > 1 { try high.bind(table, at: 1) }
    let sequence = try high.step() ? high.int64(at: 0) : 0
    high.reset()
    guard sequence > 0 else { return }
    let set = try connection.prepare("UPDATE sqlite_sequence SET seq = max(seq, ?2) WHERE name = ?1")
    try set.bind(table, at: 1)
    try set.bind(sequence, at: 2)
    try set.run()
    if connection.changes == 0 {
      let insert = try connection.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES (?1, ?2)")
      try insert.bind(table, at: 1)
      try insert.bind(sequence, at: 2)
      try insert.run()
    }
  }
}
