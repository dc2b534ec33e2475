import SQLiteCore
import TextFormats

/// The kinds a file holds, in its `list_kinds` table, and the SQL that registers, changes and
/// removes them. Each function runs inside the caller's `BEGIN IMMEDIATE` transaction, so what
/// it does happens wholly or not at all.
///
/// Registering a kind is recorded like a migration, in `lists_migrations` under the namespace
/// `kind:<name>`: number 1 for the registration, then one per change.
enum KindRegistry {
  /// The namespace of a kind's records in `lists_migrations`.
  static func namespace(of kind: String) -> String { "kind:" + kind }

  /// The SHA-256 of a definition's canonical JSON.
  static func checksum(of definition: KindDefinition) -> String {
    sha256Hex(Array(definition.json.utf8))
  }

  /// Every kind the file holds: the built-in lists first, in their order, then the others in the
  /// order they were registered. A file that does not record the built-ins (made before kinds,
  /// or its rows removed by hand) still has them.
  /// - Throws: ``DamagedDefinition`` for the first definition that is
  ///   damaged.
  static func all(_ connection: Connection) throws -> [RegisteredKind] {
    let read = try readable(connection)
    if let damaged = read.damaged.first { throw damaged }
    return read.kinds
  }

  /// Every kind whose definition reads and passes ``KindDefinition/validate()``, in the order of
  /// ``all(_:)``, and the error of each one that does not, in the same order: what `doctor`
  /// reports, and the kinds whose search indexes it checks.
  static func readable(_ connection: Connection) throws -> (kinds: [RegisteredKind], damaged: [DamagedDefinition]) {
    var stored: [RegisteredKind] = []
    var damaged: [DamagedDefinition] = []
    if try hasTable(connection) {
      let statement = try connection.prepare("SELECT \(columns) FROM list_kinds ORDER BY built_in DESC, created_at, name")
      while try statement.step() {
        do {
          stored.append(try row(statement))
        } catch let error as DamagedDefinition {
          damaged.append(error)
        }
      }
    }
    var kinds: [RegisteredKind] = []
    for builtIn in KindDefinition.builtIns {
      kinds.append(stored.first { $0.name == builtIn.name } ?? unrecorded(builtIn))
    }
    kinds += stored.filter { kind in !KindDefinition.builtIns.contains { $0.name == kind.name } }
    return (kinds, damaged)
  }

  /// The columns of `list_kinds` that ``row(_:)`` reads, in its order.
  private static let columns = "definition, version, built_in, checksum, created_at, schema_sql, name, item"

  /// The kind named `name`, or nil: one row read, the only definition parsed.
  static func kind(named name: String, _ connection: Connection) throws -> RegisteredKind? {
    if try hasTable(connection) {
      let statement = try connection.prepare(
        "SELECT \(columns) FROM list_kinds WHERE name = ?1")
      try statement.bind(name, at: 1)
      if try statement.step() { return try row(statement) }
    }
    return KindDefinition.builtIns.first { $0.name == name }.map(unrecorded)
  }

  /// A built-in list the file does not record (made before kinds, or its row removed by hand).
  private static func unrecorded(_ builtIn: KindDefinition) -> RegisteredKind {
    RegisteredKind(
      definition: builtIn, version: 1, isBuiltIn: true, checksum: checksum(of: builtIn),
      createdAt: Timestamp(millisecondsSince1970: 0), schemaSQL: "")
  }

  private static func hasTable(_ connection: Connection) throws -> Bool {
    try connection.scalarInt("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'list_kinds'") == 1
  }

  /// The kind of one row of `list_kinds`.
  ///
  /// A definition read from the file is input like any other: it is validated exactly as a new
  /// one is (``KindDefinition/validate()``) before any of its names is used, and its name and
  /// item must be the row's `name` and `item`. A row that fails is damage.
  /// - Throws: ``DamagedDefinition``.
  private static func row(_ statement: Statement) throws -> RegisteredKind {
    let text = statement.text(at: 0)
    let name = statement.text(at: 6)
    let definition: KindDefinition
    if statement.int64(at: 2) != 0, statement.int64(at: 1) == 1,
      let builtIn = KindDefinition.builtIns.first(where: { $0.name == name })
    {
      // A built-in kind never changed in this file (version 1, recorded when the file was made
      // or migrated) is this build's definition: taken without parsing its JSON, which every
      // command naming it would otherwise pay for at start.
      definition = builtIn
    } else {
      do {
        definition = try KindDefinition(json: text)
        try definition.validate()
      } catch {
        throw DamagedDefinition(kind: name, reason: error.message)
      }
      guard definition.name == name else {
        throw DamagedDefinition(
          kind: name, reason: "its definition names it '\(TerminalEscaping.escape(definition.name))'.")
      }
      guard definition.item == statement.text(at: 7) else {
        throw DamagedDefinition(
          kind: name,
          reason: "its definition names its item '\(TerminalEscaping.escape(definition.item))', "
            + "not '\(TerminalEscaping.escape(statement.text(at: 7)))'.")
      }
    }
    return RegisteredKind(
      definition: definition, version: Int(statement.int64(at: 1)), isBuiltIn: statement.int64(at: 2) != 0,
      checksum: statement.text(at: 3), createdAt: Timestamp(millisecondsSince1970: statement.int64(at: 4)),
      schemaSQL: statement.text(at: 5))
  }

  /// Records the built-in lists whose tables the package's migrations made, when the file does
  /// not record them yet.
  static func recordBuiltIns(_ connection: Connection, now: Int64) throws {
    guard try hasTable(connection) else { return }
    let insert = try connection.prepare(
      """
      INSERT INTO list_kinds (name, item, definition, version, checksum, created_at, built_in)
      VALUES (?1, ?2, ?3, 1, ?4, ?5, 1) ON CONFLICT (name) DO NOTHING
      """)
    for definition in KindDefinition.builtIns {
      insert.reset()
      try insert.bind(definition.name, at: 1)
      try insert.bind(definition.item, at: 2)
      try insert.bind(definition.json, at: 3)
      try insert.bind(checksum(of: definition), at: 4)
      try insert.bind(now, at: 5)
      try insert.run()
    }
  }

  /// Makes the kind's table, indexes and triggers and records it.
  /// - Throws: ``KindDefinitionError`` when the definition is invalid or its names are taken.
  static func register(_ definition: KindDefinition, _ connection: Connection, now: Int64) throws -> RegisteredKind {
    try definition.validate()
    if try kind(named: definition.name, connection) != nil {
      throw KindDefinitionError(
        "A list named '\(definition.name)' is already in the file; 'lists kinds update' changes it.")
    }
    try requireFree(definition.schemaObjectNames, of: definition.name, connection, advice: "choose another name for the kind")
    // A kind with search fields gets its full-text index, built for the rows already there.
    if !definition.search.isEmpty { try FullTextSearch.requireAvailable(on: connection) }
    let sql = definition.schemaSQL + definition.searchSQL
    for statement in sql { try connection.execute(statement) }
    let registered = RegisteredKind(
      definition: definition, version: 1, isBuiltIn: false, checksum: checksum(of: definition),
      createdAt: Timestamp(millisecondsSince1970: now), schemaSQL: sql.joined(separator: ";\n") + ";")
    let insert = try connection.prepare(
      """
      INSERT INTO list_kinds (name, item, definition, version, checksum, created_at, built_in, schema_sql)
      VALUES (?1, ?2, ?3, 1, ?4, ?5, 0, ?6)
      """)
    try insert.bind(definition.name, at: 1)
    try insert.bind(definition.item, at: 2)
    try insert.bind(definition.json, at: 3)
    try insert.bind(registered.checksum, at: 4)
    try insert.bind(now, at: 5)
    try insert.bind(registered.schemaSQL, at: 6)
    try insert.run()
    try record(definition.name, number: 1, what: "register", checksum: registered.checksum, connection, now: now)
    return registered
  }

  /// Applies a compatible change to a registered kind, raising its version.
  /// - Throws: ``KindDefinitionError`` naming the change that is not allowed;
  ///   ``KindRegistryError/unknown(_:)``.
  static func update(_ definition: KindDefinition, _ connection: Connection, now: Int64) throws
    -> (kind: RegisteredKind, plan: KindDefinition.UpdatePlan)
  {
    guard let stored = try kind(named: definition.name, connection) else {
      throw KindRegistryError.unknown(definition.name)
    }
    var plan = try stored.definition.plan(changingTo: definition)
    guard plan.changesAnything else { return (stored, plan) }
    let owned = Set(stored.definition.schemaObjectNames)
    try requireFree(
      definition.schemaObjectNames.filter { !owned.contains($0) }, of: definition.name, connection,
      advice: "the change cannot make it")
    // Other search fields: the index is made again, for the rows already there.
    let search = definition.searchChangeSQL(from: stored.definition)
    if !search.isEmpty { try SearchIndexHealth.requireOwn(stored.definition, connection) }
    if !search.isEmpty && !definition.search.isEmpty { try FullTextSearch.requireAvailable(on: connection) }
    plan.sql += search
    for statement in plan.sql { try connection.execute(statement) }
    // A synced kind's update trigger names every field it records: made again from the new
    // definition in this transaction, so a write of an added field is recorded like any other.
    try definition.installChangeTriggers(connection, replacing: true)
    var updated = stored
    updated.definition = definition
    updated.version += 1
    updated.checksum = checksum(of: definition)
    if !plan.sql.isEmpty { updated.schemaSQL += "\n" + plan.sql.joined(separator: ";\n") + ";" }
    let change = try connection.prepare(
      """
      INSERT INTO list_kinds (name, item, definition, version, checksum, created_at, built_in, schema_sql)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
      ON CONFLICT (name) DO UPDATE SET item = ?2, definition = ?3, version = ?4, checksum = ?5,
        schema_sql = ?8
      """)
    try change.bind(definition.name, at: 1)
    try change.bind(definition.item, at: 2)
    try change.bind(definition.json, at: 3)
    try change.bind(updated.version, at: 4)
    try change.bind(updated.checksum, at: 5)
    try change.bind(updated.createdAt.millisecondsSince1970, at: 6)
    try change.bind(updated.isBuiltIn, at: 7)
    try change.bind(updated.schemaSQL, at: 8)
    try change.run()
    try record(definition.name, number: updated.version, what: "update", checksum: updated.checksum, connection, now: now)
    return (updated, plan)
  }

  /// Refuses `names`, the names the kind `kind` is to derive, when the file already has an
  /// object of one of them, the migrations make one of them (also when the file lost it), or
  /// another kind derives it (its table, indexes, triggers, search index and every shadow table
  /// of that index: ``KindDefinition/schemaObjectNames``).
  /// - Throws: ``KindDefinitionError`` naming the first name taken.
  private static func requireFree(_ names: [String], of kind: String, _ connection: Connection, advice: String) throws {
    let taken = try connection.prepare("SELECT type FROM sqlite_schema WHERE name = ?1 COLLATE NOCASE")
    defer { taken.reset() }
    let others = try readable(connection).kinds.filter { $0.name != kind }
    let store = Set(try SchemaReference.objects(upTo: Migrator.latestVersion).map { $0.name.lowercased() })
    for name in names {
      taken.reset()
      try taken.bind(name, at: 1)
      if try taken.step() {
        throw KindDefinitionError(
          "The name '\(name)' is already used in the file by a \(taken.text(at: 0)); \(advice).")
      }
      let lowered = name.lowercased()
      if store.contains(lowered) {
        throw KindDefinitionError("The name '\(name)' is kept for the store's own objects; \(advice).")
      }
      if let other = others.first(where: { $0.definition.schemaObjectNames.contains { $0.lowercased() == lowered } }) {
        throw KindDefinitionError("The name '\(name)' is kept for the list '\(other.name)'; \(advice).")
      }
    }
  }

  /// Drops a kind the file's user added, with its items, counts and records.
  /// - Throws: ``KindRegistryError``.
  static func remove(_ name: String, _ connection: Connection) throws {
    guard let stored = try kind(named: name, connection) else { throw KindRegistryError.unknown(name) }
    guard !stored.isBuiltIn else { throw KindRegistryError.builtIn(name) }
    try SearchIndexHealth.requireOwn(stored.definition, connection)
    for statement in stored.definition.searchDropSQL { try connection.execute(statement) }
    try connection.execute("DROP TABLE \(stored.definition.sqlName)")
    var rows = [
      "DELETE FROM list_counts WHERE list = ?1", "DELETE FROM list_kinds WHERE name = ?1",
      "DELETE FROM lists_migrations WHERE namespace = 'kind:' || ?1",
    ]
    // Its sync state and remote ids go with it: a kind registered again under the name starts
    // unsynced, and no stale id maps a remote item onto a row of the new table.
    if try SyncSchema.exists(connection) {
      rows += ["DELETE FROM list_sync WHERE kind = ?1", "DELETE FROM list_sync_items WHERE kind = ?1"]
    }
    // And the changes waiting for its remote (they were changes of items that are gone), and
    // its checkpoint: a kind registered again walks its remote whole.
    if try SyncSchema.hasOutbox(connection) { rows.append("DELETE FROM list_changes WHERE kind = ?1") }
    if try SyncSchema.hasCheckpoints(connection) { rows.append("DELETE FROM list_sync_checkpoints WHERE kind = ?1") }
    for sql in rows {
      let statement = try connection.prepare(sql)
      try statement.bind(name, at: 1)
      try statement.run()
    }
  }

  private static func record(
    _ kind: String, number: Int, what: String, checksum: String, _ connection: Connection, now: Int64
  ) throws {
    let insert = try connection.prepare(
      "INSERT INTO lists_migrations (namespace, number, name, checksum, applied_at) VALUES (?1, ?2, ?3, ?4, ?5)")
    try insert.bind(namespace(of: kind), at: 1)
    try insert.bind(number, at: 2)
    try insert.bind("\(what) \(kind)", at: 3)
    try insert.bind(checksum, at: 4)
    try insert.bind(now, at: 5)
    try insert.run()
  }
}

/// What the registry refuses besides an invalid definition.
enum KindRegistryError: Error {
  /// No kind of that name.
  case unknown(String)
  /// A built-in kind cannot be removed.
  case builtIn(String)
  /// An object of one of the names of the kind's search index is not the package's, so the
  /// index cannot be dropped: the sentence says which.
  case foreign(String)
}

/// A row of `list_kinds` whose definition does not read, fails validation, or names another
/// kind or item than the row: the file was edited by hand, and is damaged.
struct DamagedDefinition: Error {
  /// The row's `name`.
  var kind: String
  /// What is wrong, one sentence.
  var reason: String

  /// The detail for ``ListStoreError/corrupt(path:detail:)``: one line, the file's texts escaped.
  var detail: String {
    "the definition of '\(TerminalEscaping.escape(kind))' in list_kinds is not valid: \(TerminalEscaping.escape(reason))"
  }
}
