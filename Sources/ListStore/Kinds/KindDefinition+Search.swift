extension KindDefinition {
  /// The name of the kind's full-text index: `<kind>_search`.
  public var searchTableName: String { name + "_search" }

  /// The tokenizer of every search index: Unicode-aware, case-insensitive, and with diacritics
  /// removed, so that `Sao Paulo` finds `São Paulo`.
  public static let searchTokenizer = "unicode61 remove_diacritics 2"

  /// The SQL that gives the kind its full-text index, in order: the FTS5 table, the three
  /// triggers that keep it in step with the kind's table, and the `'rebuild'` that indexes the
  /// rows already there. Empty when the kind has no ``search`` fields.
  ///
  /// The index is an external-content table (sqlite.org/fts5.html#external_content_tables): it
  /// stores only the index, reads the text from the kind's table, and is kept in step by
  /// triggers, so rows that another program writes with plain SQL are found too. The delete and
  /// update triggers hand FTS5 the old values exactly, as the `'delete'` command needs.
  ///
  /// A row replaced with `INSERT OR REPLACE` fires no delete trigger unless the writer turned on
  /// `PRAGMA recursive_triggers`, as with the kept counts; ``searchRebuildSQL`` sets the index
  /// right again.
  public var searchSQL: [String] {
    guard !search.isEmpty else { return [] }
    return [searchTableSQL] + searchTriggerSQL + [searchRebuildSQL]
  }

  /// `CREATE VIRTUAL TABLE <kind>_search USING fts5(...)` over the ``search`` fields.
  ///
  /// `columnsize=0`: FTS5 keeps no per-row token counts (the `_docsize` table), which only
  /// ranking by relevance (bm25) reads; results come in the kind's order, and each insert
  /// writes one table less, about half the index's cost (sqlite.org/fts5.html#the_columnsize_option).
  public var searchTableSQL: String {
    let columns = search.joined(separator: ", ")
    return "CREATE VIRTUAL TABLE \(searchTableName) USING fts5(\(columns), content='\(name)', "
      + "content_rowid='id', columnsize=0, tokenize='\(Self.searchTokenizer)')"
  }

  /// The triggers that keep the index in step: an insert adds the new row; a delete, and an
  /// update of a searched field or of the id, first removes the old values with the `'delete'`
  /// command, exactly as they were indexed.
  public var searchTriggerSQL: [String] {
    let table = searchTableName
    let columns = (["rowid"] + search).joined(separator: ", ")
    let newValues = (["NEW.id"] + search.map { "NEW." + $0 }).joined(separator: ", ")
    let oldValues = (["'delete'", "OLD.id"] + search.map { "OLD." + $0 }).joined(separator: ", ")
    let add = "INSERT INTO \(table) (\(columns)) VALUES (\(newValues));"
    let remove = "INSERT INTO \(table) (\(table), \(columns)) VALUES (\(oldValues));"
    // Only a change of what the index holds needs it updated: a new status costs nothing.
    let watched = (search + ["id"]).joined(separator: ", ")
    return [
      "CREATE TRIGGER \(table)_insert AFTER INSERT ON \(name) BEGIN\n  \(add)\nEND",
      "CREATE TRIGGER \(table)_delete AFTER DELETE ON \(name) BEGIN\n  \(remove)\nEND",
      "CREATE TRIGGER \(table)_update AFTER UPDATE OF \(watched) ON \(name) BEGIN\n  \(remove)\n  \(add)\nEND",
    ]
  }

  /// Builds the index anew from every row of the kind's table: run once after the index is
  /// made on a table that already has rows, and to repair an index that drifted.
  public var searchRebuildSQL: String {
    "INSERT INTO \(searchTableName) (\(searchTableName)) VALUES ('rebuild')"
  }

  /// The FTS5 `integrity-check` command: fails with `SQLITE_CORRUPT` when the index does not
  /// match the kind's rows.
  public var searchIntegrityCheckSQL: String {
    "INSERT INTO \(searchTableName) (\(searchTableName), rank) VALUES ('integrity-check', 1)"
  }

  /// The SQL that drops the kind's index and its triggers; empty when it has no ``search``
  /// fields. Dropping an external-content index leaves the kind's rows as they are.
  public var searchDropSQL: [String] {
    guard !search.isEmpty else { return [] }
    let table = searchTableName
    return ["insert", "delete", "update"].map { "DROP TRIGGER \(table)_\($0)" }
      + ["DROP TABLE \(table)"]
  }

  /// The SQL that changes the index of `previous` (the definition as registered) into this
  /// one's: nothing when the ``search`` fields are the same, else the old index dropped and the
  /// new one made and built from the rows already there.
  public func searchChangeSQL(from previous: KindDefinition) -> [String] {
    guard previous.search != search else { return [] }
    return previous.searchDropSQL + searchSQL
  }

  /// The names of the schema objects the search index makes: the table, its triggers, and the
  /// shadow tables FTS5 keeps beside it (an external-content index has no `_content` table,
  /// and with `columnsize=0` no `_docsize` one).
  /// Empty when the kind has no ``search`` fields.
  public var searchSchemaObjectNames: [String] {
    guard !search.isEmpty else { return [] }
    let table = searchTableName
    return [table]
      + ["insert", "delete", "update", "data", "idx", "config"].map { table + "_" + $0 }
  }
}
