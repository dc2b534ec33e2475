import ListPaging
import ListStoreTesting
import SQLiteCore
import Testing

@testable import ListStore

/// The typed repository of an app's kind: everything the built-in lists have, for a record type.
@Suite struct KindRepositoryTests {
  /// Runs `sql` on a plain connection of its own: another program writing the file.
  static func runFromAnotherConnection(_ path: String, _ sql: String) throws {
    let other = try Connection(path: path, options: .init(create: false))
    other.setBusyTimeout(milliseconds: 5_000)
    try other.execute(sql)
  }

  @Test func theKindIsRegisteredOnFirstUse() throws {
    try withTemporaryDatabase { database in
      #expect(try database.kind(named: "books") == nil)
      let books = try database.records(of: Book.self)
      #expect(try database.kind(named: "books")?.definition == Book.definition)
      #expect(try books.isEmpty())
      // Asked again, nothing is registered twice.
      _ = try database.records(of: Book.self, account: "other")
      #expect(try database.kinds().filter { $0.name == "books" }.count == 1)
    }
  }

  @Test func aStoredDefinitionThatAddsAnOptionalFieldIsUsedWithoutIt() throws {
    try withTemporaryDatabase { database in
      var newer = Book.definition
      newer.fields.append(FieldDefinition("isbn", .text()))
      try database.registerKind(Book.definition)
      try database.updateKind(newer)
      let books = try database.records(of: Book.self)
      let dune = try books.add(Book.Draft(title: "Dune"))
      #expect(try books.item(id: dune.id) == dune)
      #expect(try database.kind(named: "books")?.definition == newer)
    }
  }

  @Test func aStoredDefinitionThatDiffersIncompatiblyIsRefused() throws {
    try withTemporaryDatabase { database in
      var other = Book.definition
      other.fields[2] = FieldDefinition("pages", .text())
      try database.registerKind(other)
      #expect {
        try database.records(of: Book.self)
      } throws: { error in
        guard case ListStoreError.invalidDefinition(let message) = error else { return false }
        return message.contains("pages")
      }
    }
  }

  @Test func addReadsBackEveryFieldAndItemCountAndRemove() throws {
    try withTemporaryDatabase(
      configuration: .init(now: { Timestamp(millisecondsSince1970: 7_000) })
    ) { database in
      let books = try database.records(of: Book.self)
      let price = try Money(parsing: "12.50", currency: .eur)
      let dune = try books.add(
        Book.Draft(title: "Dune", author: "Herbert", pages: 412, price: price))
      #expect(
        dune.title == "Dune" && dune.author == "Herbert" && dune.pages == 412 && dune.price == price
      )
      #expect(dune.status == "want" && !dune.signed && dune.finishedAt == nil)
      #expect(dune.addedAt == Timestamp(millisecondsSince1970: 7_000))
      #expect(try books.item(id: dune.id) == dune)
      #expect(try books.count() == 1)
      #expect(try database.records(of: Book.self, account: "other").item(id: dune.id) == nil)
      #expect(throws: ListStoreError.itemsNotFound(kind: KindName(rawValue: "books")!, ids: [99], removing: true)) {
        try books.remove(ids: [dune.id, 99])
      }
      #expect(try books.count() == 1)
      try books.remove(ids: [dune.id])
      #expect(try books.isEmpty())
      #expect(throws: ListStoreError.invalidValue(field: "pages", reason: "must be at least 1")) {
        try books.add(Book.Draft(title: "Zero", pages: 0))
      }
      #expect(
        throws: ListStoreError.invalidValue(
          field: "status", reason: "must be one of want, reading, done")
      ) {
        try books.add(Book.Draft(title: "Lost", status: "lost"))
      }
      #expect(try books.isEmpty())
    }
  }

  @Test func aWalkOfAThousandItemsWithTiedTimesHasNoGapAndNoRepeat() throws {
    try withTemporaryDatabase { database in
      let books = try database.records(of: Book.self)
      // Ten items share each added_at: only the id tells them apart.
      let drafts = (0..<1_000).map { index in
        Book.Draft(
          title: "Book \(index)", addedAt: Timestamp(millisecondsSince1970: Int64(index / 10)))
      }
      #expect(try books.importItems(drafts) == 1_000)
      #expect(try books.count() == 1_000)

      var seen: [Book] = []
      var cursor: ListCursor?
      var pages = 0
      repeat {
        let page = try books.page(after: cursor.map { ListCursor($0.token) }, limit: 37)
        seen += page.items
        cursor = page.nextCursor
        pages += 1
      } while cursor != nil && pages < 100
      #expect(pages == 28)
      #expect(seen.count == 1_000)
      #expect(Set(seen.map(\.id)).count == 1_000)
      let expected = seen.sorted {
        ($0.addedAt.millisecondsSince1970, $0.id) > ($1.addedAt.millisecondsSince1970, $1.id)
      }
      #expect(seen.map(\.id) == expected.map(\.id))
      var exported: [Int64] = []
      try books.export { exported.append($0.id) }
      #expect(exported == seen.map(\.id))
    }
  }

  @Test func aCursorOfAnotherAccountOrKindIsRefused() throws {
    try withTemporaryDatabase { database in
      let books = try database.records(of: Book.self)
      try books.importItems((0..<3).map { Book.Draft(title: "B\($0)") })
      let cursor = try #require(try books.page(after: nil, limit: 1).nextCursor)
      let other = try database.records(of: Book.self, account: "other")
      #expect(throws: ListStoreError.invalidCursor(kind: KindName(rawValue: "books")!)) {
        try other.page(after: cursor, limit: 1)
      }
      #expect(throws: ListStoreError.invalidCursor(kind: KindName(rawValue: "books")!)) {
        try other.validate(ListCursor(cursor.token))
      }
      try database.orders().importItems(orderDrafts(3))
      let orderCursor = try #require(try database.orders().page(after: nil, limit: 1).nextCursor)
      #expect(throws: ListStoreError.invalidCursor(kind: KindName(rawValue: "books")!)) {
        try books.validate(orderCursor)
      }
      try books.validate(ListCursor(cursor.token))
    }
  }

  @Test func countsFollowPlainSQLFromAnotherConnection() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let books = try database.records(of: Book.self)
      try books.add(Book.Draft(title: "Dune"))
      try Self.runFromAnotherConnection(
        folder.path(),
        "INSERT INTO books (account, title) VALUES ('default', 'Emma'), ('default', 'Ulysses'), ('other', 'Ada')"
      )
      #expect(try books.count() == 3)
      #expect(try database.records(of: Book.self, account: "other").count() == 1)
      try Self.runFromAnotherConnection(
        folder.path(), "DELETE FROM books WHERE title IN ('Dune', 'Emma')")
      #expect(try books.count() == 1)
      #expect(try books.page(after: nil, limit: 10).items.map(\.title) == ["Ulysses"])
    }
  }

  @Test func duplicatesAreRejectedOrKeptAsTheKindSays() throws {
    try withTemporaryDatabase { database in
      let books = try database.records(of: Book.self)
      try books.add(Book.Draft(title: "Dune", author: "Herbert"))
      let duplicate = ListStoreError.duplicateItem(
        kind: "books", item: "book", fields: ["title", "author"], values: ["Dune", "Herbert"])
      #expect(throws: duplicate) { try books.add(Book.Draft(title: "Dune", author: "Herbert")) }
      #expect(throws: ListStoreError.importRejected(position: 2, reason: duplicate)) {
        try books.importItems([
          Book.Draft(title: "Emma"), Book.Draft(title: "Dune", author: "Herbert"),
        ])
      }
      #expect(try books.count() == 1)

      let shelves = try database.records(of: Shelf.self)
      let hall = try shelves.add(Shelf.Draft(label: "Hall", main: true))
      // Adding it again changes nothing, not even the main mark of another shelf.
      let attic = try shelves.add(Shelf.Draft(label: "Attic"))
      #expect(try shelves.add(Shelf.Draft(label: "Hall", main: false)) == hall)
      #expect(try shelves.add(Shelf.Draft(label: "Attic", main: true)) == attic)
      #expect(try shelves.item(id: hall.id)?.main == true)
      #expect(
        try shelves.importItems([Shelf.Draft(label: "Hall"), Shelf.Draft(label: "Cellar")]) == 1)
      #expect(try shelves.count() == 3)
      // A new main shelf clears the old one's mark.
      let cellar = try shelves.add(Shelf.Draft(label: "Garage", main: true))
      #expect(try shelves.item(id: hall.id)?.main == false)
      #expect(try shelves.item(id: cellar.id)?.main == true)
    }
  }

  @Test func theLoaderGoesFromEmptyToContentAndPagesToTheEnd() async throws {
    try await withTemporaryDatabase { database in
      let books = try database.records(of: Book.self)
      let loader = books.loader(pageSize: 2)
      let (_, transitions) = loader.subscribe()
      #expect(await loader.loadNextPage().phase == .empty)
      try books.importItems(
        (1...3).map {
          Book.Draft(title: "B\($0)", addedAt: Timestamp(millisecondsSince1970: Int64($0)))
        })
      let refreshed = await loader.refresh()
      #expect(refreshed.phase == .content)
      #expect(refreshed.items.map(\.title) == ["B3", "B2"])
      let last = await loader.loadNextPage()
      #expect(last.endReached && last.items.map(\.title) == ["B3", "B2", "B1"])
      var phases: [String] = []
      for await transition in transitions {
        phases.append("\(transition.previousPhase) → \(transition.state.phase)")
        if transition.state.endReached && transition.state.phase == .content { break }
      }
      #expect(
        phases == [
          "idle → loading", "loading → empty", "empty → loading", "loading → content",
          "content → content", "content → content",
        ])
    }
  }

  @Test func changesYieldAfterAnotherConnectionsWrite() async throws {
    try await withTemporaryFolder { folder in
      let database = try ListsDatabase(
        path: folder.path(), configuration: .init(changePollInterval: .milliseconds(10)))
      let books = try database.records(of: Book.self)
      let changes = try books.changes()
      try Self.runFromAnotherConnection(
        folder.path(), "INSERT INTO books (account, title) VALUES ('default', 'Emma')")
      let heard = await result(within: deliveryBound) { () async -> Bool? in
        var iterator = changes.makeAsyncIterator()
        return await iterator.next() != nil
      }
      #expect(heard == true)
      #expect(try books.count() == 1)
    }
  }
}
