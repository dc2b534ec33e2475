import ListStoreTesting
import SQLiteCore
import Testing

@testable import ListStore

/// Changing one item by id, typed and by name, through the one update statement: every value
/// checked as an add checks it, the unique rule, one-per-account fields, the id, `added_at`,
/// the count, the order, the search index and the notifications.
@Suite struct ItemUpdateTests {
  static let clock = ListsDatabase.Configuration(now: { Timestamp(millisecondsSince1970: 7_000) })

  /// The file's rows and counts, to tell that a refused change left it as it was.
  static func state(_ path: String) throws -> [String] {
    try KindRegistryTests.rows(path, "SELECT * FROM books ORDER BY id")
      + KindRegistryTests.rows(path, "SELECT * FROM list_counts ORDER BY account, list")
  }

  /// An address in Berlin labelled `label`.
  static func address(_ label: String, isDefault: Bool = false) -> AddressDraft {
    AddressDraft(
      label: label, recipient: "Ann", line1: "Main 1", city: "Berlin", postalCode: "10115", country: "DE",
      isDefault: isDefault)
  }

  @Test func aTypedChangeWritesTheChangedFieldsAndKeepsTheRest() throws {
    try withTemporaryDatabase(configuration: Self.clock) { database in
      let books = try database.records(of: Book.self)
      let dune = try books.add(
        Book.Draft(title: "Dune", author: "Frank Herbert", pages: 412, addedAt: Timestamp(millisecondsSince1970: 5)))
      _ = try books.add(Book.Draft(title: "Emma"))
      let changed = try books.update(id: dune.id) {
        $0.status = "done"
        $0.pages = 500
        $0.price = try? Money(parsing: "12.50", currency: .eur)
        $0.finishedAt = Timestamp(millisecondsSince1970: 9_000)
        $0.signed = true
      }
      // The fields the change set, and every other as it was.
      #expect(changed.id == dune.id && changed.title == dune.title && changed.author == dune.author)
      #expect(changed.status == "done" && changed.pages == 500 && changed.signed)
      #expect(changed.price == (try Money(parsing: "12.50", currency: .eur)))
      #expect(changed.finishedAt == Timestamp(millisecondsSince1970: 9_000))
      #expect(try books.item(id: dune.id) == changed)
      // The id and the time it was added stay; the count does not change.
      #expect(changed.addedAt == Timestamp(millisecondsSince1970: 5))
      #expect(try books.count() == 2)
    }
  }

  @Test func aByNameChangeSetsAndUnsetsFields() throws {
    try withTemporaryDatabase { database in
      _ = try database.records(of: Book.self)
      let books = try database.items(of: "books")
      let dune = try books.add(
        DynamicDraft(["title": .text("Dune"), "author": .text("Frank Herbert"), "pages": .integer(412)]))
      let changed = try books.update(
        id: dune.id, setting: ["author": .null, "status": .text("reading"), "signed": .bool(true)])
      #expect(changed.value(of: "author", in: books.definition) == .null)
      #expect(changed.value(of: "status", in: books.definition) == .text("reading"))
      #expect(changed.value(of: "signed", in: books.definition) == .bool(true))
      #expect(changed.value(of: "pages", in: books.definition) == .integer(412))
      #expect(changed.addedAt == dune.addedAt)
      // Unset, a field with a default takes it again.
      let reset = try books.update(id: dune.id, setting: ["status": .null])
      #expect(reset.value(of: "status", in: books.definition) == .text("want"))
      // The closure form by name: a value removed is unset.
      let noPages = try books.update(id: dune.id) { $0.values["pages"] = nil }
      #expect(noPages.value(of: "pages", in: books.definition) == .null)
      #expect(try books.item(id: dune.id) == noPages)
    }
  }

  @Test(arguments: [
    ("title", FieldValue.text(String(repeating: "x", count: 301)), "The title must be at most 300 characters long."),
    ("title", FieldValue.text(""), "The title must not be empty."),
    ("title", FieldValue.null, "The title is required."),
    ("title", FieldValue.text("a\u{0}b"), "The title must not contain a NUL character."),
    ("title", FieldValue.integer(3), "The title must be a text."),
    ("pages", FieldValue.integer(0), "The pages must be at least 1."),
    ("pages", FieldValue.text("many"), "The pages must be an integer."),
    ("status", FieldValue.text("lost"), "The status must be one of want, reading, done."),
    ("signed", FieldValue.integer(1), "The signed must be a bool."),
    ("finished_at", FieldValue.text("today"), "The finished at must be a timestamp."),
    ("price", FieldValue.integer(1250), "The price must be a money."),
    ("isbn", FieldValue.text("x"), "The isbn is not a field of books."),
  ])
  func aRefusedValueNamesItsFieldAndChangesNothing(field: String, value: FieldValue, message: String) throws {
    try withTemporaryDatabase { database in
      _ = try database.records(of: Book.self)
      let books = try database.items(of: "books")
      let dune = try books.add(DynamicDraft(["title": .text("Dune"), "pages": .integer(412)]))
      let before = try Self.state(database.path)
      #expect {
        try books.update(id: dune.id, setting: ["author": .text("Frank Herbert"), field: value])
      } throws: { error in
        (error as? ListStoreError)?.message == message
      }
      #expect(try Self.state(database.path) == before)
    }
  }

  @Test func aPatternAndAnUppercaseFieldAreCheckedAsAnAddChecksThem() throws {
    try withTemporaryDatabase { database in
      let addresses = database.addresses()
      let home = try addresses.add(
        AddressDraft(label: "Home", recipient: "Ann", line1: "Main 1", city: "Berlin", postalCode: "10115", country: "DE"))
      #expect(try addresses.update(id: home.id) { $0.country = "fr" }.country == "FR")
      #expect {
        try addresses.update(id: home.id) { $0.country = "FRA" }
      } throws: { error in
        guard case ListStoreError.invalidValue(field: "country", _) = error else { return false }
        return true
      }
      #expect(try addresses.item(id: home.id)?.country == "FR")
    }
  }

  @Test func aMissingIdIsItsOwnErrorInEveryForm() throws {
    try withTemporaryDatabase { database in
      let books = try database.records(of: Book.self)
      _ = try books.add(Book.Draft(title: "Dune"))
      let expected = ListStoreError.itemsNotFound(kind: books.list, ids: [9], removing: false)
      #expect(expected.message == "No book with id 9.")
      #expect(throws: expected) { try books.update(id: 9) { $0.pages = 3 } }
      #expect(throws: expected) { try books.update(id: 9, setting: ["pages": .integer(3)]) }
      #expect(throws: expected) { try database.items(of: "books").update(id: 9, setting: ["pages": .integer(3)]) }
      #expect(throws: expected) { try database.items(of: "books").update(id: 9) { $0.values["pages"] = .integer(3) } }
      // Another account's item is not this account's.
      #expect(throws: ListStoreError.itemsNotFound(kind: books.list, ids: [1], removing: false)) {
        try database.records(of: Book.self, account: "other").update(id: 1, setting: ["pages": .integer(3)])
      }
    }
  }

  /// Every form of update, from async code through the access point, in one transaction.
  @Test func everyUpdateFormRunsInsideAnAwaitedWrite() async throws {
    try await withTemporaryDatabase { database in
      let dune = try database.records(of: Book.self).add(Book.Draft(title: "Dune"))
      let pages = try await database.write { transaction in
        let books = try transaction.records(of: Book.self)
        var pages = [try books.update(id: dune.id) { $0.pages = 3 }.pages]
        pages.append(try books.update(id: dune.id, setting: ["pages": .integer(4)]).pages)
        let byName = try transaction.items(of: "books")
        #expect(try byName.update(id: dune.id, setting: ["pages": .integer(5)]).values[2] == .integer(5))
        #expect(try byName.update(id: dune.id) { $0.values["pages"] = .integer(6) }.values[2] == .integer(6))
        let held = try #require(try books.item(id: dune.id))
        #expect(try books.update(held) { $0.pages = 7 } == true)
        #expect(throws: ListStoreError.itemsNotFound(kind: books.list, ids: [9], removing: false)) {
          try books.update(id: 9) { $0.pages = 3 }
        }
        return pages
      }
      #expect(pages == [3, 4])
      #expect(try await database.read { try $0.records(of: Book.self).item(id: dune.id)?.pages } == 7)
    }
  }

  @Test func aChangeThatMakesADuplicateIsRefusedWhicheverOnDuplicateSays() throws {
    try withTemporaryDatabase { database in
      // Reject: the books' rule.
      let books = try database.records(of: Book.self)
      _ = try books.add(Book.Draft(title: "Dune", author: "Frank Herbert"))
      let other = try books.add(Book.Draft(title: "Dune"))
      let before = try Self.state(database.path)
      let duplicate = ListStoreError.duplicateItem(
        kind: "books", item: "book", fields: ["title", "author"], values: ["Dune", "Frank Herbert"])
      #expect(throws: duplicate) { try books.update(id: other.id) { $0.author = "Frank Herbert" } }
      #expect(throws: duplicate) {
        try database.items(of: "books").update(id: other.id, setting: ["author": .text("Frank Herbert")])
      }
      #expect(try Self.state(database.path) == before)
      // Keep: adding again would change nothing, but an edit into a duplicate is refused.
      let shelves = try database.records(of: Shelf.self)
      _ = try shelves.add(Shelf.Draft(label: "Attic"))
      let cellar = try shelves.add(Shelf.Draft(label: "Cellar"))
      #expect(
        throws: ListStoreError.duplicateItem(kind: "shelves", item: "shelf", fields: ["label"], values: ["Attic"])
      ) { try shelves.update(id: cellar.id) { $0.label = "Attic" } }
      #expect(try shelves.item(id: cellar.id)?.label == "Cellar")
      // The built-in favorites keep duplicates too; the orders' typed error is theirs.
      let favorites = database.favorites()
      _ = try favorites.add(FavoriteDraft(ref: "P-1", title: "One"))
      let two = try favorites.add(FavoriteDraft(ref: "P-2", title: "Two"))
      #expect(throws: ListStoreError.duplicateItem(kind: "favorites", item: "favorite", fields: ["ref"], values: ["P-1"])) {
        try favorites.update(id: two.id) { $0.ref = "P-1" }
      }
      let orders = database.orders()
      _ = try orders.add(OrderDraft(number: "A-1", total: Money(parsing: "1", currency: .eur)))
      let second = try orders.add(OrderDraft(number: "A-2", total: Money(parsing: "1", currency: .eur)))
      #expect(throws: ListStoreError.duplicateItem(kind: "orders", item: "order", fields: ["number"], values: ["A-1"])) {
        try orders.update(id: second.id) { $0.number = "A-1" }
      }
      // Changing an item's unique fields to its own values is no duplicate.
      #expect(try books.update(id: other.id) { $0.title = "Dune" }.title == "Dune")
    }
  }

  @Test func settingTheDefaultAddressMovesIt() throws {
    try withTemporaryDatabase { database in
      let addresses = database.addresses()
      let home = try addresses.add(Self.address("Home", isDefault: true))
      let work = try addresses.add(Self.address("Work"))
      _ = try addresses.update(id: work.id) { $0.isDefault = true }
      #expect(try addresses.page(after: nil, limit: 5).items.map(\.label) == ["Work", "Home"])
      #expect(try addresses.item(id: home.id)?.isDefault == false)
      // By name, as `lists edit addresses 1 --default` does.
      let back = try database.items(of: "addresses").update(id: home.id, setting: ["is_default": .bool(true)])
      #expect(back.value(of: "is_default", in: .addresses) == .bool(true))
      #expect(try addresses.item(id: work.id)?.isDefault == false)
      // Unsetting it leaves the account without a default.
      _ = try addresses.update(id: home.id, setting: ["is_default": .bool(false)])
      #expect(try addresses.page(after: nil, limit: 5).items.map(\.isDefault) == [false, false])
      // A missing id does not take the mark from the default either.
      _ = try addresses.update(id: work.id) { $0.isDefault = true }
      #expect(throws: ListStoreError.itemsNotFound(kind: addresses.list, ids: [99], removing: false)) {
        try addresses.update(id: 99, setting: ["is_default": .bool(true)])
      }
      #expect(try addresses.item(id: work.id)?.isDefault == true)
      #expect(try addresses.count() == 2)
    }
  }

  @Test func anItemMovesOnlyWhenAFieldOfTheOrderChanged() throws {
    try withTemporaryDatabase { database in
      let orders = database.orders()
      let euro = Currency.eur
      for (number, time) in [("A-1", 1_000), ("A-2", 2_000), ("A-3", 3_000)] {
        _ = try orders.add(
          OrderDraft(number: number, total: Money(parsing: "1", currency: euro), placedAt: Timestamp(millisecondsSince1970: Int64(time))))
      }
      #expect(try orders.page(after: nil, limit: 5).items.map(\.number) == ["A-3", "A-2", "A-1"])
      _ = try orders.update(id: 1) { $0.status = .shipped }
      #expect(try orders.page(after: nil, limit: 5).items.map(\.number) == ["A-3", "A-2", "A-1"])
      _ = try orders.update(id: 1) { $0.placedAt = Timestamp(millisecondsSince1970: 9_000) }
      #expect(try orders.page(after: nil, limit: 5).items.map(\.number) == ["A-1", "A-3", "A-2"])
      #expect(try orders.item(id: 1)?.status == .shipped)
    }
  }

  @Test func theSearchIndexFollowsAnEditThroughTheStoreAndPlainSQL() throws {
    try withTemporaryDatabase { database in
      let books = try database.records(of: Book.self)
      let dune = try books.add(Book.Draft(title: "Dune", author: "Frank Herbert"))
      _ = try books.add(Book.Draft(title: "Emma", author: "Jane Austen"))
      func found(_ text: String) throws -> [Int64] {
        try books.page(matching: KindQuery(search: text), after: nil, limit: 10).items.map(\.id)
      }
      #expect(try found("dune") == [dune.id])
      _ = try books.update(id: dune.id) { $0.title = "Children of Dune" }
      #expect(try found("children") == [dune.id])
      _ = try database.items(of: "books").update(id: dune.id, setting: ["title": .text("Messiah")])
      #expect(try found("messiah") == [dune.id])
      #expect(try found("children").isEmpty)
      try KindRepositoryTests.runFromAnotherConnection(database.path, "UPDATE books SET title = 'Heretics' WHERE id = 1")
      #expect(try found("heretics") == [dune.id])
      #expect(try found("messiah").isEmpty)
      #expect(try HealthReport.inspect(path: database.path).isHealthy)
    }
  }

  @Test func aHeldItemIsChangedWithoutBeingReadAgain() throws {
    try withTemporaryDatabase(configuration: Self.clock) { database in
      let books = try database.records(of: Book.self)
      let held = try books.add(Book.Draft(title: "Dune", author: "Frank Herbert", pages: 412))
      // Another writer changes a field after the app read the item: the held item's change
      // writes only the field it changes, so the other writer's value stays.
      _ = try database.items(of: "books").update(id: held.id, setting: ["pages": .integer(500)])
      #expect(try books.update(held) { $0.status = "done" } == true)
      let stored = try #require(try books.item(id: held.id))
      #expect(stored.status == "done")
      #expect(stored.pages == 500)
      #expect(stored.addedAt == held.addedAt)
      #expect(try books.count() == 1)
      // A change that changes nothing writes and reads nothing, so not even the version moves.
      let version = try KindRegistryTests.rows(database.path, "SELECT version FROM list_counts WHERE list = 'books'")
      #expect(try books.update(held) { $0.title = "Dune" } == false)
      #expect(try KindRegistryTests.rows(database.path, "SELECT version FROM list_counts WHERE list = 'books'") == version)
    }
  }

  @Test func aHeldItemIsCheckedAsAnAddIsAndAGoneOneIsNotFound() throws {
    try withTemporaryDatabase { database in
      let books = try database.records(of: Book.self)
      let dune = try books.add(Book.Draft(title: "Dune", author: "Frank Herbert"))
      let other = try books.add(Book.Draft(title: "Dune"))
      let before = try Self.state(database.path)
      #expect(throws: ListStoreError.invalidValue(field: "status", reason: "must be one of want, reading, done")) {
        try books.update(dune) { $0.status = "lost" }
      }
      #expect(
        throws: ListStoreError.duplicateItem(
          kind: "books", item: "book", fields: ["title", "author"], values: ["Dune", "Frank Herbert"])
      ) { try books.update(other) { $0.author = "Frank Herbert" } }
      #expect(try Self.state(database.path) == before)
      try books.remove(ids: [other.id])
      #expect(throws: ListStoreError.itemsNotFound(kind: books.list, ids: [other.id], removing: false)) {
        try books.update(other) { $0.pages = 3 }
      }
    }
  }

  @Test func aChangeThatChangesNothingWritesNothing() throws {
    try withTemporaryDatabase { database in
      let books = try database.records(of: Book.self)
      let dune = try books.add(Book.Draft(title: "Dune"))
      let version = try KindRegistryTests.rows(database.path, "SELECT version FROM list_counts WHERE list = 'books'")
      #expect(try books.update(id: dune.id) { $0.title = "Dune" } == dune)
      #expect(try KindRegistryTests.rows(database.path, "SELECT version FROM list_counts WHERE list = 'books'") == version)
    }
  }

  @Test func aTypedChangeLeavesAFieldTheRecordDoesNotKnow() throws {
    try withTemporaryDatabase { database in
      var newer = Book.definition
      newer.fields.append(FieldDefinition("isbn", .text()))
      try database.registerKind(newer)
      let byName = try database.items(of: "books")
      let dune = try byName.add(DynamicDraft(["title": .text("Dune"), "isbn": .text("978-0441013593")]))
      _ = try database.records(of: Book.self).update(id: dune.id) { $0.pages = 10 }
      let stored = try byName.item(id: dune.id)
      #expect(stored?.value(of: "isbn", in: newer) == .text("978-0441013593"))
      #expect(stored?.value(of: "pages", in: newer) == .integer(10))
    }
  }

  @Test func anEditIsHeardByObserversAndJoinsAnOpenTransaction() async throws {
    try await withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path(), configuration: .init(changePollInterval: .seconds(60)))
      let books = try database.records(of: Book.self)
      let dune = try books.add(Book.Draft(title: "Dune"))
      let changes = try books.changes()
      _ = try books.update(id: dune.id) { $0.pages = 2 }
      // The poller is 60 s away: only the direct report can deliver this.
      let heard = await result(within: .seconds(5)) { () async -> Bool? in
        var iterator = changes.makeAsyncIterator()
        return await iterator.next() != nil
      }
      #expect(heard == true)
      try Self.editInTransactions(database, id: dune.id)
      #expect(try books.count() == 1)
    }
  }

  @Test func aFailedUpdateCaughtInsideATransactionLeavesNothingBehind() throws {
    try withTemporaryDatabase { database in
      let addresses = database.addresses()
      let home = try addresses.add(Self.address("Home", isDefault: true))
      let work = try addresses.add(Self.address("Work"))
      let books = try database.records(of: Book.self)
      _ = try books.add(Book.Draft(title: "Dune", author: "Frank Herbert"))
      let emma = try books.add(Book.Draft(title: "Emma"))
      try database.write { transaction in
        let addresses = transaction.addresses()
        // The default is cleared on the others before the update finds no item: rolled back.
        #expect(throws: ListStoreError.itemsNotFound(kind: addresses.list, ids: [99], removing: false)) {
          try addresses.update(id: 99, setting: ["is_default": .bool(true)])
        }
        #expect(throws: ListStoreError.self) {
          try transaction.records(of: Book.self).update(id: emma.id) { $0.title = "Dune"; $0.author = "Frank Herbert" }
        }
        try addresses.update(id: work.id, setting: ["phone": .text("1")])
      }
      #expect(try addresses.item(id: home.id)?.isDefault == true)
      #expect(try addresses.item(id: work.id)?.phone == "1")
      #expect(try books.item(id: emma.id)?.title == "Emma")
    }
  }

  /// A failing transaction leaves the item as it was; a committed one has both changes.
  static func editInTransactions(_ database: ListsDatabase, id: Int64) throws {
    let books = try database.records(of: Book.self)
    #expect(throws: ListStoreError.self) {
      try database.write { transaction in
        try transaction.records(of: Book.self).update(id: id) { $0.pages = 3 }
        try transaction.records(of: Book.self).update(id: 42) { $0.pages = 4 }
      }
    }
    #expect(try books.item(id: id)?.pages == 2)
    try database.write { transaction in
      try transaction.records(of: Book.self).update(id: id) { $0.pages = 5 }
      try transaction.items(of: "books").update(id: id, setting: ["status": .text("done")])
    }
    #expect(try books.item(id: id).map { [$0.pages.map(String.init), $0.status] } == ["5", "done"])
  }
}

/// An import that updates: lines matching a stored item change it, the others are added, all
/// or nothing.
@Suite struct ImportUpdateTests {
  @Test func matchedLinesChangeTheirFieldsAndTheOthersAreAdded() throws {
    try withTemporaryDatabase { database in
      _ = try database.records(of: Book.self)
      let books = try database.items(of: "books")
      let dune = try books.add(DynamicDraft(["title": .text("Dune"), "author": .text("Frank Herbert"), "pages": .integer(412)]))
      let emma = try books.add(DynamicDraft(["title": .text("Emma"), "status": .text("reading")]))
      var lines: ArraySlice<KindItems.ImportLine> = [
        .init(values: ["title": .text("Dune"), "author": .text("Frank Herbert"), "status": .text("done")]),
        .init(values: ["title": .text("Emma"), "author": .null, "pages": .integer(474)]),
        .init(values: ["title": .text("Ulysses"), "author": .null]),
      ]
      let counts = try books.importItems(updatingBy: .uniqueFields) { lines.popFirst() }
      #expect(counts.added == 1 && counts.updated == 2)
      let definition = books.definition
      let changed = try #require(try books.item(id: dune.id))
      #expect(changed.value(of: "status", in: definition) == .text("done"))
      #expect(changed.value(of: "pages", in: definition) == .integer(412))
      #expect(changed.addedAt == dune.addedAt)
      let emmaNow = try #require(try books.item(id: emma.id))
      #expect(emmaNow.value(of: "pages", in: definition) == .integer(474))
      #expect(emmaNow.value(of: "status", in: definition) == .text("reading"))
      #expect(try books.count() == 3)

      var byID: ArraySlice<KindItems.ImportLine> = [
        .init(id: emma.id, values: ["pages": .null]), .init(id: 99, values: ["title": .text("Middlemarch")]),
      ]
      let byIDCounts = try books.importItems(updatingBy: .id) { byID.popFirst() }
      #expect(byIDCounts.added == 1 && byIDCounts.updated == 1)
      #expect(try books.item(id: emma.id)?.value(of: "pages", in: definition) == .null)
      #expect(try books.item(id: 99) == nil)
      #expect(try books.count() == 4)
    }
  }

  @Test func aFailingLineLeavesEverythingAsItWas() throws {
    try withTemporaryDatabase { database in
      _ = try database.records(of: Book.self)
      let books = try database.items(of: "books")
      _ = try books.add(DynamicDraft(["title": .text("Dune"), "author": .text("Frank Herbert")]))
      _ = try books.add(DynamicDraft(["title": .text("Emma")]))
      let before = try ItemUpdateTests.state(database.path)
      for (match, failing) in [
        // A change into a duplicate of another item.
        (KindItems.ImportMatch.id, KindItems.ImportLine(id: 2, values: ["title": .text("Dune"), "author": .text("Frank Herbert")])),
        // A refused value on a matched line.
        (.uniqueFields, KindItems.ImportLine(values: ["title": .text("Emma"), "pages": .integer(0)])),
        // An added line without its required field.
        (.id, KindItems.ImportLine(id: 42, values: ["pages": .integer(3)])),
      ] {
        var lines: ArraySlice<KindItems.ImportLine> = [
          .init(id: 1, values: ["title": .text("Dune"), "author": .text("Frank Herbert"), "status": .text("done")]),
          .init(values: ["title": .text("Persuasion")]), failing,
        ]
        #expect {
          try books.importItems(updatingBy: match) { lines.popFirst() }
        } throws: { error in
          guard case ListStoreError.importRejected(position: 3, _) = error else { return false }
          return true
        }
        #expect(try ItemUpdateTests.state(database.path) == before)
      }
    }
  }

  @Test func matchingOnUniqueFieldsNeedsAUniqueRule() throws {
    try withTemporaryDatabase { database in
      let kind = KindDefinition(name: "notes", item: "note", fields: [FieldDefinition("text", .text(), required: true)])
      try database.registerKind(kind)
      #expect(throws: ListStoreError.self) {
        try database.items(of: "notes").importItems(updatingBy: .uniqueFields) { nil }
      }
    }
  }
}

/// An edit of a kind with a remote is a local write like any other, recorded as a change the
/// remote has not answered: no pull overwrites or removes the item until it is answered.
@Suite struct SyncedItemEditTests {
  @Test func noPullOverwritesOrRemovesAnEditedItem() throws {
    try withTemporaryDatabase { database in
      _ = try database.records(of: Book.self)
      let books = try database.items(of: "books")
      func page(_ number: Int, _ ids: [Int]) -> RemotePageWrite {
        RemotePageWrite(
          remoteURL: "http://127.0.0.1:1/items", number: number,
          items: ids.map {
            RemoteDraft(
              remoteID: String($0), remoteIDIsInteger: true,
              draft: DynamicDraft(["title": .text("B\($0)"), "pages": .integer(10)]))
          }, nextCursor: number == 1 ? "c2" : nil)
      }
      let first = try books.replica.writeRemotePage(page(1, [1]))
      _ = try books.replica.writeRemotePage(page(2, [2]))
      let ids = try books.page(after: nil, limit: 10).items.map(\.id).sorted()
      for id in ids {
        _ = try books.update(id: id, setting: ["title": .text("Mine \(id)"), "status": .text("done"), "pages": .null])
      }
      #expect(try books.replica.syncChanges().map(\.operation) == [.update, .update])
      #expect(try books.replica.syncChanges()[0].fields.sorted() == ["pages", "status", "title"])
      // A refresh's first page holds r1: the person's values stay, the remote's are its base.
      let refreshed = try books.replica.writeRemotePage(page(1, [1]))
      #expect(refreshed.state.generation == first.state.generation + 1)
      let r1 = try #require(try books.item(id: ids[0]))
      #expect(r1.value(of: "title", in: books.definition) == .text("Mine \(ids[0])"))
      #expect(r1.value(of: "status", in: books.definition) == .text("done"))
      #expect(r1.value(of: "pages", in: books.definition) == .null)
      // r2 is on no page of a complete walk, but its change waits: it stays too.
      _ = try books.replica.writeRemotePage(
        RemotePageWrite(
          remoteURL: "http://127.0.0.1:1/items", number: 2, items: [], nextCursor: nil,
          generation: refreshed.state.generation))
      #expect(try books.count() == 2)
      #expect(try books.item(id: ids[1])?.value(of: "title", in: books.definition) == .text("Mine \(ids[1])"))
    }
  }
}
