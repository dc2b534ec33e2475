import SQLiteCore

/// How `doctor` checks a kind's full-text index and how `doctor --repair` rebuilds it.
enum SearchIndexHealth {
  /// The state of each search index of the file's kinds, in the kinds' order.
  static func check(_ connection: Connection) throws -> [HealthReport.SearchIndex] {
    var states: [HealthReport.SearchIndex] = []
    for kind in try KindRegistry.all(connection) where !kind.definition.search.isEmpty {
      let definition = kind.definition
      states.append(
        HealthReport.SearchIndex(kind: definition.name, table: definition.searchTableName, state: try state(of: definition, connection)))
    }
    return states
  }

  /// Whether the index and its triggers are there, and FTS5's `integrity-check` finds the
  /// index in step with the kind's rows.
  static func state(of definition: KindDefinition, _ connection: Connection) throws -> HealthReport.SearchIndex.State {
    let table = definition.searchTableName
    let expected = [(table, "table")] + ["insert", "delete", "update"].map { ("\(table)_\($0)", "trigger") }
    let lookup = try connection.prepare("SELECT count(*) FROM sqlite_schema WHERE name = ?1 AND type = ?2")
    for (name, type) in expected {
      lookup.reset()
      try lookup.bind(name, at: 1)
      try lookup.bind(type, at: 2)
      guard try lookup.step(), lookup.int64(at: 0) == 1 else { return .missing }
    }
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
  static func rebuild(_ definition: KindDefinition, _ connection: Connection) throws {
    let table = definition.searchTableName
    for trigger in ["insert", "delete", "update"] { try connection.execute("DROP TRIGGER IF EXISTS \(table)_\(trigger)") }
    if try connection.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = '\(table)'") == 1 {
      do {
        try connection.execute("DROP TABLE \(table)")
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
    // Shadow tables left without their index would take the new index's names.
    for shadow in ["data", "idx", "docsize", "config"] { try connection.execute("DROP TABLE IF EXISTS \(table)_\(shadow)") }
    for statement in definition.searchSQL { try connection.execute(statement) }
  }
}
