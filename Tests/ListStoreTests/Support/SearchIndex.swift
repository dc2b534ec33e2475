import SQLiteCore

@testable import ListStore

/// A scratch connection holding a kind's table and its full-text index, to search with what a
/// person would type.
struct SearchIndex {
  let connection: Connection
  let definition: KindDefinition

  /// The kind's table and count triggers, and its search index unless `indexed` is false.
  init(_ definition: KindDefinition, indexed: Bool = true) throws {
    connection = try KindDefinitionTests.scratchConnection()
    self.definition = definition
    for statement in definition.schemaSQL { try connection.execute(statement) }
    if indexed { try build() }
  }

  /// The index that `definition` has on `connection`, made already.
  init(connection: Connection, definition: KindDefinition) {
    self.connection = connection
    self.definition = definition
  }

  /// Runs the index's SQL: the FTS5 table, its triggers and the rebuild.
  func build() throws {
    for statement in definition.searchSQL { try connection.execute(statement) }
  }

  /// The ids of the rows that `text` finds, in id order; nil when `text` is no search.
  func ids(matching text: String) throws -> [Int64]? {
    guard let query = try SearchQuery(text) else { return nil }
    let table = definition.searchTableName
    let statement = try connection.prepare(
      "SELECT rowid FROM \(table) WHERE \(table) MATCH ?1 ORDER BY rowid")
    try statement.bind(query.matchExpression, at: 1)
    var ids: [Int64] = []
    while try statement.step() { ids.append(statement.int64(at: 0)) }
    return ids
  }

  /// Runs FTS5's `integrity-check` against the kind's rows; throws when they differ.
  func checkIntegrity() throws {
    try connection.execute(definition.searchIntegrityCheckSQL)
  }
}
