import ListStoreTesting
import SQLiteCore
import Testing

@testable import ListStore

/// A record whose fields are declared once beside their properties (``FieldRecord``): it reads,
/// adds, updates, pages, exports and syncs as a hand-written ``KindRecord`` does.
@Suite struct FieldRecordTests {
  /// The README's books in their short form, with every kind of property.
  struct ShortBook: FieldRecord, Equatable {
    enum Shelf: String, CaseIterable, Sendable { case home, office, attic }

    var id: Int64 = 0
    var title = ""
    var author: String?
    var pages: Int64?
    var price: Money?
    var status = "want"
    var shelf = Shelf.home
    var signed = false
    var finishedAt: Timestamp?
    var due: CalendarDate?
    var addedAt = Timestamp(millisecondsSince1970: 0)

    static let fields = RecordFields<ShortBook>(
      name: "books", item: "book",
      .text("title", \.title, maxLength: 300, required: true),
      .text("author", \.author),
      .integer("pages", \.pages, min: 1),
      .money("price", \.price),
      .enumeration("status", \.status, ["want", "reading", "done"], default: "want"),
      .enumeration("shelf", \.shelf, default: .home),
      .bool("signed", \.signed),
      .timestamp("finished_at", \.finishedAt),
      .date("due", \.due),
      .addedAt(\.addedAt),
      unique: UniqueRule(["title", "author"]), show: ["title", "author", "status"], search: ["title", "author"])
  }

  /// The same kind written by hand: what the short form must equal, row for row.
  struct LongBook: KindRecord, Equatable {
    static let definition = ShortBook.definition
    let id: Int64
    let title: String
    let shelf: String
    let due: CalendarDate?
    let price: Money?

    init(row: KindRow) {
      id = row.id
      title = row.text("title")
      shelf = row.text("shelf")
      due = row.optionalDate("due")
      price = row.optionalMoney("price")
    }

    struct Draft: Sendable { var title: String }
    var draft: Draft { Draft(title: title) }
    static func bind(_ draft: Draft, to bindings: inout KindBindings) throws(ListStoreError) {
      try bindings.text("title", draft.title)
    }
  }

  @Test func theDeclarationMakesTheKindsDefinition() throws {
    let definition = ShortBook.definition
    #expect(definition.name == "books" && definition.item == "book")
    #expect(
      definition.fields.map(\.name) == [
        "title", "author", "pages", "price", "status", "shelf", "signed", "finished_at", "due",
      ])
    #expect(definition.fields[0] == FieldDefinition("title", .text(maxLength: 300), required: true))
    #expect(definition.fields[5].type == .enumeration(["home", "office", "attic"]))
    #expect(definition.fields[5].defaultValue == .text("home"))
    #expect(definition.fields[6].defaultValue == .bool(false))
    #expect(definition.unique == UniqueRule(["title", "author"]))
    #expect(definition.hasImplicitAddedAt)
    try definition.validate()
  }

  @Test func addReadsBackEveryPropertyAsTheHandWrittenRecordReadsIt() throws {
    try withTemporaryDatabase(configuration: .init(now: { Timestamp(millisecondsSince1970: 7_000) })) { database in
      let books = try database.records(of: ShortBook.self)
      let price = try Money(parsing: "12.50", currency: .eur)
      let due = try #require(CalendarDate(iso8601: "2026-12-24"))
      var draft = ShortBook(title: "Dune", author: "Herbert", pages: 412, price: price)
      draft.shelf = .attic
      draft.due = due
      draft.finishedAt = Timestamp(millisecondsSince1970: 5_000)
      let dune = try books.add(draft)
      #expect(dune.id > 0)
      #expect(dune.title == "Dune" && dune.author == "Herbert" && dune.pages == 412 && dune.price == price)
      #expect(dune.status == "want" && dune.shelf == .attic && !dune.signed && dune.due == due)
      #expect(dune.finishedAt == Timestamp(millisecondsSince1970: 5_000))
      #expect(dune.addedAt == Timestamp(millisecondsSince1970: 7_000))
      #expect(try books.item(id: dune.id) == dune)

      // An optional left nil is stored as null and read back as nil.
      let bare = try books.add(ShortBook(title: "Emma"))
      #expect(bare.author == nil && bare.pages == nil && bare.price == nil && bare.due == nil)

      let long = try database.records(of: LongBook.self)
      let read = try #require(try long.item(id: dune.id))
      #expect(read.title == "Dune" && read.shelf == "attic" && read.due == due && read.price == price)
    }
  }

  @Test func aValueOutsideItsFieldIsRefusedAndNothingIsWritten() throws {
    try withTemporaryDatabase { database in
      let books = try database.records(of: ShortBook.self)
      #expect(throws: ListStoreError.invalidValue(field: "title", reason: "must not be empty")) {
        try books.add(ShortBook())
      }
      #expect(throws: ListStoreError.invalidValue(field: "pages", reason: "must be at least 1")) {
        try books.add(ShortBook(title: "Dune", pages: 0))
      }
      #expect(throws: ListStoreError.invalidValue(field: "status", reason: "must be one of want, reading, done")) {
        try books.add(ShortBook(title: "Dune", status: "lost"))
      }
      #expect(try books.count() == 0)
    }
  }

  @Test func anUpdateWritesTheChangedPropertiesOnly() throws {
    try withTemporaryDatabase { database in
      let books = try database.records(of: ShortBook.self)
      let dune = try books.add(ShortBook(title: "Dune", author: "Herbert"))
      let read = try books.update(id: dune.id) { book in
        book.status = "reading"
        book.shelf = .office
        book.author = nil
      }
      #expect(read.status == "reading" && read.shelf == .office && read.author == nil && read.title == "Dune")
      #expect(read.addedAt == dune.addedAt)
      #expect(try books.item(id: dune.id) == read)
    }
  }

  @Test func pagesSearchAndExportReadTheRecords() throws {
    try withTemporaryDatabase { database in
      let books = try database.records(of: ShortBook.self)
      _ = try books.importItems((1...25).map { ShortBook(title: "Book \($0)", author: "A", pages: Int64($0)) })
      var seen: [Int64] = []
      var cursor: ListCursor?
      repeat {
        let page = try books.page(after: cursor, limit: 10)
        seen += page.items.compactMap(\.pages)
        cursor = page.nextCursor
      } while cursor != nil
      #expect(seen.sorted() == Array(1...25))
      let found = try books.page(matching: KindQuery(search: "Book 7"), after: nil, limit: 10)
      #expect(found.items.map(\.title) == ["Book 7"])
      var exported = 0
      try books.export { book in
        #expect(book.author == "A")
        exported += 1
      }
      #expect(exported == 25)
    }
  }

  @Test func aStoredTextThatIsNoCaseReadsAsTheFallback() throws {
    try withTemporaryDatabase { database in
      let books = try database.records(of: ShortBook.self)
      let dune = try books.add(ShortBook(title: "Dune", shelf: .office))
      // Another program writes, past the table's CHECK, a text the app's enum does not have.
      let other = try Connection(path: database.path, options: .init(create: false))
      other.setBusyTimeout(milliseconds: 5_000)
      try other.execute("PRAGMA ignore_check_constraints = ON")
      try other.execute("UPDATE books SET shelf = 'garage'")
      #expect(try books.item(id: dune.id)?.shelf == .home)
    }
  }

  @Test func typedAndByNameWritesAreOneImplementation() throws {
    try withTemporaryDatabase { database in
      let books = try database.records(of: ShortBook.self)
      let dune = try books.add(ShortBook(title: "Dune"))
      // What one face writes the other reads, through the same statements.
      #expect(try books.byName.item(id: dune.id)?.values[0] == .text("Dune"))
      // An account that cannot be one is refused by both faces alike.
      let refused = ListStoreError.invalidValue(field: "account", reason: "must not be empty")
      #expect(throws: refused) { try database.records(of: ShortBook.self, account: "").add(ShortBook(title: "Emma")) }
      #expect(throws: refused) { try database.items(of: "books", account: "").add(DynamicDraft(["title": .text("Emma")])) }
      // A search index another program broke is that damage, named, for a typed write too.
      let other = try Connection(path: database.path, options: .init(create: false))
      other.setBusyTimeout(milliseconds: 5_000)
      try other.execute("DROP TABLE books_search_idx")
      #expect {
        try books.add(ShortBook(title: "Emma"))
      } throws: { error in
        guard case ListStoreError.bookkeepingDamaged(_, let detail) = error else { return false }
        return detail.hasPrefix("the search index of books is not whole")
      }
      #expect(try books.count() == 1)
    }
  }
}
