import Foundation
import SQLiteCore
import ListStoreTesting
import Testing

@testable import ListStore

/// The generic repository on a kind this package does not know: everything the built-in
/// lists do, made from the definition.
@Suite struct KindItemsTests {
  static func books(_ folder: TemporaryFolder) throws -> (ListsDatabase, KindItems) {
    let database = try ListsDatabase(path: folder.path())
    try database.registerKind(KindRegistryTests.books)
    return (database, try database.items(of: "books"))
  }

  static func title(_ item: DynamicItem) -> String? {
    if case .text(let text)? = item.value(of: "title", in: KindRegistryTests.books) { return text }
    return nil
  }

  @Test func addReadCountAndRemove() throws {
    try withTemporaryFolder { folder in
      let (database, books) = try Self.books(folder)
      #expect(try books.isEmpty())
      let price = try Money(parsing: "12.50", currency: .eur)
      let dune = try books.add(
        DynamicDraft(["title": .text("Dune"), "author": .text("Herbert"), "pages": .integer(412), "price": .money(price)]))
      #expect(Self.title(dune) == "Dune")
      #expect(dune.value(of: "status", in: books.definition) == .text("want"))
      #expect(dune.value(of: "signed", in: books.definition) == .bool(false))
      #expect(dune.value(of: "price", in: books.definition) == .money(price))
      #expect(dune.addedAt != nil)
      #expect(try books.item(id: dune.id) == dune)
      #expect(try books.count() == 1)
      #expect(try database.items(of: "books", account: "other").count() == 0)
      #expect(throws: ListStoreError.itemsNotFound(kind: KindName(rawValue: "books")!, ids: [99], removing: true)) {
        try books.remove(ids: [dune.id, 99])
      }
      #expect(try books.count() == 1)
      try books.remove(ids: [dune.id])
      #expect(try books.isEmpty())
      #expect(throws: ListStoreError.unknownKind("films")) { try database.items(of: "films") }
    }
  }

  @Test func valuesAreCheckedAndDuplicatesRejected() throws {
    try withTemporaryFolder { folder in
      let (_, books) = try Self.books(folder)
      try books.add(DynamicDraft(["title": .text("Dune")]))
      let refused: [(DynamicDraft, ListStoreError)] = [
        (DynamicDraft(["author": .text("Nobody")]), .invalidValue(field: "title", reason: "is required")),
        (DynamicDraft(["title": .text("")]), .invalidValue(field: "title", reason: "must not be empty")),
        (DynamicDraft(["title": .text("A"), "pages": .integer(0)]), .invalidValue(field: "pages", reason: "must be at least 1")),
        (DynamicDraft(["title": .text("B"), "status": .text("lost")]), .invalidValue(field: "status", reason: "must be one of want, reading, done")),
        (DynamicDraft(["title": .text("C"), "pages": .text("many")]), .invalidValue(field: "pages", reason: "must be an integer")),
        (DynamicDraft(["title": .text("D"), "isbn": .text("1")]), .invalidValue(field: "isbn", reason: "is not a field of books")),
        (DynamicDraft(["title": .text("Dune")]), .duplicateItem(kind: "books", item: "book", fields: ["title", "author"], values: ["Dune", ""])),
      ]
      for (draft, error) in refused {
        #expect(throws: error) { try books.add(draft) }
      }
      #expect(try books.count() == 1)
    }
  }

  @Test func aKindThatKeepsDuplicatesAndOneDefaultPerAccount() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      try database.registerKind(
        KindDefinition(
          name: "shelves", item: "shelf",
          fields: [
            FieldDefinition("label", .text(), required: true),
            FieldDefinition("main", .bool, default: .bool(false), onePerAccount: true),
          ],
          unique: UniqueRule(["label"], onDuplicate: .keep)))
      let shelves = try database.items(of: "shelves")
      let first = try shelves.add(DynamicDraft(["label": .text("Hall"), "main": .bool(true)]))
      let again = try shelves.addIfMissing(DynamicDraft(["label": .text("Hall")]))
      #expect(!again.added && again.item == first)
      let second = try shelves.add(DynamicDraft(["label": .text("Attic"), "main": .bool(true)]))
      #expect(try shelves.item(id: first.id)?.values[1] == .bool(false))
      #expect(second.values[1] == .bool(true))
      #expect(try shelves.count() == 2)
      // A kept duplicate that asks to be the main one changes nothing, the others included.
      let kept = try shelves.addIfMissing(DynamicDraft(["label": .text("Hall"), "main": .bool(true)]))
      #expect(!kept.added && kept.item.values[1] == .bool(false))
      #expect(try shelves.item(id: second.id)?.values[1] == .bool(true))
    }
  }

  @Test func pagesWalkWithoutGapOrRepeatAndCursorsAreBound() throws {
    try withTemporaryFolder { folder in
      let (database, books) = try Self.books(folder)
      // Ties on added_at: the id breaks them.
      var time: Int64 = 1_700_000_000_000
      for index in 0..<53 {
        if index % 4 == 0 { time += 1000 }
        try books.add(DynamicDraft(["title": .text("Book \(index)")], addedAt: Timestamp(millisecondsSince1970: time)))
      }
      var seen: [Int64] = []
      var cursor: ListCursor?
      repeat {
        let page = try books.page(after: cursor.map { ListCursor($0.token) }, limit: 10)
        seen += page.items.map(\.id)
        cursor = page.nextCursor
      } while cursor != nil
      var expected: [Int64] = []
      try books.export { expected.append($0.id) }
      #expect(seen == expected)
      #expect(Set(seen).count == 53)
      let next = try #require(try books.page(after: nil, limit: 5).nextCursor)
      #expect(throws: ListStoreError.invalidCursor(kind: KindName(rawValue: "books")!)) {
        try database.items(of: "books", account: "other").page(after: ListCursor(next.token), limit: 5)
      }
      let orderCursor = try #require(try database.orders().page(after: nil, limit: 1).nextCursor ?? Optional(next))
      #expect(throws: ListStoreError.invalidCursor(kind: KindName(rawValue: "books")!)) { try books.validate(ListCursor("AQ" + orderCursor.token)) }
      #expect(throws: ListStoreError.invalidCursor(kind: KindName(rawValue: "books")!)) { try books.validate(ListCursor("junk")) }
    }
  }

  @Test func importIsAllOrNothingAndCountsFollowPlainSQL() throws {
    try withTemporaryFolder { folder in
      let (_, books) = try Self.books(folder)
      var drafts = [DynamicDraft(["title": .text("A")]), DynamicDraft(["title": .text("B")]), DynamicDraft(["pages": .integer(3)])]
      #expect(throws: ListStoreError.importRejected(position: 3, reason: .invalidValue(field: "title", reason: "is required"))) {
        try books.importItems { drafts.isEmpty ? nil : drafts.removeFirst() }
      }
      #expect(try books.count() == 0)
      drafts = [DynamicDraft(["title": .text("A")]), DynamicDraft(["title": .text("B")])]
      #expect(try books.importItems { drafts.isEmpty ? nil : drafts.removeFirst() } == 2)
      try Connection(path: folder.path()).executeScript("INSERT INTO books (title) VALUES ('C'); DELETE FROM books WHERE title = 'A'")
      #expect(try books.count() == 2)
      #expect(try books.clear() == 2)
      #expect(try books.isEmpty())
    }
  }

  @Test func writesOfAnotherConnectionAreNotified() async throws {
    try await withTemporaryFolder { folder in
      let database = try ListsDatabase(
        path: folder.path(), configuration: .init(changePollInterval: .milliseconds(10)))
      try database.registerKind(KindRegistryTests.books)
      let books = try database.items(of: "books")
      let changes = try books.changes()
      try Connection(path: folder.path()).execute("INSERT INTO books (title) VALUES ('Dune')")
      let heard = await withTaskGroup(of: Bool.self) { group in
        group.addTask {
          for await _ in changes { return true }
          return false
        }
        group.addTask {
          try? await Task.sleep(for: deliveryBound)
          return false
        }
        let first = await group.next() ?? false
        group.cancelAll()
        return first
      }
      #expect(heard)
    }
  }
}
