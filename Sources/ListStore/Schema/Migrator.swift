import SQLiteCore

/// Applies the embedded migrations, in order, each in its own `BEGIN IMMEDIATE` transaction.
///
/// `PRAGMA user_version` is the number of the newest applied migration and `lists_migrations`
/// records number, name, checksum and time of each. Forward only: an applied migration whose
/// checksum differs from this build's is reported, never re-run.
enum Migrator {
  /// `PRAGMA application_id` of every lists database: "LSTS".
  static let applicationID: Int64 = 0x4C53_5453

  /// The namespace of the package's own migrations in `lists_migrations`.
  static let packageNamespace = "lists"

  /// The newest schema version this build knows.
  static var latestVersion: Int { EmbeddedMigration.all.count }

  /// What a file says about itself: its mark, its schema version, and whether it has a schema.
  struct Mark: Equatable {
    /// `PRAGMA application_id`.
    var applicationID: Int64
    /// `PRAGMA user_version`.
    var version: Int
    /// Whether the file has any table, index, view or trigger.
    var hasSchema: Bool
  }

  /// The file's mark, schema version and whether it has a schema, read in one statement.
  ///
  /// One statement reads one snapshot. Read one after the other, the three could straddle the
  /// commit of another process's first migration: a mark of 0 from before it and tables from
  /// after it make a file being created look like another program's database.
  static func readMark(_ connection: Connection) throws(SQLiteError) -> Mark {
    let statement = try connection.prepare(
      """
      SELECT application_id, user_version, EXISTS (SELECT 1 FROM sqlite_schema)
      FROM pragma_application_id, pragma_user_version
      """)
    guard try statement.step() else { return Mark(applicationID: 0, version: 0, hasSchema: false) }
    return Mark(
      applicationID: statement.int64(at: 0), version: Int(statement.int64(at: 1)),
      hasSchema: statement.int64(at: 2) != 0)
  }

  /// Refuses a file that is not ours or is newer than this build.
  static func checkMark(_ mark: Mark, path: String, latest: Int = latestVersion) throws(ListStoreError) {
    if mark.applicationID != applicationID {
      if mark.applicationID != 0 || mark.version != 0 || mark.hasSchema {
        throw .foreignDatabase(path: path)
      }
    } else if mark.version > latest {
      throw .schemaTooNew(app: nil, found: mark.version, supported: latest)
    } else if mark.version < 0 {
      // Used as a count of migrations and an index into them: refused before either.
      throw .corrupt(
        path: path,
        detail: "its schema version is \(mark.version); no build of lists writes a negative one")
    }
  }

  /// Brings the file up to ``latestVersion``. Safe when another process migrates at the same
  /// time: each step re-reads the version inside its write transaction.
  static func migrate(
    _ connection: Connection, path: String, migrations: [EmbeddedMigration] = EmbeddedMigration.all,
    now: () -> Int64
  ) throws(ListStoreError) {
    var verified = false
    while true {
      do {
        try connection.execute("BEGIN IMMEDIATE")
      } catch {
        throw ListStoreError(error, path: path)
      }
      var current: EmbeddedMigration?
      do {
        let mark = try readMark(connection)
        try checkMark(mark, path: path, latest: migrations.count)
        if !verified {
          try verifyApplied(
            connection, upTo: mark.version, hasSchema: mark.hasSchema, path: path,
            migrations: migrations)
          verified = true
        }
        guard mark.version < migrations.count else {
          try connection.execute("COMMIT")
          return
        }
        let migration = migrations[mark.version]
        current = migration
        try apply(migration, to: connection, now: now())
        try connection.execute("COMMIT")
      } catch {
        if !connection.isAutocommit { try? connection.execute("ROLLBACK") }
        if let error = error as? SQLiteError, let migration = current, !error.isBusy, !error.isFull,
          !error.isIOError
        {
          throw ListStoreError.migrationFailed(
            app: nil, number: migration.number, name: migration.name, detail: error.message)
        }
        throw ListStoreError.wrap(error, path: path)
      }
    }
  }

  /// Applies one migration and records it. ``SchemaReference`` applies the migrations with
  /// this same function to a scratch database, so the statement that makes `lists_migrations`
  /// is compared with files' too: like a shipped migration, it is never edited.
  static func apply(_ migration: EmbeddedMigration, to connection: Connection, now: Int64) throws {
    try connection.execute(
      """
      CREATE TABLE IF NOT EXISTS lists_migrations (
        number     INTEGER PRIMARY KEY,
        name       TEXT    NOT NULL,
        checksum   TEXT    NOT NULL,
        applied_at INTEGER NOT NULL
      ) STRICT
      """)
    try connection.executeScript(migration.sql)
    // The step of a migration SQL cannot state: it walks the lists the file holds.
    if migration.number == NeverReusedIDs.migrationNumber { try NeverReusedIDs.apply(connection) }
    let record = try connection.prepare(
      "INSERT INTO lists_migrations (number, name, checksum, applied_at) VALUES (?, ?, ?, ?)")
    try record.bind(migration.number, at: 1)
    try record.bind(migration.name, at: 2)
    try record.bind(migration.checksum, at: 3)
    try record.bind(now, at: 4)
    try record.run()
    // PRAGMA arguments cannot be bound; both values are integers this code computed.
    try connection.execute("PRAGMA user_version = \(migration.number)")
    try connection.execute("PRAGMA application_id = \(applicationID)")
  }

  /// What is wrong when the migrations recorded in `lists_migrations` are not exactly 1 to
  /// `version` (`PRAGMA user_version`) — one of them edited by hand; `nil` when they are.
  /// Migrating such a file would fail or skip a migration.
  /// `hasSchema` says whether the file has tables: at version 0 it has none (the first
  /// migration writes its tables and the version in one transaction).
  static func inconsistency(_ applied: [Applied], version: Int, hasSchema: Bool = false)
    -> String?
  {
    if let malformed = applied.first(where: { !$0.isWellFormed }) {
      return "lists_migrations has a row with a NULL or a value of the wrong type "
        + "(number \(malformed.number))"
    }
    let numbers = applied.map(\.number)
    guard numbers != Array(stride(from: 1, through: version, by: 1)) else {
      guard version == 0 && hasSchema else { return nil }
      return "it has a schema but its schema version is 0 and it records no migration"
    }
    let recorded = numbers.isEmpty ? "none" : numbers.map(String.init).joined(separator: ", ")
    return "its schema version is \(version) but the migrations recorded are \(recorded)"
  }

  /// One applied migration as the file records it.
  struct Applied: Equatable {
    var number: Int
    var name: String
    var checksum: String
    var appliedAt: Int64
    /// Whether every column holds a value of its type: a number and a time that are integers,
    /// a name and a checksum that are text. A table recreated by hand may hold anything.
    var isWellFormed = true
  }

  /// The migrations the file records, in order; empty when it records none.
  static func applied(_ connection: Connection) throws(SQLiteError) -> [Applied] {
    let exists = try connection.scalarInt(
      "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'lists_migrations'")
    guard exists == 1 else { return [] }
    // From the second migration on, the table records other namespaces too (an app's own
    // migrations, the kinds registered); these are the package's. A table without the column
    // (a file of the first migration) does not compile the first statement: then every row is
    // the package's. (Asking `pragma_table_info` first cost a tenth of a cold `lists show`.)
    let columns = """
      SELECT number, name, checksum, applied_at,
        typeof(number) = 'integer' AND typeof(name) = 'text' AND typeof(checksum) = 'text'
          AND typeof(applied_at) = 'integer'
      FROM lists_migrations
      """
    let statement: Statement
    do {
      statement = try connection.prepare(columns + " WHERE namespace = '\(packageNamespace)' ORDER BY number")
    } catch {
      statement = try connection.prepare(columns + " ORDER BY number")
    }
    var rows: [Applied] = []
    while try statement.step() {
      rows.append(
        Applied(
          number: Int(statement.int64(at: 0)), name: statement.text(at: 1),
          checksum: statement.text(at: 2), appliedAt: statement.int64(at: 3),
          isWellFormed: statement.int64(at: 4) != 0))
    }
    return rows
  }

  /// Throws ``ListStoreError/migrationChanged(app:number:name:)`` for the first applied migration
  /// whose recorded checksum is not this build's.
  /// Throws ``ListStoreError/corrupt(path:detail:)`` when the recorded migrations are not
  /// exactly 1 to `version` (see ``inconsistency(_:version:)``).
  static func verifyApplied(
    _ connection: Connection, upTo version: Int, hasSchema: Bool = false, path: String,
    migrations: [EmbeddedMigration] = EmbeddedMigration.all
  ) throws {
    let rows = try applied(connection)
    if let detail = inconsistency(rows, version: version, hasSchema: hasSchema) {
      throw ListStoreError.corrupt(path: path, detail: detail)
    }
    // After the check above the numbers are exactly 1 to `version`; the range check keeps the
    // index sound whatever the file holds.
    for row in rows where row.number >= 1 && row.number <= min(version, migrations.count) {
      let migration = migrations[row.number - 1]
      if migration.checksum != row.checksum {
        throw ListStoreError.migrationChanged(app: nil, number: migration.number, name: migration.name)
      }
    }
  }
}
