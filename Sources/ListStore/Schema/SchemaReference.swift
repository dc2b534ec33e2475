import SQLiteCore

/// The tables, indexes and triggers this build's migrations make, as SQLite records them, and
/// how a file's schema differs from them.
///
/// The reference is read back from a scratch in-memory database that the embedded migrations
/// are applied to, exactly as ``Migrator`` applies them to a file: the migrations' text is the
/// one source of the names `doctor` looks for and of the statements `doctor --repair` runs
/// again — nothing here spells a table, an index or a trigger a second time.
enum SchemaReference {
  /// One table, index or trigger as `sqlite_schema` records it.
  struct Object: Equatable, Sendable {
    /// `table`, `index`, `trigger` or `view`.
    var type: String
    /// Its name.
    var name: String
    /// The table it belongs to (`tbl_name`): its own name for a table, the table an index or
    /// trigger is on.
    var table: String
    /// The `CREATE` statement SQLite keeps for it.
    var sql: String
  }

  /// How one object of the reference is found in a file.
  struct Difference: Equatable, Sendable {
    /// The object as the migrations make it.
    var expected: Object
    /// The object of that name in the file; nil when the file has none.
    var found: Object?

    /// Whether `doctor --repair` can make it again without touching a data row: an index, a
    /// trigger, or the table of kept counts (recounted after it is made) unless something else
    /// (a view) stands under its name.
    var isRepairable: Bool {
      expected.type == "index" || expected.type == "trigger" || (expected.name == "list_counts" && isReplaceable)
    }

    /// Whether the object of that name in the file may be dropped for the migrations' one: it
    /// is of the same type and belongs to the same table, so it is the package's object for
    /// that purpose, changed. Anything else of that name (a table where an index belongs, an
    /// index on another table) is left alone.
    var isReplaceable: Bool {
      guard let found else { return true }
      return found.type == expected.type && found.table == expected.table
    }

    /// What is wrong, for a sentence: `the trigger orders_counted_insert is missing`.
    var detail: String {
      guard let found else { return "the \(expected.type) \(expected.name) is missing" }
      if found.type != expected.type {
        return "\(expected.name) is a \(found.type), not the \(expected.type) the migrations make"
      }
      return "the \(expected.type) \(expected.name) is not the one the migrations make"
    }
  }

  /// The objects migrations 1 to `version` make, in the order they make them.
  static func objects(
    upTo version: Int, migrations: [EmbeddedMigration] = EmbeddedMigration.all
  ) throws -> [Object] {
    let scratch = try Connection(path: ":memory:")
    for migration in migrations.prefix(max(0, version)) {
      try Migrator.apply(migration, to: scratch, now: 0)
    }
    return try objects(in: scratch)
  }

  /// The tables, indexes, triggers and views of `connection`'s main schema, oldest first,
  /// without SQLite's own (`sqlite_autoindex_...`).
  static func objects(in connection: Connection) throws(SQLiteError) -> [Object] {
    let statement = try connection.prepare(
      """
      SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_schema
      WHERE name NOT LIKE 'sqlite_%' ORDER BY rowid
      """)
    var objects: [Object] = []
    while try statement.step() {
      objects.append(
        Object(
          type: statement.text(at: 0), name: statement.text(at: 1), table: statement.text(at: 2),
          sql: statement.text(at: 3))
      )
    }
    return objects
  }

  /// Every object of the reference for `version` that the file misses or holds otherwise.
  ///
  /// The lists' own tables are only looked for, not compared: other programs may add columns
  /// to them (`Documentation/DatabaseFile.md` allows it). The bookkeeping tables, indexes and triggers must be
  /// exactly the migrations' own.
  static func differences(
    in connection: Connection, upTo version: Int,
    migrations: [EmbeddedMigration] = EmbeddedMigration.all
  ) throws -> [Difference] {
    let present = try objects(in: connection)
    var differences: [Difference] = []
    for expected in try objects(upTo: version, migrations: migrations) {
      let found = present.first { $0.name == expected.name }
      if let found, found.type == expected.type,
        found.sql == expected.sql
          || (found.type == "table" && KindName.builtIns.contains { $0.rawValue == found.name })
      {
        continue
      }
      differences.append(Difference(expected: expected, found: found))
    }
    return differences
  }
}
