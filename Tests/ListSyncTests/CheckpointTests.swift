import Foundation
import ListStore
import ListStoreTesting
import ListSync
import TestSupport
import Testing

/// Pulls since a checkpoint (`Documentation/TwoWaySync.md`): a remote that ends its walk with a checkpoint is
/// asked only for what changed since, and the ids it deleted are removed here, a change of the
/// person's to one of them kept as a conflict.
@Suite struct CheckpointTests {
  /// A synced books list of five remote items from a remote that offers checkpoints.
  static func synced(_ database: ListsDatabase, _ remote: TestRemote, pageSize: Int = 50) async throws -> (
    KindItems, KindSync
  ) {
    let books = try Books.register(database)
    try await remote.offerCheckpoints()
    try await remote.control(items: TestRemote.items(5).map { $0.merging(["version": 1]) { $1 } })
    let sync = Books.sync(books, try makeClient(remote.url(), pageSize: pageSize, retry: .never))
    try await sync.all()
    return (books, sync)
  }

  static func item(_ id: Int, _ title: String) -> [String: Any] {
    ["id": id, "title": title, "version": 2]
  }

  @Test func aPullSinceTheCheckpointAsksOnlyForWhatChangedAndRemovesWhatWasDeleted() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let (books, sync) = try await Self.synced(database, remote)
      let checkpoint = try #require(try books.syncState()?.checkpoint)
      // Item 2 changed, item 3 deleted, item 6 added.
      var items = TestRemote.items(5).map { $0.merging(["version": 1]) { $1 } }
      items[1] = Self.item(2, "Item 2, changed")
      items.remove(at: 2)
      items.append(Self.item(6, "Item 6"))
      try await remote.control(items: items)
      let before = try await remote.log().count
      try await sync.refresh()
      let request = try await remote.log()[before]
      #expect(request.query == "limit=50&since=" + checkpoint.replacingOccurrences(of: " ", with: "%20"))
      #expect(try Books.titles(books).sorted() == ["Item 1", "Item 2, changed", "Item 4", "Item 5", "Item 6"])
      // The walk since the checkpoint completed: the next one starts from the new checkpoint.
      let next = try #require(try books.syncState()?.checkpoint)
      #expect(next != checkpoint)
      try await sync.refresh()
      #expect(try await remote.log().last?.query == "limit=50&since=" + next.replacingOccurrences(of: " ", with: "%20"))
      #expect(try Books.titles(books).count == 5)
    }
  }

  @Test func aWalkSinceACheckpointRemovesNothingItsPagesDidNotName() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let (books, sync) = try await Self.synced(database, remote, pageSize: 2)
      // Only item 1 changed: a walk of one page, which holds no other item and removes none.
      var items = TestRemote.items(5).map { $0.merging(["version": 1]) { $1 } }
      items[0] = Self.item(1, "Item 1, changed")
      try await remote.control(items: items)
      try await sync.all()
      #expect(try Books.titles(books).count == 5)
      #expect(try Books.titles(books).contains("Item 1, changed"))
    }
  }

  @Test func aDeletedItemWithAChangeWaitingBecomesAConflictAndAWaitingRemoveIsDone() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let (books, sync) = try await Self.synced(database, remote)
      let two = try await PushTests.id(of: "Item 2", in: books)
      let four = try await PushTests.id(of: "Item 4", in: books)
      try PushTests.run(database, "UPDATE books SET title = 'Mine' WHERE id = \(two)")
      try await books.remove(ids: [four])
      let local = try await books.add(DynamicDraft(["title": .text("Added offline")]))
      // The remote deletes items 2 and 4.
      try await remote.control(
        items: TestRemote.items(5).map { $0.merging(["version": 1]) { $1 } }.filter { ![2, 4].contains($0["id"] as? Int) })
      try await sync.refresh()
      #expect(try Books.titles(books).sorted() == ["Added offline", "Item 1", "Item 3", "Item 5"])
      let changes = try books.syncChanges()
      let conflict = try #require(changes.first { $0.itemID == two })
      #expect(conflict.state == .conflict)
      #expect(conflict.changeID != nil)
      #expect(conflict.answer?.contains(#""deleted":true"#) == true)
      #expect(!changes.contains { $0.itemID == four })
      #expect(changes.first { $0.itemID == local.id }?.state == .pending)
      // The conflict can be forgotten by the id the person sees.
      #expect(try books.forgetAnsweredChange(id: try #require(conflict.changeID)))
    }
  }

  @Test func anotherRemoteIsWalkedWholeWithoutTheCheckpoint() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let (books, _) = try await Self.synced(database, remote)
      #expect(try books.syncState()?.checkpoint != nil)
      let other = Books.sync(books, try makeClient(remote.url("/items?shelf=2"), pageSize: 50, retry: .never))
      let before = try await remote.log().count
      try await other.refresh()
      #expect(try await remote.log()[before].query == "shelf=2&limit=50")
      // The whole walk of the other remote completed: its own checkpoint is kept.
      #expect(try books.syncState()?.remoteURL == remote.url("/items?shelf=2"))
      #expect(try books.syncState()?.checkpoint != nil)
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
      #expect(try books.syncState()?.checkpoint == nil)
      try await remote.control(items: TestRemote.items(2))
      try await sync.refresh()
      #expect(try await remote.log().last?.query == "limit=50")
      #expect(try Books.titles(books).sorted() == ["Item 1", "Item 2"])
    }
  }
}
