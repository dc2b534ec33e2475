import Foundation
import SQLiteCore
import Testing

@testable import ListStore

/// Kind definitions: their JSON form, what is refused, and the schema they imply.
@Suite struct KindDefinitionTests {
  /// The example kind of the README's "Your own lists".
  static let booksJSON = """
    {"name": "books", "item": "book",
     "fields": [
       {"name": "title",  "type": "text", "required": true, "max_length": 300},
       {"name": "author", "type": "text"},
       {"name": "pages",  "type": "integer", "min": 1},
       {"name": "price",  "type": "money"},
       {"name": "status", "type": "enum", "values": ["want", "reading", "done"], "default": "want"},
       {"name": "finished_at", "type": "timestamp"},
       {"name": "signed", "type": "bool", "default": false}],
     "order": [{"field": "added_at", "direction": "desc"}],
     "unique": {"fields": ["title", "author"], "on_duplicate": "reject"},
     "show": ["title", "author", "status"],
     "search": ["title", "author"],
     "placeholders": {"empty": {"title": "No books yet",
                                "detail": "Books you add will show up here.",
                                "action": "lists add books --title TITLE"}}}
    """

  @Test func theREADMEsExampleReadsAndValidates() throws {
    let books = try KindDefinition(json: Self.booksJSON)
    try books.validate()
    #expect(books.name == "books")
    #expect(books.item == "book")
    #expect(books.fields.map(\.name) == ["title", "author", "pages", "price", "status", "finished_at", "signed"])
    #expect(books.fields[0].type == .text(maxLength: 300, pattern: nil))
    #expect(books.fields[0].required)
    #expect(books.fields[3].columns == ["price_minor", "price_currency"])
    #expect(books.fields[4].defaultValue == .text("want"))
    #expect(books.unique == UniqueRule(["title", "author"], onDuplicate: .reject))
    #expect(books.effectiveOrder == [OrderTerm("added_at", descending: true), OrderTerm("id", descending: true)])
    #expect(books.hasImplicitAddedAt)
    #expect(books.placeholders[.empty]?.title == "No books yet")
  }

  @Test(arguments: KindDefinition.builtIns + [try! KindDefinition(json: booksJSON)])
  func jsonRoundTripsExactly(definition: KindDefinition) throws {
    try definition.validate()
    let again = try KindDefinition(json: definition.json)
    #expect(again == definition)
    #expect(again.json == definition.json)
  }

  @Test func theDisplayTextsAreKeptInPlaceButNotStored() throws {
    let json =
      #"{"name":"books","item":"book","help":"Shelves a book.","fields":[{"name":"title","type":"text","required":true,"#
      + #""help":"The title.","flag":"name","placeholder":"words"},{"name":"isbn","type":"text"}],"add":["title"],"#
      + #""summary":["isbn"],"placeholders":{"empty":{"title":"No books","detail":"","action":"lists add books"}}}"#
    let books = try KindDefinition(json: json)
    #expect(books.display == ["help": "Shelves a book.", "add": ["title"], "summary": ["isbn"]])
    #expect(books.display.text("help") == "Shelves a book." && books.display.fields("summary") == ["isbn"])
    #expect(books.fields.map(\.display) == [["help": "The title.", "flag": "name", "placeholder": "words"], [:]])
    #expect(books.placeholders[.empty]?.display == ["action": "lists add books"])
    #expect(books.json == json)
    #expect(
      books.stored
        == KindDefinition(
          name: "books", item: "book",
          fields: [FieldDefinition("title", .text(), required: true), FieldDefinition("isbn", .text())],
          placeholders: [.empty: PlaceholderText(title: "No books", detail: "")]))
    // Other display texts are a change that runs no SQL.
    var renamed = books
    renamed.display["help"] = nil
    renamed.fields[0].display = ["flag": "called"]
    renamed.placeholders[.empty]?.display = [:]
    let plan = try books.plan(changingTo: renamed)
    #expect(plan.changesAnything && plan.sql.isEmpty)
    // An empty list of fields is no member, as the JSON leaves it out.
    #expect(DisplayTexts(["add": []]) == [:])
    let again = try KindDefinition(json: renamed.json)
    #expect(again == renamed)
  }

  @Test func aDisplayTextIsOneItsPlaceTakesInItsForm() throws {
    let title = FieldDefinition("title", .text())
    let cases: [(KindDefinition, String)] = [
      (
        KindDefinition(name: "books", item: "book", fields: [title], display: ["flag": "x"]),
        "The definition has the display text 'flag'; it takes help, add, summary."
      ),
      (
        KindDefinition(name: "books", item: "book", fields: [title], display: ["add": "title"]),
        "The definition's display text 'add' must list fields."
      ),
      (
        KindDefinition(
          name: "books", item: "book", fields: [FieldDefinition("title", .text(), display: ["help": ["title"]])]),
        "The field 'title''s display text 'help' must be a text."
      ),
      (
        KindDefinition(
          name: "books", item: "book", fields: [title],
          placeholders: [.empty: PlaceholderText(title: "None", detail: "", display: ["help": "x"])]),
        "The empty placeholder has the display text 'help'; it takes action."
      ),
      (
        KindDefinition(name: "books", item: "book", fields: [title], display: ["summary": ["title", "pages"]]),
        "summary names 'pages', which is not a field of 'books'."
      ),
    ]
    for (definition, message) in cases {
      #expect(throws: KindDefinitionError(message)) { try definition.validate() }
    }
  }

  @Test func theItemNameIsGuessedWhenNotGiven() throws {
    #expect(try KindDefinition(json: #"{"name":"wishes","fields":[{"name":"t","type":"text"}]}"#).item == "wish")
    #expect(KindDefinition.singular(of: "stories") == "story")
    #expect(KindDefinition.singular(of: "addresses") == "address")
    #expect(KindDefinition.singular(of: "chess") == "chess")
  }

  // MARK: Refused definitions

  struct Refused: CustomTestStringConvertible, Sendable {
    var id: String
    var json: String
    var says: String
    var testDescription: String { id }
  }

  static func books(_ edit: (inout String) -> Void) -> String {
    var text = #"{"name":"books","fields":[{"name":"title","type":"text","required":true},{"name":"author","type":"text"}]}"#
    edit(&text)
    return text
  }

  static let refused: [Refused] = [
    Refused(id: "not JSON", json: "{name:", says: "The definition is not valid JSON"),
    Refused(id: "not an object", json: "[1]", says: "The definition must be a JSON object, not array."),
    Refused(id: "no name", json: #"{"fields":[]}"#, says: "The definition has no name."),
    Refused(id: "unknown member", json: #"{"name":"b","fieldz":[]}"#, says: "unknown member 'fieldz'"),
    Refused(id: "uppercase name", json: books { $0 = $0.replacingFirst("books", "Books") }, says: "The kind's name 'Books' must be lowercase letters"),
    Refused(id: "digit first", json: books { $0 = $0.replacingFirst("books", "1books") }, says: "starting with a letter"),
    Refused(id: "SQL in the name", json: books { $0 = $0.replacingFirst("books", "books; DROP TABLE orders") }, says: "must be lowercase letters"),
    Refused(id: "quote in the name", json: books { $0 = $0.replacingFirst("books", "bo\\\"oks") }, says: "must be lowercase letters"),
    Refused(id: "10 KB name", json: books { $0 = $0.replacingFirst("books", String(repeating: "b", count: 10_000)) }, says: "is longer than 40 characters"),
    Refused(id: "keyword", json: books { $0 = $0.replacingFirst("books", "select") }, says: "'select' is a keyword of SQLite"),
    Refused(id: "reserved", json: books { $0 = $0.replacingFirst("books", "list_counts") }, says: "kept for the store's own tables"),
    Refused(id: "sqlite_ prefix", json: books { $0 = $0.replacingFirst("books", "sqlite_books") }, says: "kept for the store's own tables"),
    Refused(id: "no fields", json: #"{"name":"books","fields":[]}"#, says: "A kind needs at least one field."),
    Refused(id: "unknown type", json: books { $0 = $0.replacingFirst("\"type\":\"text\",\"required\"", "\"type\":\"int\",\"required\"") }, says: "Field 'title' has the unknown type 'int'; the types are text, integer, bool, timestamp, date, money, enum."),
    Refused(id: "duplicate field", json: books { $0 = $0.replacingFirst("\"author\"", "\"title\"") }, says: "The field 'title' is defined twice."),
    Refused(id: "field named id", json: books { $0 = $0.replacingFirst("\"author\"", "\"id\"") }, says: "cannot use the column 'id': every kind has it"),
    Refused(id: "field named added_at", json: books { $0 = $0.replacingFirst("\"author\"", "\"added_at\"") }, says: "cannot use the column 'added_at'"),
    Refused(id: "bad field name", json: books { $0 = $0.replacingFirst("\"author\"", "\"Au thor\"") }, says: "The field name 'Au thor' must be lowercase"),
    Refused(id: "keyword field", json: books { $0 = $0.replacingFirst("\"author\"", "\"order\"") }, says: "The field name 'order' is a keyword of SQLite"),
    Refused(id: "money column collision", json: #"{"name":"b","fields":[{"name":"price","type":"money"},{"name":"price_minor","type":"integer"}]}"#, says: "cannot use the column 'price_minor': another field uses it"),
    Refused(id: "order on a missing field", json: books { $0 = $0.replacingFirst("]}", "],\"order\":[{\"field\":\"pages\"}]}") }, says: "The order names 'pages', which is not a field of 'books'."),
    Refused(id: "order direction", json: books { $0 = $0.replacingFirst("]}", "],\"order\":[{\"field\":\"title\",\"direction\":\"up\"}]}") }, says: "use asc or desc"),
    Refused(id: "unique on a missing field", json: books { $0 = $0.replacingFirst("]}", "],\"unique\":{\"fields\":[\"isbn\"]}}") }, says: "The unique rule names 'isbn', which is not a field of 'books'."),
    Refused(id: "on_duplicate", json: books { $0 = $0.replacingFirst("]}", "],\"unique\":{\"fields\":[\"title\"],\"on_duplicate\":\"merge\"}}") }, says: "use reject or keep"),
    Refused(id: "search on a missing field", json: books { $0 = $0.replacingFirst("]}", "],\"search\":[\"blurb\"]}") }, says: "search names 'blurb'"),
    Refused(id: "search on an integer", json: #"{"name":"b","fields":[{"name":"n","type":"integer"}],"search":["n"]}"#, says: "search can only use text fields"),
    Refused(id: "show a missing field", json: books { $0 = $0.replacingFirst("]}", "],\"show\":[\"cover\"]}") }, says: "show names 'cover'"),
    Refused(id: "enum without values", json: #"{"name":"b","fields":[{"name":"s","type":"enum","values":[]}]}"#, says: "is an enum with no values"),
    Refused(id: "enum default outside", json: #"{"name":"b","fields":[{"name":"s","type":"enum","values":["a"],"default":"b"}]}"#, says: "has a default that its own limits refuse: The s must be one of a"),
    Refused(id: "integer default below min", json: #"{"name":"b","fields":[{"name":"n","type":"integer","min":1,"default":0}]}"#, says: "a default that its own limits refuse"),
    Refused(id: "min above max", json: #"{"name":"b","fields":[{"name":"n","type":"integer","min":5,"max":1}]}"#, says: "has a min above its max"),
    Refused(id: "required with a default", json: #"{"name":"b","fields":[{"name":"n","type":"integer","required":true,"default":1}]}"#, says: "is required, so it takes no default"),
    Refused(id: "option of another type", json: #"{"name":"b","fields":[{"name":"n","type":"integer","max_length":3}]}"#, says: "is integer, which takes no max_length"),
    Refused(id: "default of the wrong type", json: #"{"name":"b","fields":[{"name":"n","type":"integer","default":"x"}]}"#, says: "has a default of the wrong type for integer"),
    Refused(id: "timestamp default", json: #"{"name":"b","fields":[{"name":"t","type":"timestamp","default":"yesterday"}]}"#, says: "can only be \"now\""),
    Refused(id: "bad pattern", json: #"{"name":"b","fields":[{"name":"c","type":"text","pattern":"[A-Z"}]}"#, says: "is not a GLOB pattern"),
    Refused(id: "max_length 0", json: #"{"name":"b","fields":[{"name":"c","type":"text","max_length":0}]}"#, says: "max_length below 1"),
    Refused(id: "money in the order", json: #"{"name":"b","fields":[{"name":"p","type":"money"}],"order":[{"field":"p"}]}"#, says: "cannot use the money field 'p'"),
    Refused(id: "order on an optional field", json: books { $0 = $0.replacingFirst("]}", "],\"order\":[{\"field\":\"author\"}]}") }, says: "required or have a default; 'author' has neither"),
    Refused(id: "id not last", json: books { $0 = $0.replacingFirst("]}", "],\"order\":[{\"field\":\"id\"},{\"field\":\"title\"}]}") }, says: "can name id only last"),
    Refused(id: "two now timestamps", json: #"{"name":"b","fields":[{"name":"a","type":"timestamp","default":"now"},{"name":"c","type":"timestamp","default":"now"}]}"#, says: "At most one timestamp field can default to now"),
    Refused(id: "placeholder without title", json: books { $0 = $0.replacingFirst("]}", "],\"placeholders\":{\"empty\":{\"title\":\"\"}}}") }, says: "The empty placeholder needs a title"),
    Refused(id: "search field named rank", json: #"{"name":"b","fields":[{"name":"rank","type":"text"}],"search":["rank"]}"#, says: "search cannot use the field 'rank': the full-text index (FTS5) keeps that name"),
    Refused(id: "search field named rowid", json: #"{"name":"b","fields":[{"name":"rowid","type":"text"}],"search":["rowid"]}"#, says: "search cannot use the field 'rowid'"),
    Refused(id: "search field named like its index", json: #"{"name":"b","fields":[{"name":"b_search","type":"text"}],"search":["b_search"]}"#, says: "search cannot use the field 'b_search'"),
    Refused(id: "C1 control in help", json: #"{"name":"b","help":"a\u009b2Jb","fields":[{"name":"t","type":"text"}]}"#, says: "The definition's help holds U+009B, a control or bidi formatting character"),
    Refused(id: "bidi override in the item", json: #"{"name":"b","item":"\u202Eb","fields":[{"name":"t","type":"text"}]}"#, says: "The definition's item holds U+202E"),
    Refused(id: "bidi isolate in an enum value", json: #"{"name":"b","fields":[{"name":"s","type":"enum","values":["a","\u2066b"]}]}"#, says: "fields[0].values[1] holds U+2066"),
    Refused(id: "mark in a field's help", json: #"{"name":"b","fields":[{"name":"t","type":"text","help":"x\u200Fy"}]}"#, says: "fields[0].help holds U+200F"),
    Refused(id: "escape in a text default", json: #"{"name":"b","fields":[{"name":"t","type":"text","default":"\u001b]0;x\u0007"}]}"#, says: "fields[0].default holds U+001B"),
    Refused(id: "C1 in a placeholder", json: #"{"name":"b","fields":[{"name":"t","type":"text","placeholder":"\u0085"}]}"#, says: "fields[0].placeholder holds U+0085"),
    Refused(id: "C1 in a flag", json: #"{"name":"b","fields":[{"name":"t","type":"text","flag":"t\u0090"}]}"#, says: "fields[0].flag holds U+0090"),
    Refused(id: "mark in a list placeholder", json: #"{"name":"b","fields":[{"name":"t","type":"text"}],"placeholders":{"empty":{"title":"\u200Enone"}}}"#, says: "placeholders.empty.title holds U+200E"),
    Refused(id: "isolate in a pattern", json: #"{"name":"b","fields":[{"name":"t","type":"text","pattern":"[A-Z]\u2069"}]}"#, says: "fields[0].pattern holds U+2069"),
    Refused(id: "unknown placeholder phase", json: books { $0 = $0.replacingFirst("]}", "],\"placeholders\":{\"gone\":{\"title\":\"x\"}}}") }, says: "unknown member 'gone'"),
  ]

  @Test(arguments: refused)
  func aBadDefinitionIsRefusedWithOneSentenceNamingTheProblem(_ refused: Refused) {
    do {
      let definition = try KindDefinition(json: refused.json)
      try definition.validate()
      Issue.record("accepted: \(refused.json.prefix(200))")
    } catch {
      #expect(error.message.contains(refused.says), "\(error.message)")
      #expect(!error.message.contains("\n"))
      #expect(error.message.count < 300, "\(error.message.count) characters")
    }
  }

  // MARK: The schema a definition implies

  /// A connection with the store's `list_counts`, where a kind's schema can run.
  static func scratchConnection() throws -> Connection {
    let connection = try Connection(path: ":memory:")
    try connection.execute(
      """
      CREATE TABLE list_counts (
        account TEXT NOT NULL, list TEXT NOT NULL, item_count INTEGER NOT NULL DEFAULT 0,
        version INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (account, list)) STRICT, WITHOUT ROWID
      """)
    return connection
  }

  static func rows(_ connection: Connection, _ sql: String) throws -> [String] {
    let statement = try connection.prepare(sql)
    var rows: [String] = []
    while try statement.step() {
      rows.append((0..<statement.columnCount).map { statement.optionalText(at: $0) ?? "NULL" }.joined(separator: "|"))
    }
    return rows
  }

  /// The built-in lists are defined through the same mechanism as an app's: the tables their
  /// definitions imply have the columns, types, nullability and defaults of the tables the first
  /// migration made, and the same count triggers, to the letter.
  @Test(arguments: KindDefinition.builtIns)
  func aBuiltInsDefinitionImpliesTheTableTheFirstMigrationMade(definition: KindDefinition) throws {
    let migrated = try Connection(path: ":memory:")
    try migrated.executeScript(EmbeddedMigration.all[0].sql)
    let generated = try Self.scratchConnection()
    for statement in definition.schemaSQL { try generated.execute(statement) }
    let columns = "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_xinfo('\(definition.name)')"
    #expect(try Self.rows(generated, columns) == Self.rows(migrated, columns))
    let triggers = "SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = '\(definition.name)' ORDER BY name"
    // The generated SQL quotes every name; the migration wrote the same names bare.
    func words(_ sql: [String]) -> [String] {
      sql.map { $0.filter { $0 != "\"" }.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ") }
    }
    #expect(words(try Self.rows(generated, triggers)) == words(try Self.rows(migrated, triggers)))
    #expect(definition.triggerSQL.count == 3)
  }

  @Test func theBooksSchemaHoldsItsLimitsAndCountsPlainSQLWrites() throws {
    let books = try KindDefinition(json: Self.booksJSON)
    let connection = try Self.scratchConnection()
    for statement in books.schemaSQL { try connection.execute(statement) }
    // Another program's plain INSERT of the required column works: everything else has a default.
    try connection.execute("INSERT INTO books (title) VALUES ('Dune')")
    try connection.execute("INSERT INTO books (title, author) VALUES ('Dune', 'Herbert')")
    #expect(try Self.rows(connection, "SELECT account, item_count FROM list_counts WHERE list = 'books'") == ["default|2"])
    #expect(try Self.rows(connection, "SELECT status, signed, added_at > 1700000000000 FROM books WHERE id = 1") == ["want|0|1"])
    let refusedWrites = [
      "INSERT INTO books (title) VALUES ('Dune')",  // unique, with a missing author as one value
      "INSERT INTO books (title, author) VALUES ('Dune', 'Herbert')",
      "INSERT INTO books (title) VALUES ('')",
      "INSERT INTO books (title) VALUES ('\(String(repeating: "x", count: 301))')",
      "INSERT INTO books (title, pages) VALUES ('A', 0)",
      "INSERT INTO books (title, status) VALUES ('B', 'lost')",
      "INSERT INTO books (title, signed) VALUES ('C', 2)",
      "INSERT INTO books (title, price_minor) VALUES ('D', 100)",
      "INSERT INTO books (title, price_minor, price_currency) VALUES ('E', -1, 'EUR')",
      "INSERT INTO books (title, price_minor, price_currency) VALUES ('F', 1, 'eur')",
      "INSERT INTO books (title, pages) VALUES ('G', 'many')",
    ]
    for sql in refusedWrites {
      #expect(throws: SQLiteError.self, "\(sql)") { try connection.execute(sql) }
    }
    try connection.execute("DELETE FROM books WHERE id = 1")
    #expect(try Self.rows(connection, "SELECT item_count FROM list_counts WHERE list = 'books'") == ["1"])
    // The page index serves the list's order.
    let plan = try Self.rows(
      connection, "EXPLAIN QUERY PLAN SELECT id FROM books WHERE account = 'default' ORDER BY added_at DESC, id DESC LIMIT 20")
    #expect(plan.contains { $0.contains("books_page") }, "\(plan)")
    #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
  }

  @Test func textWithQuotesIsASafeLiteral() throws {
    let definition = KindDefinition(
      name: "notes", item: "note",
      fields: [FieldDefinition("mood", .enumeration(["it's fine", "'; DROP TABLE list_counts; --"]), default: .text("it's fine"))])
    try definition.validate()
    let connection = try Self.scratchConnection()
    for statement in definition.schemaSQL { try connection.execute(statement) }
    try connection.execute("INSERT INTO notes DEFAULT VALUES")
    try connection.execute("INSERT INTO notes (mood) VALUES ('''; DROP TABLE list_counts; --')")
    #expect(try Self.rows(connection, "SELECT mood FROM notes ORDER BY id") == ["it's fine", "'; DROP TABLE list_counts; --"])
    #expect(try Self.rows(connection, "SELECT count(*) FROM list_counts") == ["1"])
  }

  // MARK: Values

  @Test func glob() throws {
    let connection = try Connection(path: ":memory:")
    let patterns = ["[A-Z][A-Z]", "*", "?", "a*b", "[^0-9]*", "x[a-c-]y", "[]]", "*.txt", "ab", "[a-]"]
    let texts = ["DE", "de", "", "a", "ab", "aXb", "acb", "1x", "x-y", "xby", "]", "f.txt", "D", "a-"]
    let statement = try connection.prepare("SELECT ?1 GLOB ?2")
    for pattern in patterns {
      let glob = try #require(GlobPattern(pattern), "\(pattern)")
      for text in texts {
        statement.reset()
        try statement.bind(text, at: 1)
        try statement.bind(pattern, at: 2)
        _ = try statement.step()
        #expect(glob.matches(text) == (statement.int64(at: 0) == 1), "'\(text)' GLOB '\(pattern)'")
      }
    }
    #expect(GlobPattern("[a-") == nil)
  }

  @Test func valuesAreCheckedAgainstTheirField() {
    let title = FieldDefinition("title", .text(maxLength: 3), required: true)
    #expect(throws: ListStoreError.invalidValue(field: "title", reason: "is required")) { try FieldValue.null.check(for: title) }
    #expect(throws: ListStoreError.invalidValue(field: "title", reason: "must not be empty")) { try FieldValue.text("").check(for: title) }
    #expect(throws: ListStoreError.invalidValue(field: "title", reason: "must be at most 3 characters long")) {
      try FieldValue.text("abcd").check(for: title)
    }
    #expect(throws: ListStoreError.invalidValue(field: "title", reason: "must be a text")) { try FieldValue.integer(1).check(for: title) }
    let country = FieldDefinition("country", .text(pattern: "[A-Z][A-Z]"))
    #expect(throws: ListStoreError.invalidValue(field: "country", reason: "must be text matching [A-Z][A-Z], got 'de'")) {
      try FieldValue.text("de").check(for: country)
    }
    let code = FieldDefinition("country", .text(pattern: "[A-Z][A-Z]"), uppercase: true, format: "a code such as DE")
    #expect(throws: Never.self) { try FieldValue.text("de").check(for: code) }
    #expect(throws: ListStoreError.invalidValue(field: "country", reason: "must be a code such as DE, got 'Germany'")) {
      try FieldValue.text("Germany").check(for: code)
    }
    #expect(throws: Never.self) { try FieldValue.text("東京").check(for: title) }
  }
}

extension String {
  /// The text with the first `target` replaced by `replacement`.
  fileprivate func replacingFirst(_ target: String, _ replacement: String) -> String {
    guard let range = range(of: target) else { return self }
    return replacingCharacters(in: range, with: replacement)
  }
}

/// Changing a registered kind: what loses nothing is allowed, the rest refused with a reason.
@Suite struct KindUpdateTests {
  static let books = try! KindDefinition(json: KindDefinitionTests.booksJSON)

  static func changed(_ edit: (inout KindDefinition) -> Void) -> KindDefinition {
    var copy = books
    edit(&copy)
    return copy
  }

  @Test func compatibleChangesAddColumnsAndNothingElse() throws {
    let same = try Self.books.plan(changingTo: Self.books)
    #expect(!same.changesAnything && same.sql.isEmpty)
    let cosmetic = try Self.books.plan(changingTo: Self.changed {
      $0.show = ["title"]
      $0.search = ["title"]
      $0.item = "volume"
      $0.placeholders[.empty] = PlaceholderText(title: "Shelf is bare", detail: "")
    })
    #expect(cosmetic.changesAnything && cosmetic.sql.isEmpty)
    let added = try Self.books.plan(changingTo: Self.changed {
      $0.fields.append(FieldDefinition("isbn", .text(maxLength: 17)))
      $0.fields.insert(FieldDefinition("rating", .integer(min: 1, max: 5), default: .integer(3)), at: 1)
      $0.fields.append(FieldDefinition("deposit", .money()))
      $0.fields.append(FieldDefinition("favourite", .bool, default: .bool(false), onePerAccount: true))
    })
    #expect(added.addedFields.map(\.name) == ["rating", "isbn", "deposit", "favourite"])
    // The plan runs on a table holding items, and the new columns take their defaults.
    let connection = try KindDefinitionTests.scratchConnection()
    for statement in Self.books.schemaSQL { try connection.execute(statement) }
    try connection.execute("INSERT INTO books (title) VALUES ('Dune')")
    for statement in added.sql { try connection.execute(statement) }
    #expect(try KindDefinitionTests.rows(connection, "SELECT rating, isbn, deposit_minor, favourite FROM books") == ["3|NULL|NULL|0"])
    #expect(throws: (any Error).self) { try connection.execute("UPDATE books SET rating = 9") }
    #expect(throws: (any Error).self) { try connection.execute("UPDATE books SET deposit_minor = 5") }
  }

  @Test(
    arguments: [
      ("removing a field", changed { $0.fields.removeLast() }, "removes the field 'signed'"),
      ("changing a type", changed { $0.fields[2].type = .text() }, "alters the field 'pages' (its type from integer to text)"),
      ("tightening a limit", changed { $0.fields[0].type = .text(maxLength: 10) }, "alters the field 'title' (its limits)"),
      ("making a field required", changed { $0.fields[1].required = true }, "(it becomes required)"),
      ("changing a default", changed { $0.fields[4].defaultValue = .text("done") }, "(its default)"),
      ("changing the order", changed { $0.order = [OrderTerm("title")] }, "alters the order"),
      ("changing the unique rule", changed { $0.unique = nil }, "alters the unique rule"),
      ("a new required field", changed { $0.fields.append(FieldDefinition("isbn", .text(), required: true)) }, "is required, but the items already stored"),
      ("a new added time", changed { $0.fields.append(FieldDefinition("shelved_at", .timestamp, default: .now)) }, "cannot default to now"),
      ("another kind", changed { $0.name = "films" }, "is of 'films', not 'books'"),
      ("an invalid result", changed { $0.fields.append(FieldDefinition("Bad", .text())) }, "must be lowercase letters"),
    ] as [(String, KindDefinition, String)])
  func otherChangesAreRefusedWithTheReason(_ what: String, _ new: KindDefinition, _ says: String) {
    #expect {
      try Self.books.plan(changingTo: new)
    } throws: { error in
      (error as? KindDefinitionError)?.message.contains(says) == true
    }
  }
}
