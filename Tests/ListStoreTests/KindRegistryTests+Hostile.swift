import ListStoreTesting
import SQLiteCore
import Testing

@testable import ListStore

/// A file is input like any other: definitions edited with plain SQL are damage, never SQL that
/// runs; the names a kind derives are its own; repair drops only what the package made.
extension KindRegistryTests {
  struct Edit: CustomTestStringConvertible, Sendable {
    var id: String
    var sql: String
    var says: String
    var testDescription: String { id }
  }

  static let edits: [Edit] = [
    Edit(
      id: "SQL in the name",
      sql: "UPDATE list_kinds SET definition = json_set(definition, '$.name', 'books; CREATE TABLE injected(x); --') WHERE name = 'books'",
      says: "The kind's name 'books; CREATE TABLE injected(x); --' must be lowercase letters"),
    Edit(
      id: "another name than the row's",
      sql: "UPDATE list_kinds SET definition = json_set(definition, '$.name', 'orders') WHERE name = 'books'",
      says: "its definition names it 'orders'."),
    Edit(
      id: "another item than the row's", sql: "UPDATE list_kinds SET item = 'film' WHERE name = 'books'",
      says: "its definition names its item 'book', not 'film'."),
    Edit(
      id: "SQL in a field's name",
      sql: "UPDATE list_kinds SET definition = json_set(definition, '$.fields[1].name', 'x) ; DROP TABLE orders; --') WHERE name = 'books'",
      says: "The field name 'x) ; DROP TABLE orders; --' must be lowercase"),
    Edit(
      id: "a bidi override in the help",
      sql: "UPDATE list_kinds SET definition = json_set(definition, '$.help', 'a' || char(0x202E) || 'b') WHERE name = 'books'",
      says: "help holds U+202E"),
    Edit(
      id: "a search field FTS5 refuses",
      sql: "UPDATE list_kinds SET definition = json_set(json_insert(definition, '$.fields[#]', json('{\"name\":\"rank\",\"type\":\"text\"}')), "
        + "'$.search', json('[\"rank\"]')) WHERE name = 'books'",
      says: "search cannot use the field 'rank'"),
    Edit(id: "not JSON", sql: "UPDATE list_kinds SET definition = '{' WHERE name = 'books'", says: "not valid JSON"),
  ]

  /// The schema as SQLite records it: type, name, table and SQL of every object.
  static func schema(_ path: String) throws -> [String] {
    try rows(path, "SELECT type, name, tbl_name, ifnull(sql, '') FROM sqlite_schema ORDER BY name")
  }

  @Test(arguments: edits)
  func aDefinitionEditedInTheFileIsDamageThatRunsNothing(_ edit: Edit) throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      do {
        let database = try ListsDatabase(path: path)
        try database.registerKind(Self.books)
        _ = try database.items(of: Self.books.name).add(DynamicDraft(["title": .text("Dune")]))
      }
      try Connection(path: path).execute(edit.sql)
      let before = try Self.schema(path)
      let database = try ListsDatabase(path: path)
      func expectDamage(_ body: () throws(ListStoreError) -> Void) {
        do {
          try body()
          Issue.record("accepted after \(edit.id)")
        } catch {
          guard case .corrupt(_, let detail) = error else {
            Issue.record("\(error)")
            return
          }
          #expect(detail.hasPrefix("the definition of 'books' in list_kinds is not valid: "), "\(detail)")
          #expect(detail.contains(edit.says), "\(detail)")
          #expect(!detail.contains("\n") && !detail.unicodeScalars.contains { $0.value == 0x202E }, "\(detail)")
        }
      }
      expectDamage { () throws(ListStoreError) in _ = try database.kinds() }
      expectDamage { () throws(ListStoreError) in _ = try database.kind(named: "books") }
      expectDamage { () throws(ListStoreError) in try database.removeKind(named: "books") }
      expectDamage { () throws(ListStoreError) in _ = try database.updateKind(Self.books) }
      // The other lists still work.
      #expect(try database.kind(named: "orders")?.definition == KindDefinition.orders)

      let report = try HealthReport.inspect(path: path)
      #expect(!report.isHealthy)
      #expect(report.problems.contains { $0.contains("the definition of 'books' in list_kinds is not valid") }, "\(report.problems)")
      guard case .corrupt = report.verdict else {
        Issue.record("\(String(describing: report.verdict))")
        return
      }
      _ = try database.repair()
      #expect(try Self.schema(path) == before)
      #expect(try Self.rows(path, "SELECT count(*) FROM sqlite_schema WHERE name = 'injected'") == ["0"])
      #expect(try Self.rows(path, "SELECT title FROM books") == ["Dune"])
    }
  }

  static let searchable = try! KindDefinition(
    json: #"{"name":"a","item":"a","fields":[{"name":"title","type":"text"}],"search":["title"]}"#)

  @Test func noKindTakesANameAnotherKindDerives() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      let database = try ListsDatabase(path: path)
      try database.registerKind(Self.searchable)
      let before = try Self.state(path)
      for name in [
        "a_page", "a_counted_insert", "a_search", "a_search_insert", "a_search_update", "a_search_data", "a_search_idx",
        "a_search_content", "a_search_docsize", "a_search_config",
      ] {
        let other = KindDefinition(name: name, item: "note", fields: [FieldDefinition("note", .text())])
        #expect {
          try database.registerKind(other)
        } throws: { error in
          guard case ListStoreError.invalidDefinition(let message) = error else { return false }
          return message == "The name '\(name)' is kept for the list 'a'; choose another name for the kind."
            || message.hasPrefix("The name '\(name)' is already used in the file by a ")
        }
      }
      #expect(try Self.state(path) == before)
    }
  }

  @Test func aKindCannotDeriveTheNameOfAnotherKind() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      let database = try ListsDatabase(path: path)
      try database.registerKind(KindDefinition(name: "a_search_docsize", item: "note", fields: [FieldDefinition("note", .text())]))
      // Registered with search, `a` would keep the name of the list a_search_docsize.
      #expect(throws: ListStoreError.invalidDefinition("The name 'a_search_docsize' is already used in the file by a table; choose another name for the kind.")) {
        try database.registerKind(Self.searchable)
      }
      var plain = Self.searchable
      plain.search = []
      try database.registerKind(plain)
      let before = try Self.state(path)
      // Nor can a change give it that name.
      #expect(throws: ListStoreError.invalidDefinition("The name 'a_search_docsize' is already used in the file by a table; the change cannot make it.")) {
        try database.updateKind(Self.searchable)
      }
      #expect(try Self.state(path) == before)
    }
  }

  /// A file whose kinds clash already (made with plain SQL): a kind `a_search_docsize` beside
  /// kind `a`, whose search index is made by hand. Returns the path.
  static func clashingFile(_ folder: TemporaryFolder) throws -> String {
    let path = folder.path()
    let database = try ListsDatabase(path: path)
    let notes = KindDefinition(name: "a_search_docsize", item: "note", fields: [FieldDefinition("note", .text())])
    try database.registerKind(notes)
    var plain = Self.searchable
    plain.search = []
    try database.registerKind(plain)
    _ = try database.items(of: "a_search_docsize").add(DynamicDraft(["note": .text("keep me")]))
    _ = try database.items(of: "a").add(DynamicDraft(["title": .text("Dune")]))
    let raw = try Connection(path: path)
    for statement in Self.searchable.searchSQL { try raw.execute(statement) }
    let update = try raw.prepare("UPDATE list_kinds SET definition = ?1 WHERE name = 'a'")
    try update.bind(Self.searchable.json, at: 1)
    try update.run()
    return path
  }

  @Test func repairRebuildsAnIndexAndLeavesAnotherKindsTableUnderAShadowNameAlone() throws {
    try withTemporaryFolder { folder in
      let path = try Self.clashingFile(folder)
      try Connection(path: path).execute("DROP TRIGGER a_search_insert")
      let notes = try Self.rows(path, "SELECT sql FROM sqlite_schema WHERE tbl_name = 'a_search_docsize' ORDER BY name")
      let database = try ListsDatabase(path: path)
      let repair = try database.repair()
      #expect(repair.recreated == ["search index a_search"], "\(repair)")
      #expect(repair.leftAlone == [])
      #expect(try Self.rows(path, "SELECT sql FROM sqlite_schema WHERE tbl_name = 'a_search_docsize' ORDER BY name") == notes)
      #expect(try Self.rows(path, "SELECT note FROM a_search_docsize") == ["keep me"])
      #expect(try Self.rows(path, "SELECT item_count FROM list_counts WHERE list = 'a_search_docsize'") == ["1"])
      let report = try HealthReport.inspect(path: path)
      #expect(report.isHealthy, "\(report.problems)")
    }
  }

  /// A file with the kind `a`, searchable, and then `sql` run on it with plain SQL.
  static func searchableFile(_ folder: TemporaryFolder, then sql: String) throws -> (String, ListsDatabase) {
    let database = try ListsDatabase(path: folder.path())
    try database.registerKind(Self.searchable)
    try Connection(path: folder.path()).executeScript(sql)
    return (folder.path(), database)
  }

  @Test func repairLeavesATableMadeByHandUnderAShadowNameAloneAndSaysSo() throws {
    try withTemporaryFolder { folder in
      // The index gone with its shadow tables; a table of someone's in the place of one.
      let (path, database) = try Self.searchableFile(
        folder, then: "DROP TABLE a_search; CREATE TABLE a_search_data (keep TEXT); INSERT INTO a_search_data VALUES ('mine');")
      let before = try Self.schema(path)
      let report = try HealthReport.inspect(path: path)
      #expect(report.searchIndexes.map(\.state) == [.foreign])
      #expect(!report.isHealthy)
      let repair = try database.repair()
      #expect(repair.recreated == [])
      #expect(
        repair.leftAlone == [
          "the table a_search_data is not the one lists makes for the search index of a; it was left alone, and the index not rebuilt"
        ])
      #expect(try Self.schema(path) == before)
      #expect(try Self.rows(path, "SELECT keep FROM a_search_data") == ["mine"])
    }
  }

  @Test func doctorRunsNoIndexCommandOnATableMadeByHandUnderTheIndexsName() throws {
    try withTemporaryFolder { folder in
      // A plain table in the index's place takes FTS5's command as an insert.
      let (path, database) = try Self.searchableFile(folder, then: "DROP TABLE a_search; CREATE TABLE a_search (a_search, rank);")
      let report = try HealthReport.inspect(path: path)
      #expect(report.searchIndexes.map(\.state) == [.foreign])
      #expect(try Self.rows(path, "SELECT count(*) FROM a_search") == ["0"])
      _ = try database.repair()
      #expect(try Self.rows(path, "SELECT count(*) FROM a_search") == ["0"])
      #expect(try Self.rows(path, "SELECT sql FROM sqlite_schema WHERE name = 'a_search'") == ["CREATE TABLE a_search (a_search, rank)"])
    }
  }

  @Test func repairLeavesATableWhereAnIndexOfTheMigrationsBelongsAlone() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      let database = try ListsDatabase(path: path)
      try Connection(path: path).executeScript(
        "DROP INDEX orders_page; CREATE TABLE orders_page (keep TEXT); INSERT INTO orders_page VALUES ('mine');")
      let before = try Self.schema(path)
      let repair = try database.repair()
      #expect(repair.recreated == [])
      #expect(
        repair.leftAlone == ["orders_page is a table on orders_page, not the index on orders the migrations make; it was left alone"])
      #expect(try Self.schema(path) == before)
      #expect(try Self.rows(path, "SELECT keep FROM orders_page") == ["mine"])
    }
  }
}
