import ListStoreTesting
import SQLiteCore
import Testing

@testable import ListStore

/// An import of more than a few items to a kind with search fields indexes the rest of them in
/// one statement after the last (`KindStatements.BulkIndex`): the same index the insert trigger
/// builds one item at a time, and the trigger as it was.
@Suite struct BulkIndexTests {
  static let words = ["red", "blue", "green", "lamp", "chair", "mug"]

  static func draft(_ number: Int) -> Book.Draft {
    Book.Draft(
      title: "\(words[number % 6]) \(words[(number / 6) % 6]) \(number)",
      author: number % 5 == 0 ? nil : "Author \(words[number % 4])")
  }

  /// The insert trigger's SQL and place in the schema (its row), or nil without one.
  static func insertTrigger(_ connection: Connection) throws -> (sql: String, row: Int64)? {
    let statement = try connection.prepare(
      "SELECT sql, rowid FROM sqlite_schema WHERE type = 'trigger' AND name = ?1")
    try statement.bind(Book.definition.searchTriggerNames[0], at: 1)
    guard try statement.step() else { return nil }
    return (statement.text(at: 0), statement.int64(at: 1))
  }

  /// What searches for each word find, in id order.
  static func found(_ connection: Connection) throws -> [[Int64]] {
    let index = SearchIndex(connection: connection, definition: Book.definition)
    try index.checkIntegrity()
    return try (words + ["author", "1", "nothing"]).map { try index.ids(matching: $0) ?? [] }
  }

  @Test func aLongImportIndexesWhatAddsOneByOneIndexAndKeepsTheTrigger() throws {
    try withTemporaryFolder { folder in
      let imported = folder.path("imported.db")
      let added = folder.path("added.db")
      for path in [imported, added] {
        let books = try ListsDatabase(path: path).records(of: Book.self)
        try books.add(Self.draft(0))
        let before = try #require(try Self.insertTrigger(Connection(path: path)))
        if path == imported {
          #expect(try books.importItems((1...200).map(Self.draft)) == 200)
        } else {
          for number in 1...200 { try books.add(Self.draft(number)) }
        }
        // A later add goes through the trigger again.
        try books.add(Self.draft(201))
        let after = try #require(try Self.insertTrigger(Connection(path: path)))
        #expect(after.sql == before.sql)
        #expect(after.sql == Book.definition.searchTriggerSQL[0])
        // The import dropped and made the trigger again: its row moved; adds did not.
        #expect((after.row != before.row) == (path == imported))
      }
      let expected = try Self.found(Connection(path: added))
      #expect(expected[0].count > 30)
      #expect(try Self.found(Connection(path: imported)) == expected)
    }
  }

  @Test func aShortImportLeavesTheTriggerWhereItIs() throws {
    try withTemporaryFolder { folder in
      let path = folder.path("books.db")
      let books = try ListsDatabase(path: path).records(of: Book.self)
      let before = try #require(try Self.insertTrigger(Connection(path: path)))
      #expect(try books.importItems((1...KindStatements.bulkIndexAfter).map(Self.draft)) == KindStatements.bulkIndexAfter)
      #expect(try Self.insertTrigger(Connection(path: path))?.row == before.row)
      #expect(try Self.found(Connection(path: path))[0].count > 3)
    }
  }

  @Test func aRejectedImportLeavesTheTriggerAndTheIndexAsTheyWere() throws {
    try withTemporaryFolder { folder in
      let path = folder.path("books.db")
      let books = try ListsDatabase(path: path).records(of: Book.self)
      try books.add(Self.draft(0))
      let before = try #require(try Self.insertTrigger(Connection(path: path)))
      let indexed = try Self.found(Connection(path: path))
      // The 100th draft repeats the first's title and author: the unique rule refuses it.
      let drafts = (1...99).map(Self.draft) + [Self.draft(1)]
      #expect(throws: ListStoreError.self) { try books.importItems(drafts) }
      let after = try #require(try Self.insertTrigger(Connection(path: path)))
      #expect(after.sql == before.sql && after.row == before.row)
      #expect(try Self.found(Connection(path: path)) == indexed)
      #expect(try books.count() == 1)
    }
  }

  @Test func anAppsTriggerOnTheTableKeepsTheIndexingItemByItem() throws {
    try withTemporaryFolder { folder in
      let path = folder.path("books.db")
      let books = try ListsDatabase(path: path).records(of: Book.self)
      let connection = try Connection(path: path)
      try connection.execute("CREATE TABLE app_log (title TEXT)")
      try connection.execute(
        "CREATE TRIGGER app_book_log AFTER INSERT ON books BEGIN INSERT INTO app_log VALUES (NEW.title); END")
      let before = try #require(try Self.insertTrigger(Connection(path: path)))
      #expect(try books.importItems((1...100).map(Self.draft)) == 100)
      #expect(try Self.insertTrigger(Connection(path: path))?.row == before.row)
      #expect(try connection.scalarInt("SELECT count(*) FROM app_log") == 100)
      #expect(try Self.found(connection)[0].count > 10)
    }
  }

  @Test func anInsertTriggerOtherThanThePackagesIsLeftAlone() throws {
    try withTemporaryFolder { folder in
      let path = folder.path("books.db")
      let books = try ListsDatabase(path: path).records(of: Book.self)
      let connection = try Connection(path: path)
      let name = Book.definition.searchTriggerNames[0]
      let changed = Book.definition.searchTriggerSQL[0].replacing("BEGIN", with: "WHEN 1 BEGIN")
      try connection.execute("DROP TRIGGER \(name)")
      try connection.execute(changed)
      #expect(try books.importItems((1...100).map(Self.draft)) == 100)
      #expect(try Self.insertTrigger(connection)?.sql == changed)
      #expect(try Self.found(connection)[0].count > 10)
    }
  }
}
