import SQLiteCore
import Testing

@testable import ListStore

/// A kind's full-text index: the FTS5 table and triggers its definition implies, kept in step
/// with plain SQL writes, and what a person's search finds in it.
@Suite struct KindSearchTests {
  static let books = try! KindDefinition(json: KindDefinitionTests.booksJSON)

  @Test func theSQLIsAnExternalContentIndexWithTheDocumentedTokenizer() {
    #expect(
      Self.books.searchTableSQL
        == #"CREATE VIRTUAL TABLE "books_search" USING fts5("title", "author", content='books', "#
        + "content_rowid='id', columnsize=0, tokenize='unicode61 remove_diacritics 2')")
    #expect(Self.books.searchSQL.count == 5)
    #expect(
      Self.books.searchSQL.last == #"INSERT INTO "books_search" ("books_search") VALUES ('rebuild')"#)
    let delete = Self.books.searchTriggerSQL[1]
    #expect(delete.contains(#"VALUES ('delete', OLD.id, OLD."title", OLD."author")"#), "\(delete)")
  }

  @Test func aKindWithoutSearchFieldsHasNoIndex() {
    let favorites = KindDefinition.favorites
    #expect(favorites.search.isEmpty)
    #expect(favorites.searchSQL.isEmpty)
    #expect(favorites.searchDropSQL.isEmpty)
    #expect(favorites.searchSchemaObjectNames.isEmpty)
  }

  @Test func theNamedObjectsAreExactlyTheOnesTheSQLMakes() throws {
    let index = try SearchIndex(Self.books)
    let made = try index.connection.textColumn(
      "SELECT name FROM sqlite_schema WHERE name <> 'list_counts' AND name NOT LIKE 'sqlite_%'")
    let named = Set(Self.books.schemaObjectNames + Self.books.searchSchemaObjectNames)
    #expect(Set(made).isSubset(of: named))
    // The two shadow tables FTS5 keeps for other indexes than this one are named all the same,
    // so that no other kind takes them; so are the outbox's triggers, made by the first sync.
    #expect(
      named.subtracting(made)
        == Set(["books_search_content", "books_search_docsize"] + Self.books.changeTriggerNames))
  }

  @Test func plainSQLInsertsUpdatesAndDeletesAreFoundOrGone() throws {
    let index = try SearchIndex(Self.books)
    let db = index.connection
    try db.execute("INSERT INTO books (title, author) VALUES ('Dune', 'Frank Herbert')")
    try db.execute("INSERT INTO books (title) VALUES ('The Left Hand of Darkness')")
    #expect(try index.ids(matching: "herbert") == [1])
    #expect(try index.ids(matching: "darkness") == [2])
    #expect(try index.ids(matching: "the") == [2])

    try db.execute("UPDATE books SET title = 'Children of Dune' WHERE id = 1")
    #expect(try index.ids(matching: "children") == [1])
    #expect(try index.ids(matching: "herbert") == [1])
    // A NULL author becomes text, and the old NULL is handed back exactly.
    try db.execute("UPDATE books SET author = 'Ursula K. Le Guin' WHERE id = 2")
    #expect(try index.ids(matching: "le guin") == [2])
    // A change of a field the index does not hold leaves it alone.
    try db.execute("UPDATE books SET status = 'done' WHERE id = 2")
    #expect(try index.ids(matching: "ursula") == [2])
    // A new id moves the indexed row with it.
    try db.execute("UPDATE books SET id = 7 WHERE id = 2")
    #expect(try index.ids(matching: "ursula") == [7])
    try index.checkIntegrity()

    try db.execute("DELETE FROM books WHERE id = 1")
    #expect(try index.ids(matching: "dune") == [])
    #expect(try index.ids(matching: "herbert") == [])
    #expect(try index.ids(matching: "darkness") == [7])
    try index.checkIntegrity()
    try db.execute("DELETE FROM books")
    #expect(try index.ids(matching: "darkness") == [])
    try index.checkIntegrity()
  }

  @Test func searchIgnoresCaseAndAccentsAndTheLastWordIsAPrefix() throws {
    let index = try SearchIndex(Self.books)
    try index.connection.execute(
      """
      INSERT INTO books (title, author) VALUES
        ('Dune', 'Frank Herbert'), ('São Paulo de perto', NULL), ('Die Blechtrommel', 'Günter Grass'),
        ('Duna', 'unknown')
      """)
    #expect(try index.ids(matching: "Sao Paulo") == [2])
    #expect(try index.ids(matching: "SÃO PAULO") == [2])
    #expect(try index.ids(matching: "gunter") == [3])
    #expect(try index.ids(matching: "dun") == [1, 4])
    #expect(try index.ids(matching: "dune") == [1])
    // Only the last word is a prefix: every other word must be whole.
    #expect(try index.ids(matching: "fra herbert") == [])
    #expect(try index.ids(matching: "frank her") == [1])
    // Words are ANDed, across the searched fields.
    #expect(try index.ids(matching: "dune herbert") == [1])
    #expect(try index.ids(matching: "dune grass") == [])
  }

  @Test func buildingTheIndexIndexesTheRowsAlreadyThere() throws {
    let index = try SearchIndex(Self.books, indexed: false)
    try index.connection.execute("INSERT INTO books (title) VALUES ('Dune'), ('Solaris')")
    try index.build()
    #expect(try index.ids(matching: "solaris") == [2])
    #expect(try index.ids(matching: "dune") == [1])
    try index.checkIntegrity()
  }

  @Test func anIndexThatDriftedFailsTheIntegrityCheckUntilRebuilt() throws {
    let index = try SearchIndex(Self.books)
    let db = index.connection
    try db.execute("INSERT INTO books (title) VALUES ('Dune')")
    // A writer that turned the triggers off: the index no longer matches the rows.
    try db.execute("DROP TRIGGER books_search_update")
    try db.execute("UPDATE books SET title = 'Solaris'")
    #expect(throws: SQLiteError.self) { try index.checkIntegrity() }
    try db.execute(Self.books.searchRebuildSQL)
    try index.checkIntegrity()
    #expect(try index.ids(matching: "solaris") == [1])
  }

  @Test func changingTheSearchFieldsRebuildsTheIndexForThem() throws {
    var titleOnly = Self.books
    titleOnly.search = ["title"]
    let index = try SearchIndex(titleOnly)
    let db = index.connection
    try db.execute("INSERT INTO books (title, author) VALUES ('Dune', 'Frank Herbert')")
    #expect(try index.ids(matching: "herbert") == [])

    for statement in Self.books.searchChangeSQL(from: titleOnly) { try db.execute(statement) }
    let both = SearchIndex(connection: db, definition: Self.books)
    #expect(try both.ids(matching: "herbert") == [1])
    try db.execute("INSERT INTO books (title, author) VALUES ('Emma', 'Jane Austen')")
    #expect(try both.ids(matching: "austen") == [2])
    try both.checkIntegrity()
    #expect(Self.books.searchChangeSQL(from: Self.books).isEmpty)

    var none = Self.books
    none.search = []
    for statement in none.searchChangeSQL(from: Self.books) { try db.execute(statement) }
    let left = try db.textColumn("SELECT name FROM sqlite_schema WHERE name LIKE 'books_search%'")
    #expect(left == [])
    try db.execute("INSERT INTO books (title) VALUES ('Solaris')")
    #expect(try db.scalarInt("SELECT count(*) FROM books") == 3)
  }

  @Test func theLinkedSQLiteHasFTS5() throws {
    let connection = try Connection(path: ":memory:")
    #expect(try FullTextSearch.isAvailable(on: connection))
    try FullTextSearch.requireAvailable(on: connection)
  }

  @Test func aMissingFTS5IsOneSentenceNamingTheFix() {
    let message = SearchError.fullTextSearchUnavailable(sqliteVersion: "3.40.1").message
    #expect(
      message
        == "Search needs SQLite with FTS5, but the SQLite 3.40.1 this program uses was built "
        + "without it; install a SQLite built with SQLITE_ENABLE_FTS5.")
  }
}
