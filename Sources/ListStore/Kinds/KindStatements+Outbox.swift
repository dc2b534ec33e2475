import SQLiteCore
import TextFormats

extension KindStatements {
  /// An import's adds to a synced kind, recorded in the outbox by one statement after the last
  /// of them rather than by the insert trigger once per item (``KindDefinition/changeTriggerSQL``).
  ///
  /// The changes are the ones the trigger records — a pending `add` per item the import added,
  /// in the order it added them — and they are written in the import's own transaction, so an
  /// import that fails records nothing. It costs less than the trigger: the trigger's
  /// insert is a statement of its own per item, whose pages SQLite copies into a statement
  /// journal; one `INSERT … SELECT` appends them all at once. That is a third of an add to a
  /// synced kind (`outbox_write_ratio` in `lists-bench`).
  ///
  /// It is used only where it records exactly what the trigger would:
  /// - the kind has its change triggers and a remote for the account, and no write of the
  ///   transaction is marked as the sync's own (then the trigger records the adds);
  /// - no trigger but the kind's own is on its table (an app's trigger could write to another
  ///   synced kind, whose change must still be recorded while the import runs);
  /// - no field is one per account (setting one updates the other items, changes the trigger
  ///   records as updates);
  /// - the import's items get ids above every stored one, which SQLite guarantees while the
  ///   largest id is below the largest integer (then it picks ids at random).
  ///
  /// While the import runs its writes are marked as not the person's (`list_sync_applying`),
  /// like a pull's; ``finish(_:)`` records the adds and removes the mark.
  struct BulkAdds {
    /// The largest id of the kind's table before the import: every item above it is the
    /// import's.
    let idsAbove: Int64
    let statements: KindStatements
    let account: String

    /// Records a pending `add` for every item the import added, in id order, and marks the
    /// transaction's later writes as the person's again.
    func finish(_ connection: Connection) throws {
      let definition = statements.definition
      let record = try connection.cachedStatement(text: statements.bulkAddsSQL)
      try record.bind(definition.name, at: 1)
      try record.bind(account, at: 2)
      try record.bind(idsAbove, at: 3)
      try record.run()
      try connection.cachedStatement("DELETE FROM list_sync_applying").run()
    }
  }

  /// Starts recording an import's adds in bulk when that records what the trigger would (see
  /// ``BulkAdds``); nil when the trigger is to record them, one by one.
  func startBulkAdds(account: String, _ connection: Connection) throws -> BulkAdds? {
    guard !definition.fields.contains(where: \.onePerAccount) else { return nil }
    // The change triggers come after the sync tables: with the first of them, the tables are
    // there to be read.
    let installed = try connection.cachedStatement(
      "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name = ?1")
    try installed.bind(definition.changeTriggerNames[0], at: 1)
    let hasChangeTriggers = try installed.step() && installed.int64(at: 0) == 1
    installed.reset()
    guard hasChangeTriggers, try hasOnlyOwnTriggers(connection) else { return nil }
    let state = try connection.cachedStatement(text: bulkAddsStateSQL)
    try state.bind(definition.name, at: 1)
    try state.bind(account, at: 2)
    guard try state.step(), state.int64(at: 0) == 1 else {
      state.reset()
      return nil
    }
    let largest = state.int64(at: 1)
    state.reset()
    // Far below the largest integer: the import's ids cannot reach it.
    guard largest < Int64.max / 2 else { return nil }
    try connection.cachedStatement("INSERT INTO list_sync_applying (writer) VALUES (1)").run()
    return BulkAdds(idsAbove: largest, statements: self, account: account)
  }

  /// Whether no trigger but the kind's own (its counts', changes' and search index's) is on
  /// its table: an app's trigger there could write what an import in bulk would not see.
  func hasOnlyOwnTriggers(_ connection: Connection) throws -> Bool {
    let others = try connection.cachedStatement(
      """
      SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = ?1
        AND name NOT IN (SELECT value FROM json_each(?2))
      """)
    try others.bind(definition.name, at: 1)
    try others.bind(ownTriggerNamesJSON, at: 2)
    defer { others.reset() }
    return try others.step() && others.int64(at: 0) == 0
  }

  /// The names of the triggers the kind itself puts on its table, as a JSON array.
  private var ownTriggerNamesJSON: String {
    var writer = JSONWriter(capacity: 256)
    writer.beginArray()
    for name in definition.countTriggerNames + definition.changeTriggerNames + definition.searchSchemaObjectNames {
      writer.string(name)
    }
    writer.endArray()
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}
