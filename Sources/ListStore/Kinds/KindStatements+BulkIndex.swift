import SQLiteCore

extension KindStatements {
  /// How many items an import adds with the search index kept in step item by item before it
  /// indexes the rest in bulk (``BulkIndex``): a short import does not pay for the two schema
  /// changes.
  static let bulkIndexAfter = 32

  /// An import's items indexed for search by one statement after the last of them, rather than
  /// by the insert trigger once per item (``KindDefinition/searchTriggerSQL``).
  ///
  /// Why: every add of an import is a statement that opens a statement journal (the kind's
  /// count trigger may abort half-way), and FTS5 writes its pending terms to disk at every such
  /// savepoint: one index segment per item, merged again and again. One `INSERT … SELECT` of
  /// every item the import added fills FTS5's pending terms once (`fts_insert_overhead` in
  /// `lists-bench`).
  ///
  /// How: inside the import's own write transaction the insert trigger is dropped, the items
  /// are added, the index is given every item above the table's old largest id, in id order,
  /// and the trigger is made again with the same SQL. No other connection ever sees the table
  /// without its trigger; an import that fails rolls all of it back.
  ///
  /// It is used only where it indexes exactly what the trigger would: the kind has search
  /// fields, its insert trigger is the one the package makes, no trigger but the kind's own is
  /// on its table (an app's trigger could change an item before it is indexed), and the
  /// import's items get ids above every stored one (the largest id is far below the largest
  /// integer).
  struct BulkIndex {
    /// The largest id of the kind's table when the trigger was dropped: every item above it is
    /// the import's.
    let idsAbove: Int64
    let definition: KindDefinition

    /// Indexes every item the import added since ``startBulkIndex(_:)`` and makes the insert
    /// trigger again.
    func finish(_ connection: Connection) throws {
      let index = try connection.prepare(definition.searchBulkIndexSQL)
      try index.bind(idsAbove, at: 1)
      try index.run()
      try connection.execute(definition.searchTriggerSQL[0])
    }
  }

  /// Drops the search index's insert trigger and returns what indexes the import's items in
  /// bulk, when that indexes what the trigger would (see ``BulkIndex``); nil when the trigger is
  /// to index them, one by one.
  func startBulkIndex(_ connection: Connection) throws -> BulkIndex? {
    guard !definition.search.isEmpty, try hasOnlyOwnTriggers(connection) else { return nil }
    let trigger = definition.searchTriggerNames[0]
    let stored = try connection.prepare(
      "SELECT sql, ifnull((SELECT max(id) FROM \(definition.sqlName)), 0) FROM sqlite_schema WHERE type = 'trigger' AND name = ?1"
    )
    try stored.bind(trigger, at: 1)
    guard try stored.step(), !stored.isNull(at: 0), stored.text(at: 0) == definition.searchTriggerSQL[0] else {
      return nil
    }
    let largest = stored.int64(at: 1)
    stored.reset()
    // Far below the largest integer: the import's ids cannot reach it.
    guard largest < Int64.max / 2 else { return nil }
    try connection.execute("DROP TRIGGER \(SQLText.identifier(trigger))")
    return BulkIndex(idsAbove: largest, definition: definition)
  }
}
