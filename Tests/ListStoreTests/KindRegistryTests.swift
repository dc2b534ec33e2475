import Foundation
import SQLiteCore
import ListStoreTesting
import Testing
import TextFormats

@testable import ListStore

/// Kinds kept in the file: the built-in lists recorded beside the kinds a user registers,
/// registration, compatible changes and removal, each wholly or not at all.
@Suite struct KindRegistryTests {
  static let books = try! KindDefinition(json: KindDefinitionTests.booksJSON)

  static func rows(_ path: String, _ sql: String) throws -> [String] {
    try KindDefinitionTests.rows(Connection(path: path, options: .init(create: false)), sql)
  }

  /// The file's schema and bookkeeping, to tell that a refused change left it as it was.
  static func state(_ path: String) throws -> [String] {
    try rows(path, "SELECT type || ' ' || name || ' ' || ifnull(sql, '') FROM sqlite_schema ORDER BY name")
      + rows(path, "SELECT * FROM list_kinds ORDER BY name")
      + rows(path, "SELECT * FROM lists_migrations ORDER BY namespace, number")
  }

  @Test func aNewFileRecordsTheBuiltInListsDefinitions() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let kinds = try database.kinds()
      #expect(kinds.map(\.name) == ["favorites", "addresses", "orders"])
      #expect(kinds.allSatisfy { $0.isBuiltIn && $0.version == 1 })
      for kind in KindDefinition.builtIns {
        #expect(
          try Self.rows(folder.path(), "SELECT definition, checksum, built_in FROM list_kinds WHERE name = '\(kind.name)'")
            == ["\(kind.json)|\(sha256Hex(Array(kind.json.utf8)))|1"])
      }
    }
  }

  @Test func registeringMakesTheTableRecordsItAndCountsPlainSQLWrites() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let registered = try database.registerKind(Self.books)
      #expect(registered.version == 1 && !registered.isBuiltIn)
      #expect(registered.schemaSQL.contains(#"CREATE TABLE "books""#))
      #expect(try database.kinds().map(\.name) == ["favorites", "addresses", "orders", "books"])
      #expect(try database.kind(named: "books")?.definition == Self.books)
      #expect(
        try Self.rows(folder.path(), "SELECT namespace, number, name FROM lists_migrations WHERE namespace <> 'lists'")
          == ["kind:books|1|register books"])
      // Another program's plain SQL is counted by the kind's triggers.
      let raw = try Connection(path: folder.path())
      try raw.execute("INSERT INTO books (title, account) VALUES ('Dune', 'me'), ('Emma', 'me'), ('Ulysses', 'you')")
      #expect(try Self.rows(folder.path(), "SELECT account, item_count FROM list_counts WHERE list = 'books' ORDER BY account") == ["me|2", "you|1"])
      // Another database on the file sees the kind too.
      #expect(try ListsDatabase(path: folder.path()).kinds().last?.definition == Self.books)
    }
  }

  @Test func aRefusedRegistrationLeavesTheFileAsItWas() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      do {
        let database = try ListsDatabase(path: path)
        try database.registerKind(Self.books)
        try Connection(path: path).execute("CREATE TABLE films_page (x)")
      }
      let before = try Self.state(path)
      var films = Self.books
      films.name = "films"
      var keyword = Self.books
      keyword.name = "select"
      var sqlName = Self.books
      sqlName.name = "x; DROP TABLE orders; --"
      let refused: [(KindDefinition, String)] = [
        (Self.books, "A list named 'books' is already in the file"),
        (films, "The name 'films_page' is already used in the file by a table"),
        (keyword, "is a keyword of SQLite"),
        (sqlName, "must be lowercase letters"),
        (KindDefinition(name: "orders", item: "order", fields: [FieldDefinition("x", .text())]), "A list named 'orders' is already in the file"),
        (KindDefinition(name: "list_counts", item: "x", fields: [FieldDefinition("x", .text())]), "kept for the store's own tables"),
      ]
      for (definition, says) in refused {
        do {
          try ListsDatabase(path: path).registerKind(definition)
          Issue.record("registered \(definition.name)")
        } catch {
          guard case .invalidDefinition(let message)? = error as? ListStoreError else {
            Issue.record("\(error)")
            continue
          }
          #expect(message.contains(says), "\(message)")
        }
        #expect(try Self.state(path) == before)
      }
    }
  }

  @Test func aCompatibleChangeRaisesTheVersionAndOthersChangeNothing() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      let database = try ListsDatabase(path: path)
      try database.registerKind(Self.books)
      try Connection(path: path).execute("INSERT INTO books (title) VALUES ('Dune')")
      var newer = Self.books
      newer.fields.append(FieldDefinition("isbn", .text(maxLength: 17)))
      newer.show.append("isbn")
      let updated = try database.updateKind(newer)
      #expect(updated.version == 2)
      #expect(try database.kind(named: "books")?.definition == newer)
      #expect(try Self.rows(path, "SELECT title, isbn FROM books") == ["Dune|NULL"])
      #expect(
        try Self.rows(path, "SELECT number, name FROM lists_migrations WHERE namespace = 'kind:books' ORDER BY number")
          == ["1|register books", "2|update books"])
      // The same definition again changes nothing.
      #expect(try database.updateKind(newer).version == 2)

      let before = try Self.state(path)
      var removing = newer
      removing.fields.removeFirst()
      #expect(throws: ListStoreError.self) { try database.updateKind(removing) }
      var unknown = newer
      unknown.name = "films"
      #expect(throws: ListStoreError.unknownKind("films")) { try database.updateKind(unknown) }
      #expect(try Self.state(path) == before)
    }
  }

  @Test func removingDropsAUsersKindWithItsItemsButNeverABuiltIn() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      let database = try ListsDatabase(path: path)
      try database.registerKind(Self.books)
      try Connection(path: path).execute("INSERT INTO books (title) VALUES ('Dune')")
      try database.removeKind(named: "books")
      #expect(try database.kinds().map(\.name) == ["favorites", "addresses", "orders"])
      #expect(try Self.rows(path, "SELECT count(*) FROM sqlite_schema WHERE name LIKE 'books%'") == ["0"])
      #expect(try Self.rows(path, "SELECT count(*) FROM list_counts WHERE list = 'books'") == ["0"])
      #expect(try Self.rows(path, "SELECT count(*) FROM lists_migrations WHERE namespace = 'kind:books'") == ["0"])
      #expect(throws: ListStoreError.builtInKind("orders")) { try database.removeKind(named: "orders") }
      #expect(throws: ListStoreError.unknownKind("books")) { try database.removeKind(named: "books") }
      // And it can be registered again.
      try database.registerKind(Self.books)
    }
  }

  /// A copy of a file made by the first release (schema version 1: two accounts, a removed
  /// order, text with quotes and a line break) migrates forward with every row and count intact.
  @Test func aFirstReleaseFileMigratesWithEveryRowAndCountIntact() throws {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/first-release.db")
    try withTemporaryFolder { folder in
      let path = folder.path()
      try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
      let tables = ["favorites", "addresses", "orders", "list_counts"]
      let before = try tables.flatMap { try Self.rows(path, "SELECT * FROM \($0) ORDER BY 1, 2") }
      #expect(try Self.rows(path, "PRAGMA user_version") == ["1"])
      #expect(before.count == 57)

      let database = try ListsDatabase(path: path)
      #expect(try Self.rows(path, "PRAGMA user_version") == ["\(ListsDatabase.supportedSchemaVersion)"])
      #expect(try tables.flatMap { try Self.rows(path, "SELECT * FROM \($0) ORDER BY 1, 2") } == before)
      #expect(try Self.rows(path, "PRAGMA integrity_check") == ["ok"])
      #expect(try database.kinds().map(\.isBuiltIn) == [true, true, true])
      #expect(try database.orders(account: "default").count() == 11)
      #expect(try database.orders(account: "work").count() == 5)
      #expect(try HealthReport.inspect(path: path).isHealthy)
      #expect(
        try Self.rows(path, "SELECT namespace, number FROM lists_migrations ORDER BY namespace, number")
          == (1...ListsDatabase.supportedSchemaVersion).map { "lists|\($0)" })
      try database.registerKind(Self.books)
    }
  }

  /// A kind with `search` fields gets its full-text index at registration, built for what is
  /// there, kept in step with plain SQL, made again when the fields change, dropped with it.
  @Test func aKindsSearchFieldsGetTheirIndex() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      let database = try ListsDatabase(path: path)
      let registered = try database.registerKind(Self.books)
      #expect(registered.schemaSQL.contains(#"CREATE VIRTUAL TABLE "books_search" USING fts5("title", "author""#))
      let raw = try Connection(path: path)
      raw.setBusyTimeout(milliseconds: 5_000)
      try raw.execute("INSERT INTO books (title, author) VALUES ('Dune', 'Frank Herbert'), ('Emma', 'Jane Austen')")
      func found(_ match: String) throws -> [String] {
        try Self.rows(path, "SELECT b.title FROM books_search s JOIN books b ON b.id = s.rowid WHERE books_search MATCH '\(match)' ORDER BY b.id")
      }
      #expect(try found("\"dun\"*") == ["Dune"])
      #expect(try found("\"austen\"") == ["Emma"])
      try raw.execute("UPDATE books SET author = 'F. Herbert' WHERE title = 'Dune'")
      #expect(try found("\"frank\"").isEmpty)
      // Search on the title only: the index is made again, for the rows already there.
      var titles = Self.books
      titles.search = ["title"]
      #expect(try database.updateKind(titles).version == 2)
      #expect(try found("\"emma\"") == ["Emma"])
      #expect(throws: SQLiteError.self) { try found("author:\"austen\"") }
      try database.removeKind(named: "books")
      #expect(try Self.rows(path, "SELECT count(*) FROM sqlite_schema WHERE name LIKE 'books%'") == ["0"])
    }
  }

  @Test func removingAKindRemovesItsSyncStateAndRemoteIDs() throws {
    try withTemporaryDatabase { database in
      let books = KindDefinition(
        name: "books", item: "book", fields: [FieldDefinition("title", .text(), required: true)])
      try database.registerKind(books)
      let page = RemotePageWrite(
        remoteURL: "http://127.0.0.1:9/books", number: 1,
        items: [RemoteDraft(remoteID: "b1", remoteIDIsInteger: false, draft: DynamicDraft(["title": .text("Dune")]))],
        nextCursor: nil)
      _ = try database.items(of: "books").replica.writeRemotePage(page)
      #expect(try database.syncState(ofKind: "books") != nil)
      try database.removeKind(named: "books")
      try database.registerKind(books)
      #expect(try database.syncState(ofKind: "books") == nil)
      let rows = try database.read { connection in
        try connection.scalarInt("SELECT count(*) FROM list_sync_items WHERE kind = 'books'")
      }
      #expect(rows == 0)
    }
  }
}
