import SQLiteCore

/// How `doctor` checks a kind's full-text index and how `doctor --repair` rebuilds it.
///
/// Only what the package made for the index is ever run, dropped or rebuilt: before anything
/// is done to an object of one of the index's names, it is compared with what the kind's
/// definition makes (``reference(for:)``) — its type, the table it belongs to and its SQL. An
/// object of that name that is something else (another kind's table, a table made by hand) is
/// reported and left alone.
enum SearchIndexHealth {
  /// The state of each search index of the file's kinds, in the kinds' order. A kind whose
  /// definition is damaged is left out (`doctor` names it): none of its names is used.
  static func check(_ connection: Connection) throws -> [HealthReport.SearchIndex] {
    var states: [HealthReport.SearchIndex] = []
    for kind in try KindRegistry.readable(connection).kinds where !kind.definition.search.isEmpty {
      let definition = kind.definition
      states.append(
        HealthReport.SearchIndex(kind: definition.name, table: definition.searchTableName, state: try state(of: definition, connection)))
    }
    return states
  }

  /// Whether the index and its triggers are there and the package's, and FTS5's
  /// `integrity-check` finds the index in step with the kind's rows.
  ///
  /// The check runs FTS5's command only on an index that is the package's: on a table of the
  /// index's name made by anyone else it would be an insert.
  /// The objects of the index that are missing or not the package's, by name; empty when every
  /// one is there and its own. Reads the schema only (no FTS5 command), so it serves any
  /// connection, on the path of a failed statement too.
  static func lostObjects(of definition: KindDefinition, _ connection: Connection) throws -> [String] {
    let survey = try Survey(definition, connection)
    let names = [definition.searchTableName] + definition.searchTriggerNames
      + ["data", "idx", "config"].map { definition.searchTableName + "_" + $0 }
    // A foreign object of one of these names is not among the present ones either.
    return names.filter { name in !survey.present.contains { $0.name == name } }
  }

  static func state(of definition: KindDefinition, _ connection: Connection) throws -> HealthReport.SearchIndex.State {
    let survey = try Survey(definition, connection)
    if !survey.foreign.isEmpty { return .foreign }
    let names = [definition.searchTableName] + definition.searchTriggerNames
    guard names.allSatisfy({ name in survey.present.contains { $0.name == name } }) else { return .missing }
    do {
      try connection.execute(definition.searchIntegrityCheckSQL)
      return .ok
    } catch {
      // SQLITE_CORRUPT_VTAB when the index does not match the rows; any other failure (a
      // shadow table gone) is a damaged index all the same.
      return .damaged
    }
  }

  /// Makes the index of `definition` again from the kind's rows: whatever is left of it and its
  /// triggers dropped, then made and rebuilt. The kind's rows are not touched.
  ///
  /// - Returns: nil when it was rebuilt; else, leaving everything as it was, the sentence that
  ///   names the object of one of the index's names that the package did not make for it.
  static func rebuild(_ definition: KindDefinition, _ connection: Connection) throws -> String? {
    let survey = try Survey(definition, connection)
    if let foreign = survey.foreignObject {
      return foreign + "; it was left alone, and the index not rebuilt"
    }
    for trigger in survey.present where trigger.type == "trigger" {
      try connection.execute("DROP TRIGGER \(SQLText.identifier(trigger.name))")
    }
    let table = definition.searchTableName
    if survey.present.contains(where: { $0.name == table }) {
      do {
        try connection.execute("DROP TABLE \(SQLText.identifier(table))")
      } catch {
        // FTS5 opens an index to drop it, which fails when a shadow table is gone or damaged:
        // then its row is taken out of the schema (sqlite.org/pragma.html#pragma_writable_schema),
        // the schema read again, and its shadow tables dropped below.
        try connection.execute("PRAGMA writable_schema = ON")
        let delete = try connection.prepare("DELETE FROM sqlite_schema WHERE name = ?1 AND type = 'table'")
        try delete.bind(table, at: 1)
        try delete.run()
        try connection.execute("PRAGMA writable_schema = RESET")
      }
    }
    // Shadow tables left without their index would take the new index's names; only those the
    // survey found to be the index's own, and still there.
    let remaining = try SchemaReference.objects(in: connection)
    for shadow in survey.present where shadow.type == "table" && shadow.name != table {
      guard remaining.contains(shadow) else { continue }
      try connection.execute("DROP TABLE \(SQLText.identifier(shadow.name))")
    }
    for statement in definition.searchSQL { try connection.execute(statement) }
    return nil
  }

  /// Refuses to go on when an object of one of the names of `definition`'s search index is not
  /// the package's: dropping the index (removing the kind, changing its search fields) would
  /// drop it too.
  /// - Throws: ``KindRegistryError/foreign(_:)``.
  static func requireOwn(_ definition: KindDefinition, _ connection: Connection) throws {
    guard !definition.search.isEmpty else { return }
    if let foreign = try Survey(definition, connection).foreignObject { throw KindRegistryError.foreign(foreign) }
  }

  /// The objects of `definition`'s search index as the package makes them: the FTS5 table, its
  /// shadow tables as FTS5 makes them, and the triggers, read back from a scratch in-memory
  /// database the kind's table and index are made in.
  static func reference(for definition: KindDefinition) throws -> [SchemaReference.Object] {
    let scratch = try Connection(path: ":memory:")
    try scratch.execute(definition.tableSQL)
    try scratch.execute(definition.searchTableSQL)
    for trigger in definition.searchTriggerSQL { try scratch.execute(trigger) }
    let names = Set(definition.searchSchemaObjectNames)
    return try SchemaReference.objects(in: scratch).filter { names.contains($0.name) }
  }

  /// What the file holds under the names of a kind's search index, sorted into what is the
  /// package's and what is not.
  struct Survey {
    /// The objects of the index's names that are the package's: the FTS5 table and shadow
    /// tables exactly as the definition makes them, and triggers on the kind's table.
    var present: [SchemaReference.Object] = []
    /// The objects of the index's names that are something else.
    var foreign: [SchemaReference.Object] = []
    /// The definition surveyed.
    let definition: KindDefinition

    /// The sentence naming the first object that is not the package's, or nil.
    var foreignObject: String? {
      foreign.first.map {
        "the \($0.type) \($0.name) is not the one lists makes for the search index of \(definition.name)"
      }
    }

    init(_ definition: KindDefinition, _ connection: Connection) throws {
      self.definition = definition
      let expected = try SearchIndexHealth.reference(for: definition)
      let names = Set(definition.searchSchemaObjectNames)
      for object in try SchemaReference.objects(in: connection) where names.contains(object.name) {
        guard let own = expected.first(where: { $0.name == object.name }) else {
          // A name the index keeps but does not make (`_docsize` of an index without sizes):
          // nothing to drop or rebuild; not the index's, and in its way only if FTS5 wanted it.
          continue
        }
        if Self.isSame(object, own) {
          present.append(object)
        } else {
          foreign.append(object)
        }
      }
    }

    /// Whether `found` is the package's object `own`: of its type and table, and, for a table,
    /// made by the same SQL. A trigger of the index's name on the kind's table is the index's
    /// even when its SQL was changed (it is dropped and made again: it holds no rows).
    ///
    /// Files made before names were quoted in SQL hold the same statements without the double
    /// quotes; the names are plain identifiers, so both read alike.
    static func isSame(_ found: SchemaReference.Object, _ own: SchemaReference.Object) -> Bool {
      guard found.type == own.type, found.table == own.table else { return false }
      if found.type == "trigger" { return true }
      func unquoted(_ sql: String) -> String { String(sql.filter { $0 != "\"" }) }
      return found.sql == own.sql || unquoted(found.sql) == unquoted(own.sql)
    }
  }
}
