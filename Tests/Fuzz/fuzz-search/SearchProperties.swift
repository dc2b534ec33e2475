import FuzzSupport
import ListStore
import SQLiteCore

/// What must hold for a search on any text.
///
/// Input layout: the whole input is the text (UTF-8, invalid sequences repaired), typed as a
/// search and stored as a row.
///
/// `SearchQuery` refuses a text with NUL, and only that; its expression never makes `MATCH`
/// fail. The row holding the text (NULs made spaces) is found by the query for the whole text
/// and by the query for each of its words; once the row is deleted, the index passes FTS5's
/// `integrity-check` against the table and finds nothing.
enum SearchProperties {
  /// A kind with one searched text field: its table, count triggers and search index.
  static let notes = KindDefinition(
    name: "notes", item: "note", fields: [FieldDefinition("body", .text())], search: ["body"])

  /// One connection for the whole run: the fuzzer calls the check on one thread.
  nonisolated(unsafe) static var database: Connection?

  /// The most words of one input searched one by one.
  static let wordLimit = 16

  static func check(_ input: [UInt8]) throws(PropertyFailure) {
    let text = String(decoding: input, as: UTF8.self)
    do {
      try checkQuery(text)
      try checkRow(text)
    } catch let failure as PropertyFailure {
      throw failure
    } catch {
      throw PropertyFailure("\(quoted(text)): \(error)")
    }
  }

  /// The query is refused exactly when the text has a NUL, and otherwise runs.
  static func checkQuery(_ text: String) throws {
    let hasNUL = text.unicodeScalars.contains("\0")
    let query: SearchQuery?
    do {
      query = try SearchQuery(text)
    } catch {
      try require(hasNUL && error == .nulCharacter, "\(quoted(text)) was refused: \(error)")
      return
    }
    try require(!hasNUL, "\(quoted(text)) has a NUL, yet was accepted")
    guard let query else {
      try require(SearchQuery.words(in: text).isEmpty, "\(quoted(text)) has words but no query")
      return
    }
    try require(query.words == SearchQuery.words(in: text), "\(quoted(text)): other words")
    for word in query.words {
      try require(!word.isEmpty && !word.contains("\""), "\(quoted(text)): word \(quoted(word))")
    }
    _ = try ids(matching: query)
  }

  /// The row holding the text is found by its words, and is gone once deleted.
  static func checkRow(_ text: String) throws {
    let stored = String(text.unicodeScalars.map { $0 == "\0" ? " " : Character($0) })
    let connection = try open()
    let insert = try connection.prepare("INSERT INTO notes (body) VALUES (?1)")
    try insert.bind(stored, at: 1)
    try insert.run()
    let id = connection.lastInsertRowID
    if let query = try SearchQuery(stored) {
      try require(
        try ids(matching: query) == [id], "the row \(quoted(stored)) is not found by its text")
      for word in query.words.prefix(wordLimit) {
        let one = try SearchQuery(word)
        try require(one != nil, "the word \(quoted(word)) of \(quoted(stored)) is no search")
        try require(
          try ids(matching: one!) == [id],
          "the row \(quoted(stored)) is not found by its word \(quoted(word))")
      }
    }
    try connection.execute("DELETE FROM notes")
    try connection.execute(notes.searchIntegrityCheckSQL)
    if let query = try SearchQuery(stored) {
      try require(try ids(matching: query) == [], "the deleted row \(quoted(stored)) is found")
    }
  }

  /// The ids of the rows `query` finds.
  static func ids(matching query: SearchQuery) throws -> [Int64] {
    let statement = try open().prepare(
      "SELECT rowid FROM notes_search WHERE notes_search MATCH ?1 ORDER BY rowid")
    try statement.bind(query.matchExpression, at: 1)
    var ids: [Int64] = []
    while try statement.step() { ids.append(statement.int64(at: 0)) }
    return ids
  }

  /// The run's in-memory database with the kind's schema and index.
  static func open() throws -> Connection {
    if let database { return database }
    let connection = try Connection(path: ":memory:")
    try connection.execute(
      """
      CREATE TABLE list_counts (
        account TEXT NOT NULL, list TEXT NOT NULL, item_count INTEGER NOT NULL DEFAULT 0,
        version INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (account, list)) STRICT, WITHOUT ROWID
      """)
    for statement in notes.schemaSQL + notes.searchSQL { try connection.execute(statement) }
    database = connection
    return connection
  }
}
