import ListStoreTesting
import SQLiteCore
import Testing

@testable import ListStore

/// The outbox of a synced kind: every write of the person's (the store's, another program's plain
/// SQL) recorded and folded in its own transaction; the sync's own pages never recorded; pulls
/// that never lose or hide what the person changed.
@Suite struct SyncOutboxTests {
  static let json = """
    {"name": "books", "item": "book",
     "fields": [{"name": "title", "type": "text", "required": true},
                {"name": "author", "type": "text"},
                {"name": "price", "type": "money"}]}
    """
  static let url = "http://127.0.0.1:1/books"

  static func books(_ database: ListsDatabase, account: String = "default") throws -> KindItems {
    if try database.kind(named: "books") == nil { _ = try database.registerKind(try KindDefinition(json: json)) }
    return try database.items(of: "books", account: account)
  }

  /// A remote page of books `ids` (title `B<id>`), the last when `next` is nil.
  static func page(_ number: Int, _ ids: [Int], next: String?, generation: Int64? = nil, title: String = "B")
    -> RemotePageWrite
  {
    RemotePageWrite(
      remoteURL: url, number: number,
      items: ids.map {
        RemoteDraft(
          remoteID: "r\($0)", remoteIDIsInteger: false, draft: DynamicDraft(["title": .text("\(title)\($0)")]),
          version: RemoteToken(text: "1", isInteger: true), base: #"{"id":"r\#($0)","title":"\#(title)\#($0)"}"#)
      }, nextCursor: next, generation: generation)
  }

  static func titles(_ items: KindItems) throws -> Set<String> {
    Set(
      try items.page(after: nil, limit: 500).items.map {
        if case .text(let title) = $0.values[0] { return title }
        return "?"
      })
  }

  static func run(_ path: String, _ sql: String) throws {
    let other = try Connection(path: path, options: .init(create: false))
    other.setBusyTimeout(milliseconds: 5_000)
    try other.executeScript(sql)
  }

  static func shape(_ changes: [SyncChange]) -> [String] {
    changes.map { "\($0.operation.rawValue) \($0.itemID)\($0.fields.isEmpty ? "" : " " + $0.fields.sorted().joined(separator: ","))" }
  }

  @Test func aPulledPageIsNotRecordedAsThePersonsChanges() throws {
    try withTemporaryDatabase { database in
      let books = try Self.books(database)
      _ = try books.replica.writeRemotePage(Self.page(1, [1, 2], next: "c2"))
      _ = try books.replica.writeRemotePage(Self.page(1, [1, 2], next: nil, title: "New "))
      #expect(try books.replica.syncChanges().isEmpty)
      #expect(try books.replica.syncChangeCounts() == SyncChangeCounts())
      #expect(try Self.titles(books) == ["New 1", "New 2"])
    }
  }

  @Test func theOutboxIndexOfAnOlderBuildIsMadeAgainByTheNextSyncWrite() throws {
    try withTemporaryDatabase { database in
      let books = try Self.books(database)
      _ = try books.replica.writeRemotePage(Self.page(1, [1, 2], next: nil))
      try Self.run(
        database.path,
        "DROP INDEX list_changes_by_item; CREATE INDEX list_changes_by_item ON list_changes (kind, account, item_id, state);")
      _ = try books.replica.writeRemotePage(Self.page(1, [1, 2], next: nil))
      let index = try Connection(path: database.path, options: .init(create: false))
      let statement = try index.prepare("SELECT sql FROM sqlite_schema WHERE name = 'list_changes_by_item'")
      #expect(try statement.step())
      #expect(statement.text(at: 0) == "CREATE INDEX list_changes_by_item ON list_changes (item_id)")
      // The changes are still found by item: a pull keeps an item with one waiting.
      let one = try #require(try books.page(after: nil, limit: 10).items.first { $0.values[0] == .text("B1") }).id
      _ = try books.update(id: one, setting: ["title": .text("Mine")])
      _ = try books.replica.writeRemotePage(Self.page(1, [1, 2], next: nil, title: "New "))
      #expect(try Self.titles(books) == ["Mine", "New 2"])
    }
  }

  @Test func everyLocalWriteIsRecordedAndFolded() throws {
    try withTemporaryDatabase { database in
      let books = try Self.books(database)
      _ = try books.replica.writeRemotePage(Self.page(1, [1, 2, 3], next: nil))
      let ids = try books.page(after: nil, limit: 10).items.map(\.id).sorted()
      // A new item, edited twice: one add.
      let added = try books.add(DynamicDraft(["title": .text("Local")]))
      try Self.run(database.path, "UPDATE books SET author = 'Me' WHERE id = \(added.id)")
      try Self.run(database.path, "UPDATE books SET title = 'Local 2' WHERE id = \(added.id)")
      // A new item, then removed: nothing.
      let gone = try books.add(DynamicDraft(["title": .text("Gone")]))
      try books.remove(ids: [gone.id])
      // A synced item edited twice: one update of both fields; a money field is one field.
      try Self.run(database.path, "UPDATE books SET title = 'T' WHERE id = \(ids[0])")
      try Self.run(
        database.path, "UPDATE books SET price_minor = 100, price_currency = 'EUR' WHERE id = \(ids[0])")
      // A synced item edited, then removed: one remove.
      try Self.run(database.path, "UPDATE books SET author = 'X' WHERE id = \(ids[1])")
      try books.remove(ids: [ids[1]])
      // An update that changes nothing records nothing.
      try Self.run(database.path, "UPDATE books SET title = title WHERE id = \(ids[2])")
      #expect(
        Self.shape(try books.replica.syncChanges()) == [
          "add \(added.id)", "update \(ids[0]) price,title", "remove \(ids[1])",
        ])
      #expect(try books.replica.syncChanges().allSatisfy { $0.state == .pending })
      // A change gets its id when it is first sent, not when it is recorded.
      #expect(try books.replica.syncChanges().allSatisfy { $0.changeID == nil })
      #expect(try books.replica.syncChangeCounts() == SyncChangeCounts(pending: 3))
    }
  }

  @Test func anotherAccountAndAnUnsyncedKindRecordNothing() throws {
    try withTemporaryDatabase { database in
      let books = try Self.books(database)
      try books.add(DynamicDraft(["title": .text("Before any sync")]))
      #expect(try books.replica.syncChanges().isEmpty)
      _ = try books.replica.writeRemotePage(Self.page(1, [1], next: nil))
      let other = try Self.books(database, account: "other")
      try other.add(DynamicDraft(["title": .text("Other account")]))
      #expect(try other.replica.syncChanges().isEmpty)
    }
  }

  @Test func itemsAddedBeforeTheFirstSyncBecomePendingAddsOnce() throws {
    try withTemporaryDatabase { database in
      let books = try Self.books(database)
      let early = try books.add(DynamicDraft(["title": .text("Early")]))
      _ = try books.replica.writeRemotePage(Self.page(1, [1], next: "c2"))
      _ = try books.replica.writeRemotePage(Self.page(1, [1], next: nil))
      #expect(Self.shape(try books.replica.syncChanges()) == ["add \(early.id)"])
    }
  }

  @Test func aRefreshNeverRemovesALocalAddOrShrinksTheCache() throws {
    try withTemporaryDatabase { database in
      let books = try Self.books(database)
      _ = try books.replica.writeRemotePage(Self.page(1, [1, 2], next: "c2"))
      _ = try books.replica.writeRemotePage(Self.page(2, [3, 4], next: nil))
      try books.add(DynamicDraft(["title": .text("Local Added")]))
      // A stale show's refresh: page 1 only.
      let refreshed = try books.replica.writeRemotePage(Self.page(1, [1, 2], next: "c2"))
      #expect(refreshed.written)
      #expect(try Self.titles(books) == ["B1", "B2", "B3", "B4", "Local Added"])
    }
  }

  @Test func aCompleteWalkRemovesWhatTheRemoteNoLongerHoldsButNothingOfThePersons() throws {
    try withTemporaryDatabase { database in
      let books = try Self.books(database)
      _ = try books.replica.writeRemotePage(Self.page(1, [1, 2], next: "c2"))
      _ = try books.replica.writeRemotePage(Self.page(2, [3, 4, 5], next: nil))
      let ids = Dictionary(
        uniqueKeysWithValues: try books.page(after: nil, limit: 10).items.map { item -> (String, Int64) in
          if case .text(let title) = item.values[0] { return (title, item.id) }
          return ("?", item.id)
        })
      try books.add(DynamicDraft(["title": .text("Local Added")]))
      // B4 has a change waiting: the remote's deletion of it does not remove it.
      try Self.run(database.path, "UPDATE books SET author = 'Me' WHERE id = \(ids["B4"]!)")
      // The remote now holds 1, 3 and 6.
      let first = try books.replica.writeRemotePage(Self.page(1, [1], next: "c2"))
      #expect(try Self.titles(books) == ["B1", "B2", "B3", "B4", "B5", "Local Added"])
      _ = try books.replica.writeRemotePage(Self.page(2, [3, 6], next: nil, generation: first.state.generation))
      #expect(try Self.titles(books) == ["B1", "B3", "B4", "B6", "Local Added"])
      // The removals were the sync's: not recorded as the person's.
      #expect(Self.shape(try books.replica.syncChanges()).count == 2)
      #expect(try books.replica.syncChanges().map(\.operation) == [.add, .update])
    }
  }

  @Test func aWalkCutOffHalfWayRemovesNothing() throws {
    try withTemporaryDatabase { database in
      let books = try Self.books(database)
      _ = try books.replica.writeRemotePage(Self.page(1, [1, 2], next: "c2"))
      _ = try books.replica.writeRemotePage(Self.page(2, [3, 4], next: nil))
      // A new walk whose page 2 never comes, then another process's walk with an older page.
      let first = try books.replica.writeRemotePage(Self.page(1, [1], next: "c2"))
      _ = try books.replica.writeRemotePage(Self.page(1, [2], next: "c2"))
      let late = try books.replica.writeRemotePage(Self.page(2, [3], next: nil, generation: first.state.generation))
      #expect(!late.written)
      #expect(try Self.titles(books) == ["B1", "B2", "B3", "B4"])
    }
  }

  @Test func aPullNeverOverwritesAnItemWithAChangeWaiting() throws {
    try withTemporaryDatabase { database in
      let books = try Self.books(database)
      _ = try books.replica.writeRemotePage(Self.page(1, [1, 2], next: nil))
      let id = try #require(try books.page(after: nil, limit: 10).items.first { $0.values[0] == .text("B1") }?.id)
      try Self.run(database.path, "UPDATE books SET title = 'Mine' WHERE id = \(id)")
      _ = try books.replica.writeRemotePage(Self.page(1, [1, 2], next: nil, title: "Theirs "))
      #expect(try Self.titles(books) == ["Mine", "Theirs 2"])
      // The remote's values are kept as the item's base.
      let base = try database.read { connection -> String? in
        let statement = try connection.prepare("SELECT base FROM list_sync_items WHERE item_id = ?1")
        try statement.bind(id, at: 1)
        return try statement.step() ? statement.optionalText(at: 0) : nil
      }
      #expect(base == #"{"id":"r1","title":"Theirs 1"}"#)
    }
  }

  @Test func aDamagedOutboxRowIsDamageNotACrash() throws {
    try withTemporaryDatabase { database in
      let books = try Self.books(database)
      _ = try books.replica.writeRemotePage(Self.page(1, [1], next: nil))
      try books.add(DynamicDraft(["title": .text("Local")]))
      // Another program writes nonsense past the table's checks.
      try Self.run(
        database.path, "PRAGMA ignore_check_constraints = ON; UPDATE list_changes SET op = 'explode'")
      #expect(throws: ListStoreError.self) { try books.replica.syncChanges() }
    }
  }
}
