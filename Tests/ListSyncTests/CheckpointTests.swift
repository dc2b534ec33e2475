import Foundation
import ListStore
import ListStoreTesting
import ListSync
import TestSupport
import Testing

/// Pulls since a checkpoint (`Documentation/TwoWaySync.md`): a remote that ends its walk with a checkpoint is
/// asked only for what changed since, and the ids it deleted are removed here, a change of the
/// person's to one of them kept as a conflict. Against the Python test remote and `lists-server`;
/// a remote that offers no checkpoints against the Python remote alone (lists-server always
/// offers them).
@Suite struct CheckpointTests {
  @Test(arguments: RemoteKind.allCases)
  func aPullSinceTheCheckpointAsksOnlyForWhatChangedAndRemovesWhatWasDeleted(_ kind: RemoteKind) async throws {
    try await SyncRemote.withSyncedBooks(kind, count: 5, checkpoints: true) { remote, database, books, sync in
      let checkpoint = try #require(try books.replica.syncState()?.checkpoint)
      // Item 2 changed, item 3 deleted, item 6 added.
      try await remote.edit("Item 2", ["title": "Item 2, changed"])
      try await remote.delete("Item 3")
      try await remote.add([["title": "Item 6"]])
      let logged = try await remote.python?.log().count ?? 0
      let changed = try await sync.refresh()
      // The walk holds only what changed since the checkpoint: items 2 and 6.
      #expect(changed.state.itemCount == 2)
      if let python = remote.python {
        let request = try await python.log()[logged]
        #expect(request.query == "limit=50&since=" + checkpoint.replacingOccurrences(of: " ", with: "%20"))
      }
      #expect(try Books.titles(books).sorted() == ["Item 1", "Item 2, changed", "Item 4", "Item 5", "Item 6"])
      // The walk since the checkpoint completed: the next one starts from the new checkpoint,
      // and nothing changed since.
      let next = try #require(try books.replica.syncState()?.checkpoint)
      #expect(next != checkpoint)
      #expect(try await sync.refresh().state.itemCount == 0)
      if let python = remote.python {
        #expect(try await python.log().last?.query == "limit=50&since=" + next.replacingOccurrences(of: " ", with: "%20"))
      }
      #expect(try Books.titles(books).count == 5)
    }
  }

  @Test(arguments: RemoteKind.allCases)
  func aWalkSinceACheckpointRemovesNothingItsPagesDidNotName(_ kind: RemoteKind) async throws {
    try await SyncRemote.withSyncedBooks(kind, count: 5, checkpoints: true, pageSize: 2) { remote, database, books, sync in
      // Only item 1 changed: a walk of one page, which holds no other item and removes none.
      try await remote.edit("Item 1", ["title": "Item 1, changed"])
      #expect(try await sync.all() == 1)
      #expect(try Books.titles(books).count == 5)
      #expect(try Books.titles(books).contains("Item 1, changed"))
    }
  }

  @Test(arguments: RemoteKind.allCases)
  func aDeletedItemWithAChangeWaitingBecomesAConflictAndAWaitingRemoveIsDone(_ kind: RemoteKind) async throws {
    try await SyncRemote.withSyncedBooks(kind, count: 5, checkpoints: true) { remote, database, books, sync in
      let two = try await PushTests.id(of: "Item 2", in: books)
      let four = try await PushTests.id(of: "Item 4", in: books)
      try PushTests.run(database, "UPDATE books SET title = 'Mine' WHERE id = \(two)")
      try books.remove(ids: [four])
      let local = try books.add(DynamicDraft(["title": .text("Added offline")]))
      try await remote.delete("Item 2", "Item 4")
      try await sync.refresh()
      #expect(try Books.titles(books).sorted() == ["Added offline", "Item 1", "Item 3", "Item 5"])
      let changes = try books.replica.syncChanges()
      let conflict = try #require(changes.first { $0.itemID == two })
      #expect(conflict.state == .conflict)
      #expect(conflict.changeID != nil)
      #expect(conflict.answer?.contains(#""deleted":true"#) == true)
      #expect(!changes.contains { $0.itemID == four })
      #expect(changes.first { $0.itemID == local.id }?.state == .pending)
      // The conflict can be forgotten by the id the person sees.
      #expect(try books.replica.forgetAnsweredChange(id: try #require(conflict.changeID)))
    }
  }

  @Test(arguments: RemoteKind.allCases)
  func anotherRemoteIsWalkedWholeWithoutTheCheckpoint(_ kind: RemoteKind) async throws {
    try await SyncRemote.withSyncedBooks(kind, count: 5, checkpoints: true) { remote, database, books, _ in
      #expect(try books.replica.syncState()?.checkpoint != nil)
      let shelf = remote.url + "?shelf=2"
      let other = Books.sync(books, try remote.client(url: shelf, pageSize: 50, retry: .never))
      let logged = try await remote.python?.log().count ?? 0
      // A whole walk: every item, not what changed since (nothing).
      #expect(try await other.refresh().state.itemCount == 5)
      if let python = remote.python { #expect(try await python.log()[logged].query == "shelf=2&limit=50") }
      // The whole walk of the other remote completed: its own checkpoint is kept.
      #expect(try books.replica.syncState()?.remoteURL == shelf)
      #expect(try books.replica.syncState()?.checkpoint != nil)
    }
  }

  @Test func aRemoteWithoutCheckpointsIsWalkedWholeAndRemovesWhatItNoLongerHolds() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let books = try Books.register(database)
      try await remote.control(items: TestRemote.items(4))
      let sync = Books.sync(books, try makeClient(remote.url(), pageSize: 50, retry: .never))
      try await sync.all()
      #expect(try books.replica.syncState()?.checkpoint == nil)
      try await remote.control(items: TestRemote.items(2))
      try await sync.refresh()
      #expect(try await remote.log().last?.query == "limit=50")
      #expect(try Books.titles(books).sorted() == ["Item 1", "Item 2"])
    }
  }
}
