import Foundation
import ListStore
import ListStoreTesting
import ListSync
import SQLiteCore
import TestSupport
import Testing

/// Ordinary sequences of a person, a second device and a remote that must lose nothing and
/// wedge nothing: each one lost data or stopped sync for good before its rule was kept. Against
/// the Python test remote and `lists-server`; the sequences with a failed request, a lost answer
/// or an item changed without a new version against the Python remote alone.
@Suite struct TrustTests {
  static func books(_ remote: TestRemote, items count: Int = 3) async throws {
    try await remote.control(items: TestRemote.items(count).map { $0.merging(["version": 1]) { $1 } })
  }

  static func waiting(_ books: KindItems) throws -> Int { try books.replica.syncChangeCounts().pending }

  /// A new item never gets the id of a removed one: the removed item's waiting change, answered
  /// with a conflict (the remote deleted it), must not take the new item with it.
  @Test func aNewItemNeverTakesTheIdOfARemovedOne() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let (books, sync) = try await SyncRemote(remote).syncedBooks(in: database)
      let dune = try await PushTests.id(of: "Item 3", in: books)
      try PushTests.run(database, "UPDATE books SET pages = 7 WHERE id = \(dune)")
      // The edit's push is refused (400): it stays sent.
      try await remote.control(faults: [["status": 400]])
      _ = try? await sync.push()
      // Another device deletes the item on the remote; here it is removed and a book added.
      try await remote.control(items: TestRemote.items(2).map { $0.merging(["version": 1]) { $1 } })
      try books.remove(ids: [dune])
      let added = try books.add(DynamicDraft(["title": .text("Neuromancer")]))
      #expect(added.id > dune)
      let outcome = try await sync.push()
      #expect(outcome.conflicts == 1)
      #expect(try Books.titles(books).contains("Neuromancer"))
      #expect(PushTests.titles(try await remote.state().items).contains("Neuromancer"))
      #expect(try Self.waiting(books) == 0)
    }
  }

  /// A field added by `kinds update` is recorded like any other.
  @Test(arguments: RemoteKind.allCases)
  func aFieldAddedByAnUpdateOfTheKindIsRecorded(_ kind: RemoteKind) async throws {
    try await SyncRemote.withSyncedBooks(kind) { remote, database, books, _ in
      try await remote.addField(#"{"name": "rating", "type": "integer", "min": 1, "max": 5}"#)
      var definition = books.definition
      definition.fields.append(FieldDefinition("rating", .integer(min: 1, max: 5)))
      _ = try database.updateKind(definition)
      let items = try database.items(of: "books")
      let id = try await PushTests.id(of: "Item 1", in: items)
      try PushTests.run(database, "UPDATE books SET rating = 5 WHERE id = \(id)")
      let changes = try items.replica.syncChanges()
      #expect(changes.map(\.fields) == [["rating"]])
      let outcome = try await Books.sync(items, try remote.client(pageSize: 50, retry: .never)).push()
      #expect(outcome.applied == 1)
      #expect(try await remote.item(titled: "Item 1")["rating"] as? Int == 5)
    }
  }

  /// Another remote is another cache: the old remote's items go with its URL, and the list is
  /// loading until the new remote's first page arrives.
  @Test func anotherRemoteReplacesTheOldRemotesItems() async throws {
    let first = try await TestRemote.start()
    defer { first.stop() }
    let second = try await TestRemote.start()
    defer { second.stop() }
    try await withTemporaryDatabase { database in
      let (books, _) = try await SyncRemote(first).syncedBooks(in: database)
      try await second.control(items: [["id": 1, "title": "B one", "version": 1], ["id": 2, "title": "B two", "version": 1]])
      let other = Books.sync(books, try makeClient(second.url(), pageSize: 50, retry: .never))
      // The new remote's first answer fails: nothing of the old remote is shown meanwhile.
      try await second.control(faults: [["status": 503]])
      _ = try? await other.refresh()
      #expect(try books.count() == 0)
      #expect(try books.replica.syncState()?.hasSynced != true)
      try await other.all()
      #expect(try Books.titles(books).sorted() == ["B one", "B two"])
      // A remove here reaches the new remote for its own item, never another.
      try books.remove(ids: [try await PushTests.id(of: "B one", in: books)])
      #expect(try await other.push().applied == 1)
      #expect(PushTests.titles(try await second.state().items) == ["B two"])
      #expect(PushTests.titles(try await first.state().items) == ["Item 1", "Item 2", "Item 3"])
    }
  }

  /// A change waiting for one remote is never sent to another.
  @Test(arguments: RemoteKind.allCases)
  func aChangeWaitingForOneRemoteIsNotSentToAnother(_ kind: RemoteKind) async throws {
    try await SyncRemote.with(kind) { first in
      try await SyncRemote.with(kind) { second in
        try await withTemporaryDatabase { database in
          let (books, _) = try await first.syncedBooks(in: database)
          _ = try books.add(DynamicDraft(["title": .text("Mine")]))
          let other = Books.sync(books, try second.client(pageSize: 50, retry: .never))
          await #expect(throws: SyncError.self) { try await other.push() }
          #expect(try await second.requests() == (pulls: 0, pushes: 0))
          #expect(try Self.waiting(books) == 1)
        }
      }
    }
  }

  /// A refused add takes the later edit of its item with it: nothing waits for ever, the kept
  /// refusal holds the item as the person last wrote it, and a retry sends that.
  @Test func aRefusedAddTakesItsLaterEditsAndARetrySendsTheLastValues() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let (books, sync) = try await SyncRemote(remote).syncedBooks(in: database)
      let added = try books.add(DynamicDraft(["title": .text("Refused")]))
      try await remote.control(faults: [["status": 503]])
      _ = try? await sync.push()
      try PushTests.run(database, "UPDATE books SET title = 'Refused, edited' WHERE id = \(added.id)")
      #expect(try Self.waiting(books) == 2)
      try await remote.reject(titles: ["Refused"])
      let outcome = try await sync.push()
      #expect(outcome.rejected == 1)
      #expect(try Self.waiting(books) == 0)
      let kept = try #require(try books.replica.syncChanges().first)
      #expect(kept.state == .rejected)
      #expect(kept.sent?.contains("Refused, edited") == true)
      #expect(!(try Books.titles(books).contains { $0.hasPrefix("Refused") }))
      // Sent again as a new add of the last values.
      try await remote.reject(titles: [])
      guard case .queued = try books.replica.retryAnsweredChange(id: try #require(kept.changeID)) else {
        Issue.record("the refused add was not queued again")
        return
      }
      #expect(try await sync.push().applied == 1)
      #expect(PushTests.titles(try await remote.state().items).contains("Refused, edited"))
      #expect(try Books.titles(books).contains("Refused, edited"))
      #expect(try books.replica.syncChanges().isEmpty)
    }
  }

  /// A replayed answer older than what a pull brought never rolls the item back.
  @Test func aReplayedAnswerNeverRollsAnItemBack() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let (books, sync) = try await SyncRemote(remote).syncedBooks(in: database)
      let id = try await PushTests.id(of: "Item 1", in: books)
      try PushTests.run(database, "UPDATE books SET title = 'B' WHERE id = \(id)")
      // Applied by the remote (version 2), its answer lost.
      try await remote.control(faults: [["drop_after_apply": true]])
      _ = try? await sync.push()
      // Another device edits it (version 3); a pull brings that while the answer is owed.
      var items = try await remote.state().items
      let index = try #require(items.firstIndex { $0["id"] as? Int == 1 })
      items[index]["title"] = "C"
      items[index]["version"] = 3
      try await remote.control(items: items)
      try await sync.refresh()
      // The resent change is answered with the stored answer: version 2, older.
      #expect(try await sync.push().applied == 1)
      #expect(try Books.titles(books).contains("C"))
      #expect(!(try Books.titles(books).contains("B")))
      // The next edit is based on version 3: applied, no conflict.
      try PushTests.run(database, "UPDATE books SET pages = 9 WHERE id = \(id)")
      #expect(try await sync.push().applied == 1)
    }
  }

  /// A kind removed and added again walks its remote whole, whatever its earlier life left.
  @Test func aKindRemovedAndAddedAgainWalksWhole() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let (_, _) = try await SyncRemote(remote).syncedBooks(in: database, count: 5, checkpoints: true)
      try database.removeKind(named: "books")
      let books = try Books.register(database)
      let sync = Books.sync(books, try makeClient(remote.url(), pageSize: 50, retry: .never))
      try await remote.control(faults: [["status": 503]])
      _ = try? await sync.all()
      try await sync.all()
      #expect(try books.count() == 5)
    }
  }

  /// One answer this file cannot take (its item clashes with another item's unique title) is a
  /// conflict of that change alone; the batch's other answers are applied, and the next sync
  /// goes on.
  @Test func anAnswerTheFileCannotTakeIsAConflictOfThatChangeAlone() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      _ = try database.registerKind(
        try KindDefinition(
          json: """
            {"name": "books", "item": "book",
             "fields": [{"name": "title", "type": "text", "required": true},
                        {"name": "pages", "type": "integer", "min": 1}],
             "unique": {"fields": ["title"], "on_duplicate": "reject"}}
            """))
      let books = try database.items(of: "books")
      try await Self.books(remote)
      let sync = Books.sync(books, try makeClient(remote.url(), pageSize: 50, retry: .never))
      try await sync.all()
      let one = try await PushTests.id(of: "Item 1", in: books)
      let three = try await PushTests.id(of: "Item 3", in: books)
      try PushTests.run(database, "UPDATE books SET pages = 5 WHERE id = \(one); UPDATE books SET pages = 6 WHERE id = \(three)")
      // The remote's item 1 now bears the title item 2 holds here.
      var items = try await remote.state().items
      let index = try #require(items.firstIndex { $0["id"] as? Int == 1 })
      items[index]["title"] = "Item 2"
      try await remote.control(items: items)
      let outcome = try await sync.push()
      #expect(outcome == PushOutcome(sent: 2, applied: 1, conflicts: 1, rejected: 0))
      let conflict = try #require(try books.replica.syncChanges().first)
      #expect(conflict.state == .conflict)
      #expect(conflict.answer?.contains("\"reason\"") == true)
      #expect(try Self.waiting(books) == 0)
      #expect(try await sync.push() == PushOutcome())
    }
  }

  /// The id and account of a synced item cannot be changed by another program's SQL.
  @Test(arguments: RemoteKind.allCases)
  func theIdAndAccountOfASyncedItemDoNotChange(_ kind: RemoteKind) async throws {
    try await SyncRemote.withSyncedBooks(kind) { remote, database, books, _ in
      let id = try await PushTests.id(of: "Item 1", in: books)
      for sql in ["UPDATE books SET id = 999 WHERE id = \(id)", "UPDATE books SET account = 'other' WHERE id = \(id)"] {
        #expect {
          try PushTests.run(database, sql)
        } throws: { error in
          (error as? SQLiteError)?.message.contains("do not change") == true
        }
      }
      #expect(try await PushTests.id(of: "Item 1", in: books) == id)
      #expect(try books.replica.syncChanges().isEmpty)
    }
  }

  /// A flag row another program committed in `list_sync_applying` (which would keep every
  /// write out of the outbox) is found by `doctor` and removed by its repair and by the next
  /// sync's write.
  @Test(arguments: RemoteKind.allCases)
  func aStrandedSyncFlagIsFoundAndRemoved(_ kind: RemoteKind) async throws {
    try await SyncRemote.withSyncedBooks(kind) { remote, database, books, sync in
      try PushTests.run(database, "INSERT INTO list_sync_applying (writer) VALUES (7)")
      let report = try HealthReport.inspect(path: database.path)
      #expect(report.problems.contains { $0.contains("list_sync_applying") })
      _ = try database.repair()
      #expect(try HealthReport.inspect(path: database.path).isHealthy)
      try PushTests.run(database, "INSERT INTO list_sync_applying (writer) VALUES (7)")
      try await sync.refresh()
      _ = try books.add(DynamicDraft(["title": .text("Recorded")]))
      #expect(try Self.waiting(books) == 1)
    }
  }

  /// A checkpoint the remote no longer knows is forgotten, and that sync walks the whole list,
  /// removing what the remote no longer holds.
  @Test(arguments: RemoteKind.allCases)
  func anExpiredCheckpointWalksTheWholeList(_ kind: RemoteKind) async throws {
    try await SyncRemote.withSyncedBooks(kind, count: 5, checkpoints: true, serverOptions: ["--keep-deleted", "1s"]) { remote, database, books, sync in
      let checkpoint = try #require(try books.replica.syncState()?.checkpoint)
      try await remote.delete("Item 4", "Item 5")
      try await remote.expire(checkpoint)
      // A whole walk (a pull since the checkpoint would hold no item).
      #expect(try await sync.refresh().state.itemCount == 3)
      #expect(try Books.titles(books).sorted() == ["Item 1", "Item 2", "Item 3"])
      #expect(try books.replica.syncState()?.lastError == nil)
      if let python = remote.python { #expect(try await python.log().last?.query.contains("since") == false) }
    }
  }
}
