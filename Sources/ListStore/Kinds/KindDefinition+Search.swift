import SQLiteCore

extension KindDefinition {
  /// The name of the kind's full-text index: `<kind>_search`.
  public var searchTableName: String { name + "_search" }

  /// The names of the triggers that keep the index in step, for an insert, a delete and an
  /// update: `<kind>_search_insert`, ...
  var searchTriggerNames: [String] { ["insert", "delete", "update"].map { searchTableName + "_" + $0 } }

  /// The names of every shadow table FTS5 may keep beside an index named `<kind>_search`
  /// (sqlite.org/fts5.html#fts5_table_creation_and_initialization): this kind's index makes only
  /// `_data`, `_idx` and `_config`, but each name is the index's, so no other object takes it.
  var searchShadowNames: [String] {
    ["data", "idx", "content", "docsize", "config"].map { searchTableName + "_" + $0 }
  }

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
    let columns = search.map(SQLText.identifier).joined(separator: ", ")
    return "CREATE VIRTUAL TABLE \(SQLText.identifier(searchTableName)) USING fts5(\(columns), "
      + "content=\(SQLText.literal(name)), content_rowid='id', columnsize=0, tokenize='\(Self.searchTokenizer)')"
  }

  /// The triggers that keep the index in step: an insert adds the new row; a delete, and an
  /// update of a searched field or of the id, first removes the old values with the `'delete'`
  /// command, exactly as they were indexed.
  public var searchTriggerSQL: [String] {
    let table = SQLText.identifier(searchTableName)
    let searched = search.map(SQLText.identifier)
    let columns = (["rowid"] + searched).joined(separator: ", ")
    let newValues = (["NEW.id"] + searched.map { "NEW." + $0 }).joined(separator: ", ")
    let oldValues = (["'delete'", "OLD.id"] + searched.map { "OLD." + $0 }).joined(separator: ", ")
    let add = "INSERT INTO \(table) (\(columns)) VALUES (\(newValues));"
    let remove = "INSERT INTO \(table) (\(table), \(columns)) VALUES (\(oldValues));"
    // Only a change of what the index holds needs it updated: a new status costs nothing.
    let watched = (searched + ["id"]).joined(separator: ", ")
    let triggers = searchTriggerNames.map(SQLText.identifier)
    return [
      "CREATE TRIGGER \(triggers[0]) AFTER INSERT ON \(sqlName) BEGIN\n  \(add)\nEND",
      "CREATE TRIGGER \(triggers[1]) AFTER DELETE ON \(sqlName) BEGIN\n  \(remove)\nEND",
      "CREATE TRIGGER \(triggers[2]) AFTER UPDATE OF \(watched) ON \(sqlName) BEGIN\n  \(remove)\n  \(add)\nEND",
    ]
  }

  /// Indexes every item with an id above `?1`, in id order, as the insert trigger indexes one:
  /// what an import that adds many items runs once after the last of them
  /// (`KindStatements.BulkIndex`).
  var searchBulkIndexSQL: String {
    let table = SQLText.identifier(searchTableName)
    let searched = search.map(SQLText.identifier)
    let columns = (["rowid"] + searched).joined(separator: ", ")
    let values = (["id"] + searched).joined(separator: ", ")
    return "INSERT INTO \(table) (\(columns)) SELECT \(values) FROM \(sqlName) WHERE id > ?1 ORDER BY id"
  }

  /// Builds the index anew from every row of the kind's table: run once after the index is
  /// made on a table that already has rows, and to repair an index that drifted.
  public var searchRebuildSQL: String {
    let table = SQLText.identifier(searchTableName)
    return "INSERT INTO \(table) (\(table)) VALUES ('rebuild')"
  }

  /// The FTS5 `integrity-check` command: fails with `SQLITE_CORRUPT` when the index does not
  /// match the kind's rows.
  public var searchIntegrityCheckSQL: String {
    let table = SQLText.identifier(searchTableName)
    return "INSERT INTO \(table) (\(table), rank) VALUES ('integrity-check', 1)"
  }

  /// The SQL that drops the kind's index and its triggers, those of them that are there; empty
  /// when it has no ``search`` fields. Dropping an external-content index leaves the kind's
  /// rows as they are. Run only once the objects of those names are known to be the index's.
  public var searchDropSQL: [String] {
    guard !search.isEmpty else { return [] }
    return searchTriggerNames.map { "DROP TRIGGER IF EXISTS \(SQLText.identifier($0))" }
      + ["DROP TABLE IF EXISTS \(SQLText.identifier(searchTableName))"]
  }

  /// The SQL that changes the index of `previous` (the definition as registered) into this
  /// one's: nothing when the ``search`` fields are the same, else the old index dropped and the
  /// new one made and built from the rows already there.
  public func searchChangeSQL(from previous: KindDefinition) -> [String] {
    guard previous.search != search else { return [] }
    return previous.searchDropSQL + searchSQL
  }

  /// The names of the schema objects the search index makes or may make: the table, its
  /// triggers, and every shadow table FTS5 keeps beside an index of that name (this one, an
  /// external-content index with `columnsize=0`, has no `_content` or `_docsize` table, but
  /// those names are the index's all the same). Empty when the kind has no ``search`` fields.
  public var searchSchemaObjectNames: [String] {
    guard !search.isEmpty else { return [] }
    return [searchTableName] + searchTriggerNames + searchShadowNames
  }
}
