import SQLiteCore

extension ListsDatabase {
  /// Brings the app's own tables up to date: applies, in order, each migration of `migrations`
  /// the file has not recorded under `app`, each in its own `BEGIN IMMEDIATE` transaction, and
  /// records it in `lists_migrations` (namespace `app`, number, name, checksum, time) — the
  /// table of the package's own migrations, whose namespace `lists` never collides with an
  /// app's.
  ///
  /// Before anything is written, the migrations the file records under `app` are checked: a
  /// file that records more than `migrations` holds (made by a newer version of the app) is
  /// refused and left untouched, and so is one whose recorded checksum of a migration differs
  /// from the SQL given now. Safe when another process migrates at the same time: each step
  /// reads what is recorded inside its own write transaction.
  ///
  /// Migrations run SQL only; they tell no change observer (a list the SQL changes is
  /// refreshed by its observers' next poll of the file only if its count moved).
  ///
  /// - Parameters:
  ///   - app: The app's namespace, e.g. `com.example.reader`: ASCII letters, digits, `.`, `-`
  ///     and `_`, and not `lists` (the package's own).
  ///   - migrations: Every migration of the app, numbered 1, 2, 3, ... in order.
  /// - Returns: The migrations applied by this call (none when the file was up to date).
  /// - Throws: ``ListStoreError/schemaTooNew(app:found:supported:)``,
  ///   ``ListStoreError/migrationChanged(app:number:name:)`` (the file is then not written
  ///   at all), ``ListStoreError/migrationFailed(app:number:name:detail:)`` (that migration
  ///   is rolled back; those before it stay applied), ``ListStoreError/nestedWrite`` from inside
  ///   ``write(_:)-k0zw`` or an import, or a database error.
  @discardableResult
  public func migrate(app: String, _ migrations: [AppMigration]) throws(ListStoreError)
    -> [AppMigration]
  {
    precondition(
      !app.isEmpty && app != Migrator.packageNamespace
        && app.unicodeScalars.allSatisfy(Self.isNamespaceScalar),
      "'\(app)' cannot name an app's migrations: use ASCII letters, digits, '.', '-' and '_', and not 'lists'"
    )
    for (index, migration) in migrations.enumerated() {
      precondition(
        migration.number == index + 1,
        "app migration '\(migration.name)' of \(app) is number \(migration.number) at place \(index + 1): number them 1, 2, 3, ..."
      )
    }
    if isInOpenTransaction { throw .nestedWrite }
    do {
      return try withConnection { connection throws -> [AppMigration] in
        // Checked with a read first, so a file that is refused is not written at all.
        try Self.checkRecorded(app, migrations, connection)
        var applied: [AppMigration] = []
        while true {
          try connection.execute("BEGIN IMMEDIATE")
          do {
            let recorded = try Self.checkRecorded(app, migrations, connection)
            guard recorded < migrations.count else {
              try connection.execute("COMMIT")
              return applied
            }
            let migration = migrations[recorded]
            do {
              try connection.executeScript(migration.sql)
            } catch let error as SQLiteError
              where !error.isBusy && !error.isFull && !error.isIOError
            {
              throw ListStoreError.migrationFailed(
                app: app, number: migration.number, name: migration.name, detail: error.message)
            }
            let record = try connection.prepare(
              "INSERT INTO lists_migrations (namespace, number, name, checksum, applied_at) VALUES (?, ?, ?, ?, ?)"
            )
            try record.bind(app, at: 1)
            try record.bind(migration.number, at: 2)
            try record.bind(migration.name, at: 3)
            try record.bind(migration.checksum, at: 4)
            try record.bind(configuration.now().millisecondsSince1970, at: 5)
            try record.run()
            try connection.execute("COMMIT")
            applied.append(migration)
          } catch {
            if !connection.isAutocommit { try? connection.execute("ROLLBACK") }
            throw error
          }
        }
      }
    } catch {
      throw ListStoreError.wrap(error, path: path)
    }
  }

  private static func isNamespaceScalar(_ scalar: Unicode.Scalar) -> Bool {
    (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
      || (scalar >= "0" && scalar <= "9")
      || scalar == "." || scalar == "-" || scalar == "_"
  }

  /// How many of `migrations` the file records under `app`, after checking that it records no
  /// more than that and the same checksums.
  @discardableResult
  private static func checkRecorded(
    _ app: String, _ migrations: [AppMigration], _ connection: Connection
  ) throws -> Int {
    let statement = try connection.prepare(
      "SELECT number, checksum FROM lists_migrations WHERE namespace = ? ORDER BY number")
    try statement.bind(app, at: 1)
    var recorded: [(number: Int, checksum: String)] = []
    while try statement.step() {
      recorded.append((Int(statement.int64(at: 0)), statement.text(at: 1)))
    }
    let newest = recorded.last?.number ?? 0
    guard newest <= migrations.count else {
      throw ListStoreError.schemaTooNew(app: app, found: newest, supported: migrations.count)
    }
    for (index, row) in recorded.enumerated() {
      let migration = migrations[row.number - 1]
      guard row.number == index + 1 else {
        throw ListStoreError.migrationChanged(
          app: app, number: index + 1, name: migrations[index].name)
      }
      if row.checksum != migration.checksum {
        throw ListStoreError.migrationChanged(app: app, number: row.number, name: migration.name)
      }
    }
    return recorded.count
  }
}
