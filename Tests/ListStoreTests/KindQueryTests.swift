import ListStoreTesting
import SQLiteCore
import Testing

@testable import ListStore

/// Pages of a search and filters: the kind's order, keyset pages bound to their query, the
/// indexes they read, and "no results" told apart from an empty list.
@Suite struct KindQueryTests {
  static let books = KindRegistryTests.books

  static func titles(_ page: ListPage<DynamicItem>) -> [String] {
    page.items.map { KindItemsTests.title($0) ?? "?" }
  }

  /// Books added one a second apart, the first oldest: the kind's order is newest first.
  static func shelf(_ folder: TemporaryFolder, _ rows: [(String, String?, Int64, String)]) throws -> KindItems {
    let database = try ListsDatabase(path: folder.path())
    try database.registerKind(books)
    let items = try database.items(of: "books")
    for (offset, row) in rows.enumerated() {
      var values: [String: FieldValue] = ["title": .text(row.0), "pages": .integer(row.2), "status": .text(row.3)]
      if let author = row.1 { values["author"] = .text(author) }
      var draft = DynamicDraft(values)
      draft.addedAt = Timestamp(millisecondsSince1970: 1_800_000_000_000 + Int64(offset) * 1000)
      try items.add(draft)
    }
    return items
  }

  static let rows: [(String, String?, Int64, String)] = [
    ("Dune", "Frank Herbert", 412, "done"),
    ("São Paulo Stories", nil, 120, "want"),
    ("Dune Messiah", "Frank Herbert", 256, "reading"),
    ("The Dispossessed", "Ursula K. Le Guin", 387, "done"),
    ("Children of Dune", "Frank Herbert", 444, "done"),
  ]

  static func filter(_ text: String) throws -> KindFilter { try KindFilter(parsing: text, in: books) }

  @Test func aSearchFindsPrefixesWithoutAccentsInTheKindsOrder() throws {
    try withTemporaryFolder { folder in
      let items = try Self.shelf(folder, Self.rows)
      let dune = try items.page(matching: KindQuery(search: "dun"), after: nil, limit: 20)
      #expect(Self.titles(dune) == ["Children of Dune", "Dune Messiah", "Dune"])
      #expect(dune.nextCursor == nil)
      let sao = try items.page(matching: KindQuery(search: "sao paulo"), after: nil, limit: 20)
      #expect(Self.titles(sao) == ["São Paulo Stories"])
      let author = try items.page(matching: KindQuery(search: "le GUIN"), after: nil, limit: 20)
      #expect(Self.titles(author) == ["The Dispossessed"])
      // Syntax a person types is text: nothing is an FTS5 error.
      for text in ["-", ":", "*", "\"", "(", "AND", "NEAR", "^", "", "?!.", "dune AND (", "\"dune"] {
        _ = try items.page(matching: KindQuery(search: text), after: nil, limit: 20)
      }
      // No words at all is no search: the whole list.
      #expect(try items.page(matching: KindQuery(search: " -:* "), after: nil, limit: 20).items.count == 5)
    }
  }

  @Test func filtersAndASearchCombine() throws {
    try withTemporaryFolder { folder in
      let items = try Self.shelf(folder, Self.rows)
      func titles(_ search: String?, _ filters: [String]) throws -> [String] {
        let query = KindQuery(search: search, filters: try filters.map(Self.filter))
        return Self.titles(try items.page(matching: query, after: nil, limit: 20))
      }
      #expect(try titles(nil, ["status=done"]) == ["Children of Dune", "The Dispossessed", "Dune"])
      #expect(try titles("dune", ["status=done"]) == ["Children of Dune", "Dune"])
      #expect(try titles(nil, ["pages>=387", "pages<444"]) == ["The Dispossessed", "Dune"])
      #expect(try titles(nil, ["pages>444"]) == [])
      #expect(try titles(nil, ["author=Frank Herbert", "status=reading"]) == ["Dune Messiah"])
      #expect(try titles(nil, ["signed=true"]) == [])
      #expect(try titles(nil, ["signed=false"]).count == 5)
    }
  }

  @Test func moneyFiltersCompareMinorUnitsInTheirCurrencyOnly() throws {
    try withTemporaryFolder { folder in
      let items = try Self.shelf(folder, [])
      for (title, minor, code) in [("A", 1000, "EUR"), ("B", 2000, "EUR"), ("C", 5000, "USD"), ("D", 2000, "JPY")] {
        let price = try Money(minorUnits: Int64(minor), currency: Currency(code: code))
        try items.add(DynamicDraft(["title": .text(title), "price": .money(price)]))
      }
      func titles(_ filter: String) throws -> [String] {
        Self.titles(try items.page(matching: KindQuery(filters: [try Self.filter(filter)]), after: nil, limit: 20))
      }
      #expect(try titles("price>=20.00 EUR") == ["B"])
      #expect(try titles("price<=20.00 EUR") == ["B", "A"])
      #expect(try titles("price=2000 JPY") == ["D"])
      #expect(try titles("price>1 USD") == ["C"])
    }
  }

  @Test func timestampFiltersTakeATimeOrADate() throws {
    try withTemporaryFolder { folder in
      let items = try Self.shelf(folder, [])
      for (title, time) in [("Early", "2025-12-31T23:59:59Z"), ("New year", "2026-01-01T00:00:00Z"), ("Later", "2026-03-01T12:00:00Z")] {
        try items.add(DynamicDraft(["title": .text(title), "finished_at": .timestamp(try Timestamp(iso8601: time))]))
      }
      func titles(_ filter: String) throws -> [String] {
        Self.titles(try items.page(matching: KindQuery(filters: [try Self.filter(filter)]), after: nil, limit: 20))
      }
      #expect(try titles("finished_at<2026-01-01") == ["Early"])
      #expect(try titles("finished_at>=2026-01-01") == ["Later", "New year"])
      #expect(try titles("finished_at=2026-03-01T12:00:00Z") == ["Later"])
    }
  }

  @Test func rowsWrittenWithPlainSQLAreFound() throws {
    try withTemporaryFolder { folder in
      let items = try Self.shelf(folder, Self.rows)
      let other = try Connection(path: folder.path(), options: .init(create: false))
      other.setBusyTimeout(milliseconds: 5000)
      try other.execute("INSERT INTO books (title, author, status, added_at) VALUES ('Dune: House Atreides', 'Brian Herbert', 'want', 1900000000000)")
      try other.execute("UPDATE books SET title = 'The Dispossessed: An Ambiguous Utopia' WHERE title = 'The Dispossessed'")
      try other.execute("DELETE FROM books WHERE title = 'Dune Messiah'")
      let dune = try items.page(matching: KindQuery(search: "dune"), after: nil, limit: 20)
      #expect(Self.titles(dune) == ["Dune: House Atreides", "Children of Dune", "Dune"])
      let utopia = try items.page(matching: KindQuery(search: "ambig", filters: [Self.filter("status=done")]), after: nil, limit: 20)
      #expect(Self.titles(utopia) == ["The Dispossessed: An Ambiguous Utopia"])
    }
  }

  @Test func pagesOfResultsWalkEveryMatchOnceInOrder() throws {
    try withTemporaryFolder { folder in
      let rows = (1...23).map { n in ("Book \(n)\(n % 3 == 0 ? " dune" : "")", String?.none, Int64(n), n % 2 == 0 ? "done" : "want") }
      let items = try Self.shelf(folder, rows)
      for query in [KindQuery(search: "dune"), KindQuery(filters: [try Self.filter("status=done")]),
                    KindQuery(search: "book", filters: [try Self.filter("status=want"), try Self.filter("pages>4")])] {
        var seen: [String] = []
        var cursor: ListCursor?
        var pages = 0
        repeat {
          let page = try items.page(matching: query, after: cursor, limit: 2)
          seen += Self.titles(page)
          cursor = page.nextCursor
          pages += 1
        } while cursor != nil && pages < 50
        let all = Self.titles(try items.page(after: nil, limit: 100))
        let expected = all.filter { title in
          let n = Int(title.split(separator: " ")[1])!
          if query.search == "dune" { return n % 3 == 0 }
          if query.search == nil { return n % 2 == 0 }
          return n % 2 == 1 && n > 4
        }
        #expect(seen == expected, "\(query)")
        #expect(!expected.isEmpty)
      }
    }
  }

  @Test func aCursorIsRefusedByAnotherQuery() throws {
    try withTemporaryFolder { folder in
      let items = try Self.shelf(folder, Self.rows)
      let dune = KindQuery(search: "dune")
      let cursor = try #require(try items.page(matching: dune, after: nil, limit: 1).nextCursor)
      // The same query, also typed differently and as a token a person gives back, goes on.
      #expect(Self.titles(try items.page(matching: dune, after: cursor, limit: 1)) == ["Dune Messiah"])
      #expect(Self.titles(try items.page(matching: KindQuery(search: "Dune "), after: ListCursor(cursor.token), limit: 1)) == ["Dune Messiah"])
      let refused = ListStoreError.invalidCursor(kind: KindName(Self.books))
      #expect(throws: refused) { try items.page(matching: KindQuery(search: "mess"), after: cursor, limit: 1) }
      #expect(throws: refused) { try items.page(matching: KindQuery(filters: [try Self.filter("status=done")]), after: cursor, limit: 1) }
      #expect(throws: refused) { try items.page(after: cursor, limit: 1) }
      #expect(throws: refused) { try items.page(after: ListCursor(cursor.token), limit: 1) }
      #expect(throws: refused) { try items.validate(cursor) }
      try items.validate(cursor, for: dune)
      // And the whole list's cursor is no cursor of a query.
      let plain = try #require(try items.page(after: nil, limit: 1).nextCursor)
      #expect(throws: refused) { try items.page(matching: dune, after: plain, limit: 1) }
      // Filters are part of the identity, values and all.
      let done = try #require(try items.page(matching: KindQuery(filters: [try Self.filter("status=done")]), after: nil, limit: 1).nextCursor)
      #expect(throws: refused) { try items.page(matching: KindQuery(filters: [try Self.filter("status=want")]), after: done, limit: 1) }
    }
  }

  @Test func noResultsIsToldApartFromAnEmptyList() throws {
    try withTemporaryFolder { folder in
      let items = try Self.shelf(folder, [])
      let none = try items.page(matching: KindQuery(search: "dune"), after: nil, limit: 20)
      #expect(none.items.isEmpty && !none.listHasItems)
      try items.add(DynamicDraft(["title": .text("Solaris")]))
      let noResults = try items.page(matching: KindQuery(search: "dune"), after: nil, limit: 20)
      #expect(noResults.items.isEmpty && noResults.listHasItems)
      let filtered = try items.page(matching: KindQuery(filters: [try Self.filter("status=done")]), after: nil, limit: 20)
      #expect(filtered.items.isEmpty && filtered.listHasItems)
      let found = try items.page(matching: KindQuery(search: "sol"), after: nil, limit: 20)
      #expect(Self.titles(found) == ["Solaris"] && !found.listHasItems)
    }
  }

  @Test func aKindWithoutSearchFieldsRefusesASearchButFilters() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let orders = try database.items(of: "orders")
      #expect(throws: ListStoreError.search(.notSearchable(kind: "orders"))) {
        try orders.page(matching: KindQuery(search: "A-1"), after: nil, limit: 20)
      }
      #expect(throws: ListStoreError.search(.nulCharacter)) {
        try orders.page(matching: KindQuery(search: "a\u{0}b"), after: nil, limit: 20)
      }
      let shipped = KindQuery(filters: [try KindFilter(parsing: "status=shipped", in: .orders)])
      #expect(try orders.page(matching: shipped, after: nil, limit: 20).items.isEmpty)
    }
  }

  // MARK: Indexes

  /// The plan SQLite makes for `sql`, one line per step.
  static func plan(_ connection: Connection, _ sql: String) throws -> [String] {
    let statement = try connection.prepare("EXPLAIN QUERY PLAN " + sql)
    var lines: [String] = []
    while try statement.step() { lines.append(statement.text(at: 3)) }
    return lines
  }

  /// Whether a plan reads every row of a table or sorts: what a page of results must not do.
  static func scansOrSorts(_ plan: [String]) -> Bool {
    plan.contains { line in
      line.contains("TEMP B-TREE") || (line.hasPrefix("SCAN") && !line.contains("VIRTUAL TABLE"))
    }
  }

  @Test func aFilterOnAnEnumAndASearchReadAnIndexInTheListsOrder() throws {
    try withTemporaryFolder { folder in
      let items = try Self.shelf(folder, Self.rows)
      let database = items.database
      let orders = try database.items(of: "orders")
      let connection = try Connection(path: folder.path(), options: .init(create: false))
      connection.setBusyTimeout(milliseconds: 5000)
      let shipped = try #require(try orders.statements.sql(for: KindQuery(filters: [try KindFilter(parsing: "status=shipped", in: .orders)])))
      for sql in [shipped.firstPageSQL] + shipped.levelSQL.map(\.sql) {
        let plan = try Self.plan(connection, sql)
        #expect(!Self.scansOrSorts(plan), "\(plan)")
        #expect(plan.contains { $0.contains("USING INDEX orders_by_status (account=? AND status=?") }, "\(plan)")
      }
      let search = try #require(try items.statements.sql(for: KindQuery(search: "dune", filters: [try Self.filter("status=done")])))
      for sql in [search.firstPageSQL] + search.levelSQL.map(\.sql) {
        let plan = try Self.plan(connection, sql)
        #expect(!Self.scansOrSorts(plan), "\(plan)")
        #expect(plan.contains { $0.contains("USING INDEX books_by_status") }, "\(plan)")
      }
      let searchOnly = try #require(try items.statements.sql(for: KindQuery(search: "dune")))
      let plan = try Self.plan(connection, searchOnly.firstPageSQL)
      #expect(!Self.scansOrSorts(plan), "\(plan)")
      #expect(plan.contains { $0.contains("USING INDEX books_page") }, "\(plan)")
    }
  }

  @Test func enumAndBoolFieldsGetAFilterIndexWhenRegisteredOrAdded() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      try database.registerKind(Self.books)
      let indexes = try KindRegistryTests.rows(
        folder.path(), "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name IN ('books', 'orders') AND name LIKE '%_by_%' ORDER BY name")
      #expect(indexes == ["books_by_signed", "books_by_status", "orders_by_status"])
      var newer = Self.books
      newer.fields.append(FieldDefinition("lent", .bool, default: .bool(false)))
      try database.updateKind(newer)
      let sql = try KindRegistryTests.rows(folder.path(), "SELECT sql FROM sqlite_schema WHERE name = 'books_by_lent'")
      #expect(sql == [#"CREATE INDEX "books_by_lent" ON "books" (account, "lent", "added_at" DESC, "id" DESC)"#])
      // A field the order starts with needs none: the page index serves it.
      #expect(KindDefinition.addresses.filterIndexSQL(for: KindDefinition.addresses.fields[9]) == nil)
    }
  }

  @Test func theTypedOrdersReadTheSamePagesOfAQuery() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let orders = database.orders()
      for (index, status) in ["shipped", "paid", "shipped", "shipped", "refunded"].enumerated() {
        var draft = OrderDraft(number: "A-\(index)", total: try Money(parsing: "1.00", currency: .eur))
        draft.status = OrderStatus(rawValue: status)!
        try orders.add(draft)
      }
      let shipped = KindQuery(filters: [try KindFilter(parsing: "status=shipped", in: .orders)])
      let typed = try orders.page(matching: shipped, after: nil, limit: 2)
      let generic = try database.items(of: "orders").page(matching: shipped, after: nil, limit: 2)
      #expect(typed.items.map(\.number) == ["A-3", "A-2"])
      #expect(typed.items.map(\.id) == generic.items.map(\.id))
      #expect(typed.nextCursor == generic.nextCursor)
      let rest = try orders.page(matching: shipped, after: generic.nextCursor, limit: 2)
      #expect(rest.items.map(\.number) == ["A-0"] && rest.nextCursor == nil)
      #expect(throws: ListStoreError.invalidCursor(kind: .orders)) {
        try orders.page(matching: KindQuery(filters: [try KindFilter(parsing: "status=paid", in: .orders)]), after: typed.nextCursor, limit: 2)
      }
      let none = try orders.page(matching: KindQuery(filters: [try KindFilter(parsing: "status=cancelled", in: .orders)]), after: nil, limit: 2)
      #expect(none.items.isEmpty && none.listHasItems)
    }
  }
}
