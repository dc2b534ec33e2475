import TestSupport

/// One edit of a database file with plain SQL, as another program (or a person who sends you a
/// file) may make it.
struct FileEdit: Sendable, CustomStringConvertible {
  /// The class of the edit: what part of the file it touches and how.
  var kind: EditClass
  /// The SQL, run as one multi-statement script.
  var sql: String
  /// A password the edit put into a stored URL: it must never be printed.
  var secret: String?

  var description: String {
    let shown = sql.count > 300 ? String(sql.prefix(300)) + "…(\(sql.count) characters)" : sql
    return "[\(kind.rawValue)] \(shown)"
  }
}

/// The classes of edits the mutation test makes. Each file gets one class (picked by its seed).
///
/// ``isHostile`` marks a class that still finds failures on `main` (none does now): `swift test`
/// leaves such a class out unless `LISTS_MUTATION_HOSTILE=1`, which `Tests/Scripts/mutation.sh`
/// sets.
enum EditClass: String, CaseIterable, Sendable {
  /// `user_version`, `lists_migrations`, `list_counts`, count triggers, indexes.
  case bookkeeping
  /// SQL, quotes and brackets in the names a definition gives (kind, fields, order, unique,
  /// search, currency column) and in `schema_sql`.
  case kindSQL = "kind-sql"
  /// A JSON `name` that differs from the `name` column; definitions swapped between rows.
  case kindMismatch = "kind-mismatch"
  /// ESC, BEL, C1 controls and U+202E in the texts of a definition.
  case kindControl = "kind-control"
  /// Wrong JSON types, text that is not JSON, numbers past every limit.
  case kindTypes = "kind-types"
  /// Megabyte texts, 100 KB names, thousands of fields.
  case kindHuge = "kind-huge"
  /// Unknown field types and unknown members.
  case kindUnknown = "kind-unknown"
  /// Names SQLite or FTS5 reserve (`rowid`, `rank`, `select`, `sqlite_master`...).
  case kindReserved = "kind-reserved"
  /// A kind renamed to a name another kind derives (`books_search_docsize`), with one of that
  /// kind's triggers dropped so that `doctor --repair` has work to do.
  case kindDerived = "kind-derived"
  /// `list_kinds` rows deleted, added for a kind without a table, flags and versions edited.
  case kindRows = "kind-rows"
  /// `kinds add` of a hostile definition file (the file itself is not edited).
  case kindFile = "kind-file"
  /// `INT64_MIN`, `INT64_MAX`, negative and zero values in `list_sync`'s integer columns.
  case syncIntegers = "sync-integers"
  /// Text, blobs and reals in `list_sync`'s integer columns, an integer URL.
  case syncTypes = "sync-types"
  /// Stored URLs with `user:password@`, control characters, 100 KB, other schemes — always on
  /// 127.0.0.1 and a closed port, or no network at all.
  case syncURL = "sync-url"
  /// Control characters and huge texts in the stored error and cursor.
  case syncText = "sync-text"
  /// `list_sync_items` rows of every type, pointing at missing items or other kinds.
  case syncItems = "sync-items"
  /// `list_sync` rows for unknown kinds, names with SQL, dropped or remade sync tables.
  case syncRows = "sync-rows"
  /// The outbox `list_changes`: unknown ops and states, fields that are not JSON, rows for
  /// missing items and unknown kinds, control characters and megabytes in the answer; a row
  /// left in `list_sync_applying`; the change triggers dropped.
  case syncChanges = "sync-changes"
  /// The id rule and what a change of remote leaves: `sqlite_sequence` lowered, raised to the
  /// largest integer, given text or removed; tombstones and mappings of another remote in
  /// `list_sync_items`; the guard on a synced item's id and account dropped.
  case syncIDs = "sync-ids"
  /// Control characters and SQL in migration names, count rows of unknown lists.
  case otherText = "other-text"

  /// Whether the class still finds failures on `main`: left out of `swift test` unless
  /// `LISTS_MUTATION_HOSTILE=1`.
  var isHostile: Bool { false }
}

/// The edits of each class, drawn from a seeded generator.
///
/// The file they edit (``MutationFixture``) holds the three built-in kinds, `books` (searchable,
/// with rows), `films` (fed by a remote on 127.0.0.1, cached rows, `list_sync` and
/// `list_sync_items` rows) and `notes`.
struct HostileEdits {
  var random: SplitMix
  /// The file's trigger and index names, read from it.
  let objects: [String]

  init(seed: UInt64, objects: [String]) {
    random = SplitMix(seed: seed)
    self.objects = objects
  }

  mutating func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }

  /// The port every stored URL names: on 127.0.0.1, where nothing listens (port 1 needs root to
  /// listen on), so a sync fails at once with "refused" and nothing leaves the machine.
  static let closedPort = 1
  static let closedURL = "http://127.0.0.1:\(closedPort)"
  /// The password the URL edits put into a stored URL.
  static let secret = "s3cr3t-pw"

  /// `text` as an SQL string literal.
  static func literal(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

  /// SQL expressions for texts with terminal controls: ESC sequences (clear screen, set title),
  /// BEL, the C1 CSI (U+009B) and NEL (U+0085), and the bidi override U+202E.
  static let controlTexts = [
    "char(27) || '[2J' || char(27) || ']0;PWNED' || char(7)",
    "'red' || char(155) || '31m'",
    "'file' || char(8238) || 'txt.exe'",
    "'a' || char(133) || 'b' || char(7)",
    "char(27) || 'c'",
  ]

  /// Names that end one SQL statement and start another, or break out of a quoted identifier.
  static let sqlNames = [
    "books; CREATE TABLE injected(x); --",
    "books\"; CREATE TABLE injected(x); --",
    "x'); CREATE TABLE injected(x); --",
    "books]; CREATE TABLE injected(x); --",
    "books`; CREATE TABLE injected(x); --",
    "books\n; CREATE TABLE injected(x)",
    "main.injected",
    "books AS b; ATTACH 'injected.db' AS injected; --",
  ]

  /// A text of `count` characters `a`, as an SQL expression.
  static func huge(_ count: Int, _ character: String = "a") -> String {
    "replace(hex(zeroblob(\(count))), '00', '\(character)')"
  }

  /// `UPDATE list_kinds SET definition = json_set(definition, path, value) WHERE name = kind`.
  static func setMember(_ path: String, _ value: String, kind: String = "books") -> String {
    "UPDATE list_kinds SET definition = json_set(definition, '\(path)', \(value)) WHERE name = '\(kind)'"
  }

  /// 1 to 3 edits of `kind`'s class (a failing one is skipped by the caller), or none for
  /// ``EditClass/kindFile``, which hostile-izes the file `kinds add` reads instead.
  mutating func edits(_ kind: EditClass) -> [FileEdit] {
    let count = kind == .kindFile ? 0 : 1 + Int(random.next() % 3)
    return (0..<count).map { _ in edit(kind) }
  }

  mutating func edit(_ kind: EditClass) -> FileEdit {
    var secret: String?
    let sql: String
    switch kind {
    case .bookkeeping: sql = bookkeeping()
    case .kindSQL: sql = kindSQL()
    case .kindMismatch: sql = kindMismatch()
    case .kindControl: sql = kindControl()
    case .kindTypes: sql = kindTypes()
    case .kindHuge: sql = kindHuge()
    case .kindUnknown: sql = kindUnknown()
    case .kindReserved: sql = kindReserved()
    case .kindDerived: sql = kindDerived()
    case .kindRows: sql = kindRows()
    case .kindFile: sql = ""
    case .syncIntegers: sql = syncIntegers()
    case .syncTypes: sql = syncTypes()
    case .syncURL:
      let url = syncURL()
      if url.contains(Self.secret) { secret = Self.secret }
      sql = "UPDATE list_sync SET remote_url = \(url) WHERE kind = 'films'"
    case .syncText: sql = syncText()
    case .syncItems: sql = syncItems()
    case .syncRows: sql = syncRows()
    case .syncChanges: sql = syncChanges()
    case .syncIDs: sql = syncIDs()
    case .otherText: sql = otherText()
    }
    return FileEdit(kind: kind, sql: sql, secret: secret)
  }

  // MARK: The bookkeeping

  mutating func bookkeeping() -> String {
    let list = pick(["favorites", "addresses", "orders", "books", "films"])
    let number = pick(["0", "-1", "2", "1000", "9223372036854775807", "NULL", "'one'"])
    let count = pick([
      "-1", "0", "7", "1000000", "9223372036854775807", "-9223372036854775808", "NULL", "'many'", "1.5",
    ])
    let key = pick(["PRIMARY KEY (account, list)", "UNIQUE (account, list)", "CHECK (1)"])
    let edits = [
      "PRAGMA user_version = \(pick(["-1", "-2147483648", "0", "2", "99", "2147483647"]))",
      "PRAGMA ignore_check_constraints = ON; UPDATE lists_migrations SET number = \(pick(["0", "-1", "3", "1000"])) WHERE number = 1",
      "DELETE FROM lists_migrations",
      "PRAGMA ignore_check_constraints = ON; INSERT INTO lists_migrations (number, name, checksum, applied_at) "
        + "VALUES (\(pick(["0", "4", "-3", "7"])), 'x', 'y', 0)",
      "UPDATE lists_migrations SET checksum = \(pick(["'edited'", "''", "upper(checksum)"]))",
      "UPDATE lists_migrations SET name = 'other', applied_at = -1",
      "DROP TABLE lists_migrations",
      "CREATE TABLE kept AS SELECT * FROM lists_migrations; DROP TABLE lists_migrations; "
        + "CREATE TABLE lists_migrations (namespace, number, name, checksum, applied_at); "
        + "INSERT INTO lists_migrations SELECT namespace, \(number), name, checksum, applied_at FROM kept; "
        + "DROP TABLE kept",
      "CREATE TABLE kept AS SELECT * FROM lists_migrations; DROP TABLE lists_migrations; "
        + "CREATE TABLE lists_migrations (namespace, number, name, checksum, applied_at); "
        + "INSERT INTO lists_migrations SELECT * FROM kept; "
        + "INSERT INTO lists_migrations SELECT * FROM kept; DROP TABLE kept",
      "UPDATE list_counts SET item_count = \(count) WHERE list = '\(list)'",
      "UPDATE list_counts SET version = \(pick(["-1", "9223372036854775807", "0"]))",
      "DELETE FROM list_counts WHERE list = '\(list)'",
      "DELETE FROM list_counts",
      "INSERT OR REPLACE INTO list_counts VALUES "
        + "('\(pick(["ghost", "default", "other"]))', '\(list)', \(count == "NULL" ? "3" : count), 1)",
      "DROP TABLE list_counts",
      "CREATE TABLE kept AS SELECT * FROM list_counts; DROP TABLE list_counts; "
        + "CREATE TABLE list_counts (account, list, item_count, version, \(key)); "
        + "INSERT INTO list_counts SELECT account, list, \(count == "NULL" ? "item_count" : count), "
        + "version FROM kept; DROP TABLE kept",
      "DROP TRIGGER \(pick(objects.filter { $0.contains("counted") }))",
      "DROP INDEX \(pick(objects.filter { $0.hasSuffix("_page") || $0.contains("_by_") }))",
      "DROP TRIGGER \(list)_counted_insert; CREATE TRIGGER \(list)_counted_insert "
        + "AFTER INSERT ON \(list) BEGIN SELECT 1; END",
      "PRAGMA application_id = \(pick(["0", "7"]))",
    ]
    return pick(edits)
  }

  // MARK: list_kinds

  mutating func kindSQL() -> String {
    let name = Self.literal(pick(Self.sqlNames))
    let field = Self.literal(pick(["title", "author", "price"]) + pick(Self.sqlNames).dropFirst(5))
    return pick([
      Self.setMember("$.name", name),
      "UPDATE list_kinds SET name = \(name), definition = json_set(definition, '$.name', \(name)) WHERE name = 'books'",
      "UPDATE list_kinds SET name = \(name) WHERE name = 'notes'",
      Self.setMember("$.fields[\(pick([0, 1, 3, 4]))].name", field),
      Self.setMember("$.search[\(pick([0, 1]))]", field),
      Self.setMember("$.show[0]", field),
      Self.setMember("$.order", "json_array(json_object('field', \(field), 'direction', 'desc'))"),
      Self.setMember("$.unique.fields[0]", field),
      Self.setMember("$.fields[3].currency_column", field),
      Self.setMember("$.fields[4].values[0]", Self.literal("want'); DROP TABLE books; --")),
      Self.setMember("$.fields[4].default", Self.literal("it's")),
      Self.setMember("$.fields[0].pattern", Self.literal("*'); DROP TABLE books; --")),
      Self.setMember("$.fields[1].default", Self.literal("x'); DROP TABLE books; --")),
      "UPDATE list_kinds SET schema_sql = 'CREATE TABLE injected(x)' WHERE name = '\(pick(["books", "orders", "films"]))'",
      "UPDATE list_kinds SET schema_sql = schema_sql || '; CREATE TABLE injected(x)' WHERE name = 'books'",
      Self.setMember("$.name", name, kind: pick(["orders", "films", "notes"])),
    ])
  }

  mutating func kindMismatch() -> String {
    let other = pick(["notes", "orders", "films", "favorites", "book", "BOOKS", "books ", "injected"])
    return pick([
      Self.setMember("$.name", Self.literal(other)),
      Self.setMember("$.name", "'books'", kind: pick(["notes", "orders", "films"])),
      "UPDATE list_kinds SET definition = (SELECT definition FROM list_kinds WHERE name = 'notes') "
        + "WHERE name = 'books'",
      "UPDATE list_kinds SET definition = (SELECT definition FROM list_kinds WHERE name = 'books') "
        + "WHERE name = '\(pick(["notes", "films", "orders"]))'",
      "UPDATE list_kinds SET item = \(Self.literal(other)) WHERE name = 'books'",
    ])
  }

  mutating func kindControl() -> String {
    let text = pick(Self.controlTexts)
    let kind = pick(["books", "books", "films", "orders"])
    return pick([
      Self.setMember("$.item", text, kind: kind),
      Self.setMember("$.help", text, kind: kind),
      Self.setMember("$.placeholders.empty.title", text, kind: kind),
      Self.setMember("$.placeholders.empty.detail", text, kind: kind),
      Self.setMember("$.placeholders.empty.action", text, kind: kind),
      Self.setMember("$.fields[0].help", text, kind: kind),
      Self.setMember("$.fields[0].placeholder", text, kind: kind),
      Self.setMember("$.fields[1].default", text),
      Self.setMember("$.fields[4].values[0]", text),
      Self.setMember("$.fields[4].default", text),
      Self.setMember("$.fields[0].format", text),
      Self.setMember("$.fields[0].flag", text),
      Self.setMember("$.name", "'books' || \(text)"),
      Self.setMember("$.fields[1].name", "'author' || \(text)"),
      "UPDATE list_kinds SET item = \(text) WHERE name = '\(kind)'",
      "UPDATE list_kinds SET name = 'books' || \(text), definition = json_set(definition, '$.name', 'books' || \(text)) "
        + "WHERE name = 'books'",
    ])
  }

  mutating func kindTypes() -> String {
    let kind = pick(["books", "books", "films", "orders", "favorites"])
    let limit = pick([
      "-1", "0", "9223372036854775807", "-9223372036854775808", "99999999999999999999", "1e308", "json('1.5')",
      "'ten'", "json('null')",
    ])
    return pick([
      "UPDATE list_kinds SET definition = \(pick(["'not json'", "''", "'[]'", "'null'", "'{}'", "'{\"name\":\"books\"}'", "x'00ff'", "42"])) WHERE name = '\(kind)'",
      Self.setMember("$.fields", pick(["'x'", "42", "json('null')", "json('{}')", "json('[1,2]')", "json('[]')"]), kind: kind),
      Self.setMember("$.name", pick(["7", "json('null')", "json('true')", "json('[\"books\"]')"]), kind: kind),
      Self.setMember("$.fields[0].type", pick(["5", "json('null')", "json('[\"text\"]')"]), kind: kind),
      Self.setMember("$.fields[0].required", pick(["'yes'", "1", "json('null')"]), kind: kind),
      Self.setMember("$.fields[0].max_length", limit),
      Self.setMember("$.fields[2].min", limit),
      Self.setMember("$.fields[2].max", limit),
      Self.setMember("$.fields[2].default", limit),
      Self.setMember("$.order", pick(["'x'", "json('[{}]')", "json('[{\"field\":1}]')"]), kind: kind),
      Self.setMember("$.placeholders", pick(["3", "json('{\"empty\":7}')", "json('{\"empty\":{\"title\":null}}')"])),
      Self.setMember("$.unique", pick(["json('{\"fields\":\"title\"}')", "json('{\"fields\":[]}')", "json('[]')"])),
      Self.setMember("$.search", pick(["'title'", "json('[1]')", "json('[\"title\",\"title\"]')"])),
      "UPDATE list_kinds SET definition = json_remove(definition, '$.\(pick(["name", "fields", "item"]))') WHERE name = '\(kind)'",
      "PRAGMA ignore_check_constraints = ON; UPDATE list_kinds SET \(pick(["version", "built_in", "created_at"])) = \(limit) WHERE name = '\(kind)'",
    ])
  }

  mutating func kindHuge() -> String {
    let huge = Self.huge(pick([100_000, 1_000_000]))
    return pick([
      Self.setMember("$.help", huge),
      Self.setMember("$.item", huge),
      Self.setMember("$.placeholders.empty.title", huge),
      Self.setMember("$.fields[0].help", huge),
      Self.setMember("$.fields[4].values[2]", huge),
      Self.setMember("$.name", Self.huge(100_000, "b")),
      Self.setMember("$.fields[1].name", Self.huge(100_000, "c")),
      "UPDATE list_kinds SET name = \(Self.huge(100_000, "b")) WHERE name = 'notes'",
      // 5,000 optional text fields.
      Self.setMember(
        "$.fields",
        "(WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000) "
          + "SELECT json_insert(json_group_array(json_object('name', 'f' || i, 'type', 'text')), '$[0]', "
          + "json('{\"name\":\"title\",\"type\":\"text\",\"required\":true}')) FROM n)"),
      Self.setMember(
        "$.fields[4].values",
        "(WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) "
          + "SELECT json_group_array('v' || i) FROM n)"),
      "UPDATE list_kinds SET definition = definition || \(huge) WHERE name = 'books'",
    ])
  }

  mutating func kindUnknown() -> String {
    let kind = pick(["books", "films", "orders"])
    return pick([
      Self.setMember(
        "$.fields[0].type", Self.literal(pick(["blob", "TEXT", "", "text; DROP TABLE books", "real", "json"])),
        kind: kind),
      Self.setMember("$.extra", "1", kind: kind),
      Self.setMember("$.fields[0].extra", "'x'", kind: kind),
      Self.setMember("$.placeholders.other", "json('{\"title\":\"x\"}')"),
      Self.setMember("$.order[0].direction", Self.literal(pick(["up", "DESC", "desc; DROP TABLE books"]))),
      Self.setMember("$.unique.on_duplicate", Self.literal(pick(["replace", "ignore", ""]))),
      Self.setMember("$.fields[#]", "json('{\"name\":\"cover\",\"type\":\"image\"}')"),
    ])
  }

  mutating func kindReserved() -> String {
    let reserved = pick([
      "rowid", "rank", "oid", "_rowid_", "id", "account", "added_at", "select", "order", "books", "books_search",
    ])
    let kindName = pick(["rowid", "rank", "select", "sqlite_master", "list_kinds", "list_counts", "sqlite_x"])
    return pick([
      Self.setMember("$.fields[0].name", Self.literal(reserved)),
      Self.setMember("$.fields[1].name", Self.literal(reserved)),
      // A new search field with a reserved name: the table has no such column.
      "UPDATE list_kinds SET definition = json_set(json_insert(definition, '$.fields[#]', "
        + "json_object('name', \(Self.literal(reserved)), 'type', 'text')), '$.search', "
        + "json_array(\(Self.literal(reserved)))) WHERE name = 'books'",
      Self.setMember("$.search[0]", Self.literal(reserved)),
      Self.setMember("$.name", Self.literal(kindName), kind: "notes"),
      "UPDATE list_kinds SET name = \(Self.literal(kindName)), definition = json_set(definition, '$.name', "
        + "\(Self.literal(kindName))) WHERE name = 'notes'",
    ])
  }

  mutating func kindDerived() -> String {
    let taken = pick([
      "books_search_docsize", "books_search_data", "books_search_idx", "books_search_config",
      "books_search_content", "books_search", "books_page", "books_unique", "books_by_status",
      "films_search_docsize",
    ])
    let owner = taken.hasPrefix("films") ? "films" : "books"
    let trigger = pick(objects.filter { $0.hasPrefix(owner + "_") && ($0.contains("counted") || $0.contains("search_")) })
    // notes becomes `taken` (its table, its definition, its count rows), then one trigger of
    // its owner goes, so that `doctor --repair` rebuilds what it thinks is the owner's.
    return "DROP TABLE IF EXISTS \(taken); DROP INDEX IF EXISTS \(taken); "
      + "ALTER TABLE notes RENAME TO \(taken); "
      + "UPDATE list_kinds SET name = '\(taken)', definition = json_set(definition, '$.name', '\(taken)') "
      + "WHERE name = 'notes'; UPDATE list_counts SET list = '\(taken)' WHERE list = 'notes'; "
      + "DROP TRIGGER IF EXISTS \(trigger)"
  }

  mutating func kindRows() -> String {
    let kind = pick(["books", "films", "notes", "orders"])
    return pick([
      "DELETE FROM list_kinds WHERE name = '\(kind)'",
      "UPDATE list_kinds SET built_in = \(kind == "orders" ? 0 : 1) WHERE name = '\(kind)'",
      "UPDATE list_kinds SET checksum = \(pick(["'edited'", "''", "upper(checksum)"])) WHERE name = '\(kind)'",
      "PRAGMA ignore_check_constraints = ON; UPDATE list_kinds SET version = "
        + "\(pick(["0", "-1", "9223372036854775807", "'two'"])) WHERE name = '\(kind)'",
      "UPDATE list_kinds SET created_at = \(pick(["-9223372036854775808", "9223372036854775807", "'now'"])) WHERE name = '\(kind)'",
      "PRAGMA ignore_check_constraints = ON; UPDATE list_kinds SET item = '' WHERE name = '\(kind)'",
      // A kind whose table does not exist, and one whose table is another program's.
      "INSERT INTO list_kinds (name, item, definition, checksum) SELECT 'ghost', 'ghost', "
        + "json_set(definition, '$.name', 'ghost'), checksum FROM list_kinds WHERE name = 'notes'",
      "CREATE TABLE ghost (id INTEGER PRIMARY KEY, secret TEXT); INSERT INTO ghost VALUES (1, 'keep'); "
        + "INSERT INTO list_kinds (name, item, definition, checksum) SELECT 'ghost', 'ghost', "
        + "json_set(definition, '$.name', 'ghost'), checksum FROM list_kinds WHERE name = 'notes'",
      "UPDATE list_kinds SET schema_sql = \(pick(["''", "'x'", "NULL"])) WHERE name = '\(kind)'",
      "DROP TABLE \(pick(["books", "notes", "films"]))",
      "DROP TABLE list_kinds",
    ])
  }

  // MARK: list_sync

  static let syncIntegerColumns = [
    "last_success_at", "last_attempt_at", "refreshed_at", "generation", "item_count", "next_page", "error_page",
    "error_retryable", "complete",
  ]

  mutating func syncIntegers() -> String {
    let value = pick(["-9223372036854775808", "9223372036854775807", "-1", "0", "2147483648", "-2147483649"])
    let columns = (0..<(1 + Int(random.next() % 3))).map { _ in pick(Self.syncIntegerColumns) }
    let sets = Set(columns).sorted().map { "\($0) = \(value)" }.joined(separator: ", ")
    return "UPDATE list_sync SET \(sets) WHERE kind = 'films'"
  }

  mutating func syncTypes() -> String {
    let value = pick(["'soon'", "x'00ff'", "1.5", "1e300", "-1e300", "''", "'9223372036854775808'"])
    return pick([
      "UPDATE list_sync SET \(pick(Self.syncIntegerColumns)) = \(value) WHERE kind = 'films'",
      "UPDATE list_sync SET remote_url = \(pick(["42", "x'68747470'", "1.5"])) WHERE kind = 'films'",
      "UPDATE list_sync SET next_cursor = \(pick(["42", "x'00ff'", "1.5"])) WHERE kind = 'films'",
      "UPDATE list_sync SET error_kind = \(pick(["42", "x'00'", "'unavailable'"])), error_message = \(value) "
        + "WHERE kind = 'films'",
    ])
  }

  /// A stored URL, as an SQL expression: on 127.0.0.1 and the closed port, or not HTTP at all.
  mutating func syncURL() -> String {
    let base = Self.closedURL
    return pick([
      Self.literal("http://mallory:\(Self.secret)@127.0.0.1:\(Self.closedPort)/films"),
      Self.literal("http://:\(Self.secret)@127.0.0.1:\(Self.closedPort)/films"),
      "'\(base)/films?x=' || \(pick(Self.controlTexts))",
      "'\(base)/' || \(pick(Self.controlTexts)) || '/films'",
      "'\(base)/' || \(Self.huge(pick([10_000, 100_000])))",
      Self.literal(pick(["", " ", "not a url", "films", "//127.0.0.1:1/films", "http://", "http:///films"])),
      Self.literal(pick(["file:///dev/zero", "file:///etc/hostname", "ftp://127.0.0.1:1/films", "data:,x"])),
      Self.literal("\(base)/films; DROP TABLE films"),
      Self.literal("HTTP://127.0.0.1:\(Self.closedPort)/films"),
    ])
  }

  mutating func syncText() -> String {
    let text = pick(Self.controlTexts)
    return pick([
      "UPDATE list_sync SET error_kind = 'unavailable', error_message = \(text), error_retryable = 1 WHERE kind = 'films'",
      "UPDATE list_sync SET error_kind = \(text), error_message = 'x' WHERE kind = 'films'",
      "UPDATE list_sync SET error_kind = 'protocol', error_message = \(Self.huge(pick([100_000, 1_000_000]))) "
        + "WHERE kind = 'films'",
      "UPDATE list_sync SET next_cursor = \(pick([text, Self.huge(pick([100_000, 2_000_000])), "''"])), complete = 0 "
        + "WHERE kind = 'films'",
      "UPDATE list_sync SET error_kind = 'boom', error_message = NULL, error_page = -1 WHERE kind = 'films'",
    ])
  }

  mutating func syncItems() -> String {
    let id = pick([
      "0", "'0'", "-0", "'-0'", "1.5", "x'00'", "9223372036854775807", "-9223372036854775808",
      "'99999999999999999999'", "''", pick(Self.controlTexts),
    ])
    let item = pick(["1", "2", "-1", "0", "9223372036854775807", "'x'", "1000"])
    let kind = pick(["'films'", "'films'", "'orders'", "'books'", "'ghost'", Self.literal(pick(Self.sqlNames))])
    return pick([
      "INSERT OR REPLACE INTO list_sync_items (kind, account, remote_id, item_id) VALUES (\(kind), 'default', \(id), \(item))",
      "UPDATE list_sync_items SET \(pick(["version", "base", "seen"])) = \(pick([id, "'not json'", "9223372036854775807"]))",
      "DELETE FROM list_sync_items",
      "UPDATE list_sync_items SET item_id = item_id + \(pick(["1000", "-1000", "1"]))",
      "UPDATE list_sync_items SET remote_id = \(id)",
      "UPDATE list_sync_items SET kind = \(kind)",
      "UPDATE list_sync_items SET account = \(pick(["'other'", "''", pick(Self.controlTexts)]))",
    ])
  }

  mutating func syncRows() -> String {
    let kind = pick(["'ghost'", "'orders'", "'books'", Self.literal(pick(Self.sqlNames)), pick(Self.controlTexts)])
    return pick([
      "INSERT OR REPLACE INTO list_sync (kind, account, remote_url) VALUES (\(kind), 'default', '\(Self.closedURL)/x')",
      "UPDATE list_sync SET kind = \(kind)",
      "UPDATE list_sync SET account = \(pick(["'other'", "''", pick(Self.controlTexts)]))",
      "DELETE FROM list_sync",
      "DROP TABLE \(pick(["list_sync", "list_sync_items"]))",
      "DROP TABLE list_sync; CREATE TABLE list_sync (kind, account)",
      "DROP TABLE list_sync_items; CREATE TABLE list_sync_items (kind TEXT, account TEXT, remote_id, item_id)",
      "DROP TABLE list_sync; CREATE VIEW list_sync AS SELECT 'films' AS kind",
      "CREATE TABLE kept AS SELECT * FROM list_sync; DROP TABLE list_sync; "
        + "CREATE TABLE list_sync (kind, account, remote_url, last_success_at, last_attempt_at, error_kind, "
        + "error_message, error_retryable, error_page, next_cursor, next_page, complete, item_count, "
        + "refreshed_at, generation); INSERT INTO list_sync SELECT * FROM kept; "
        + "INSERT INTO list_sync (kind, account, remote_url) VALUES ('films', 'default', NULL); DROP TABLE kept",
    ])
  }

  mutating func syncChanges() -> String {
    let text = pick(Self.controlTexts)
    let item = pick(["1", "2", "-1", "9223372036854775807", "'x'", "1000"])
    let kind = pick(["'films'", "'orders'", "'ghost'", Self.literal(pick(Self.sqlNames)), text])
    let insert = "PRAGMA ignore_check_constraints = ON; INSERT INTO list_changes (kind, account, item_id, op, fields, state, payload, answer) VALUES "
    return pick([
      insert + "(\(kind), 'default', \(item), 'update', '[\"title\"]', 'pending', NULL, NULL)",
      insert + "('films', 'default', 1, \(pick(["'merge'", "''", "NULL", "7"])), NULL, 'pending', NULL, NULL)",
      insert + "('films', 'default', 1, 'update', \(pick(["'not json'", "'[1,2]'", "'{\"title\":1}'", "'[\"ghost\"]'"])), 'pending', NULL, NULL)",
      insert + "('films', 'default', 1, 'add', NULL, \(pick(["'lost'", "'sent'", "'conflict'", "'rejected'", "''"])), \(text), \(text))",
      insert + "('films', 'default', 2, 'remove', NULL, 'rejected', \(Self.huge(1_000_000)), \(Self.huge(100_000)))",
      "UPDATE list_changes SET change_id = \(pick(["''", "NULL", text, "'same'"]))",
      "UPDATE list_changes SET made_at = \(pick(["-9223372036854775808", "9223372036854775807", "'now'"]))",
      "INSERT INTO list_sync_applying VALUES (\(pick(["1", "0", "NULL"])))",
      "DROP TRIGGER films_changes_\(pick(["insert", "update", "delete"]))",
      "DROP TABLE \(pick(["list_changes", "list_sync_applying"]))",
      "DROP TABLE list_changes; CREATE TABLE list_changes (kind, account, item_id, op)",
    ])
  }

  mutating func syncIDs() -> String {
    let table = pick(["'films'", "'books'", "'orders'", "'ghost'"])
    let value = pick(["0", "-1", "1", "9223372036854775807", "9223372036854775806", "'x'", "NULL", "1.5"])
    return pick([
      "UPDATE sqlite_sequence SET seq = \(value) WHERE name = \(table)",
      "UPDATE sqlite_sequence SET seq = \(value)",
      "DELETE FROM sqlite_sequence WHERE name = \(table)",
      "INSERT INTO sqlite_sequence (name, seq) VALUES (\(table), \(value))",
      "INSERT OR REPLACE INTO list_sync_items (kind, account, remote_id, item_id) VALUES ('films', 'default', \(pick(["1", "2", "'r1'"])), 0)",
      "UPDATE list_sync_items SET item_id = 0",
      "UPDATE list_sync SET remote_url = '\(Self.closedURL)/other'",
      "DROP TRIGGER films_changes_identity",
      "UPDATE films SET id = id + 100",
    ])
  }

  // MARK: Other bookkeeping text

  mutating func otherText() -> String {
    let text = pick(Self.controlTexts)
    let name = Self.literal(pick(Self.sqlNames))
    return pick([
      "UPDATE lists_migrations SET name = name || \(text)",
      "INSERT INTO lists_migrations (namespace, number, name, checksum, applied_at) "
        + "VALUES ('app' || \(text), 1, \(text), 'x', 0)",
      "INSERT INTO lists_migrations (namespace, number, name, checksum, applied_at) VALUES (\(name), 1, \(name), 'x', 0)",
      "INSERT INTO list_counts VALUES ('default', 'ghost' || \(text), 3, 1)",
      "INSERT INTO list_counts VALUES ('default', \(name), 3, 1)",
      "INSERT INTO list_counts VALUES (\(text), 'books', 3, 1)",
      "UPDATE list_counts SET account = \(text) WHERE list = 'books'",
    ])
  }

  // MARK: The file `kinds add` reads

  /// The definition `kinds add` registers: a sound new kind, or for ``EditClass/kindFile`` a
  /// hostile one (SQL in names, reserved and derived names, control characters).
  mutating func definitionFile(_ kind: EditClass) -> String {
    let sound = #"{"name":"journal","item":"entry","fields":[{"name":"text","type":"text","required":true},"#
      + #"{"name":"mood","type":"enum","values":["good","bad"]}],"search":["text"]}"#
    guard kind == .kindFile else { return sound }
    let name = pick(Self.sqlNames).replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
    return pick([
      #"{"name":"\#(name)","fields":[{"name":"text","type":"text"}]}"#,
      #"{"name":"journal","fields":[{"name":"\#(name)","type":"text"}]}"#,
      #"{"name":"journal","fields":[{"name":"\#(pick(["rank", "rowid", "oid", "_rowid_"]))","type":"text"}],"search":["\#(pick(["rank", "rowid", "oid", "_rowid_"]))"]}"#,
      #"{"name":"\#(pick(["books_search_docsize", "books_search_data", "books_search_idx", "books_search_config", "books_page", "films_search", "books_counted_insert"]))","fields":[{"name":"note","type":"text"}]}"#,
      #"{"name":"journal","item":"\u001b[2J","fields":[{"name":"text","type":"text","help":"\u009b31m\u202e"}]}"#,
      #"{"name":"journal","fields":[{"name":"text","type":"text","default":"\u0007\u001b]0;x\u0007"}],"placeholders":{"empty":{"title":"\u202eoops"}}}"#,
      #"{"name":"journal","fields":[{"name":"price","type":"money","currency_column":"\#(name)"}]}"#,
      #"{"name":"journal","fields":[{"name":"mood","type":"enum","values":["a'); DROP TABLE books; --"]}]}"#,
      #"{"name":"journal","fields":[{"name":"text","type":"text","pattern":"*'); DROP TABLE books; --"}]}"#,
    ])
  }
}
