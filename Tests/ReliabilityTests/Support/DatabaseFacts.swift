import ListStore
import SQLiteCore

/// What a database file holds, read with a raw connection after every child is gone: the
/// integrity check, the schema, the migrations, and the kept counts beside the real ones.
struct DatabaseFacts {
  /// `PRAGMA integrity_check`: `["ok"]` for a sound file.
  var integrity: [String]
  /// `PRAGMA user_version`.
  var userVersion: Int
  /// The numbers in `lists_migrations`, in order; empty when the table does not exist.
  var migrations: [Int]
  /// Table, index and trigger names in `sqlite_schema`.
  var schemaNames: Set<String>
  /// Real rows per `account/list`.
  var realCounts: [String: Int]
  /// `list_counts.item_count` per `account/list`, zero rows left out.
  var keptCounts: [String: Int]

  /// Every name the first migration creates.
  static let migratedNames: Set<String> = [
    "favorites", "favorites_page", "addresses", "addresses_one_is_default", "list_kinds", "addresses_page",
    "orders", "orders_page", "list_counts", "lists_migrations",
    "favorites_counted_insert", "favorites_counted_delete", "favorites_counted_update",
    "addresses_counted_insert", "addresses_counted_delete", "addresses_counted_update",
    "orders_counted_insert", "orders_counted_delete", "orders_counted_update",
  ]

  /// Whether the file holds no schema at all (a new file, or a first migration rolled back).
  var isUnmigrated: Bool { userVersion == 0 && schemaNames.isEmpty && migrations.isEmpty }

  /// Whether the file holds every migration of this build, each recorded once.
  var isMigrated: Bool {
    let latest = ListsDatabase.supportedSchemaVersion
    return userVersion == latest && migrations == Array(1...latest) && Self.migratedNames.isSubset(of: schemaNames)
  }

  /// Whether the file stands between two whole migrations: its version is some migration's
  /// number, each migration up to it recorded once (a kill between two migrations leaves this;
  /// the next open applies the rest).
  var isBetweenMigrations: Bool {
    userVersion >= 1 && userVersion <= ListsDatabase.supportedSchemaVersion
      && migrations == Array(1...userVersion)
      && (userVersion == ListsDatabase.supportedSchemaVersion
        ? Self.migratedNames.isSubset(of: schemaNames)
        : Set(["favorites", "addresses", "orders", "list_counts", "lists_migrations"]).isSubset(of: schemaNames))
  }

  /// Whether every kept count equals the real count.
  var countsAgree: Bool { realCounts == keptCounts }

  /// Reads the facts of the file at `path`. Opening recovers a WAL left by a killed writer, as
  /// any next user of the file would.
  static func read(_ path: String) throws -> DatabaseFacts {
    let connection = try Connection(path: path, options: .init(create: false))
    connection.setBusyTimeout(milliseconds: 10_000)
    let integrity = try connection.textColumn("PRAGMA integrity_check")
    let userVersion = Int(try connection.scalarInt("PRAGMA user_version") ?? 0)
    let names = Set(
      try connection.textColumn(
        "SELECT name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_autoindex%'"))
    var facts = DatabaseFacts(
      integrity: integrity, userVersion: userVersion, migrations: [], schemaNames: names,
      realCounts: [:], keptCounts: [:])
    if names.contains("lists_migrations") {
      // From the second migration on, the table also records other namespaces.
      let namespaced = try connection.scalarInt(
        "SELECT count(*) FROM pragma_table_info('lists_migrations') WHERE name = 'namespace'") == 1
      facts.migrations = try connection.textColumn(
        "SELECT number FROM lists_migrations \(namespaced ? "WHERE namespace = 'lists'" : "") ORDER BY number"
      ).compactMap { Int($0) }
    }
    if names.isSuperset(of: ["favorites", "addresses", "orders", "list_counts"]) {
      let real = try connection.prepare(
        """
        SELECT account, 'favorites', count(*) FROM favorites GROUP BY account
        UNION ALL SELECT account, 'addresses', count(*) FROM addresses GROUP BY account
        UNION ALL SELECT account, 'orders', count(*) FROM orders GROUP BY account
        """)
      while try real.step() {
        facts.realCounts["\(real.text(at: 0))/\(real.text(at: 1))"] = Int(real.int64(at: 2))
      }
      let kept = try connection.prepare(
        "SELECT account, list, item_count FROM list_counts WHERE item_count != 0")
      while try kept.step() {
        facts.keptCounts["\(kept.text(at: 0))/\(kept.text(at: 1))"] = Int(kept.int64(at: 2))
      }
    }
    return facts
  }

  /// The real number of rows of `list` of `account`.
  func count(_ list: String, account: String = "default") -> Int {
    realCounts["\(account)/\(list)"] ?? 0
  }
}

/// The order numbers of `account`, as stored, with repeats kept.
func orderNumbers(_ path: String, account: String = "default") throws -> [String] {
  let connection = try Connection(path: path, options: .init(create: false))
  connection.setBusyTimeout(milliseconds: 10_000)
  let statement = try connection.prepare("SELECT number FROM orders WHERE account = ?")
  try statement.bind(account, at: 1)
  var numbers: [String] = []
  while try statement.step() { numbers.append(statement.text(at: 0)) }
  return numbers
}

/// How many orders of `account` have a number starting with `prefix`.
func orderCount(_ path: String, prefix: String, account: String = "default") throws -> Int {
  let connection = try Connection(path: path, options: .init(create: false))
  connection.setBusyTimeout(milliseconds: 10_000)
  let statement = try connection.prepare(
    "SELECT count(*) FROM orders WHERE account = ? AND substr(number, 1, length(?2)) = ?2")
  try statement.bind(account, at: 1)
  try statement.bind(prefix, at: 2)
  return try statement.step() ? Int(statement.int64(at: 0)) : 0
}
