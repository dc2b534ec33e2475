import Foundation
import ListStore
import ListStoreTesting
import ListSync
import SQLiteCore
import TestSupport
import Testing

/// The person's changes reach the remote exactly once, against the test server: folding, the
/// order, batches, lost answers, failures before and after the remote applied, conflicts and
/// refusals.
@Suite struct PushTests {
  /// A synced books list of `count` remote items, with its sync.
  static func synced(
    _ database: ListsDatabase, _ remote: TestRemote, count: Int = 3, retry: RetryPolicy = .never
  ) async throws -> (KindItems, KindSync) {
    let books = try Books.register(database)
    try await remote.control(items: TestRemote.items(count).map { $0.merging(["version": 1]) { $1 } })
    let sync = Books.sync(books, try makeClient(remote.url(), pageSize: 50, retry: retry))
    try await sync.all()
    return (books, sync)
  }

  /// Runs `sql` on a connection of its own: another program writing the file.
  static func run(_ database: ListsDatabase, _ sql: String) throws {
    let other = try Connection(path: database.path, options: .init(create: false))
    other.setBusyTimeout(milliseconds: 5_000)
    try other.executeScript(sql)
  }

  static func id(of title: String, in books: KindItems) async throws -> Int64 {
    try #require(try await books.page(after: nil, limit: 500).items.first { $0.values[0] == .text(title) }).id
  }

  static func titles(_ items: [[String: Any]]) -> [String] {
    items.compactMap { $0["title"] as? String }.sorted()
  }

  @Test func addsEditsAndRemovesReachTheRemoteOnceInOrder() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let (books, sync) = try await Self.synced(database, remote)
      let local = try await books.add(DynamicDraft(["title": .text("Local")]))
      try Self.run(database, "UPDATE books SET title = 'Local, final' WHERE id = \(local.id)")
      try Self.run(database, "UPDATE books SET pages = 12 WHERE id = \(try await Self.id(of: "Item 1", in: books))")
      try await books.remove(ids: [try await Self.id(of: "Item 2", in: books)])
      let outcome = try await sync.push()
      #expect(outcome == PushOutcome(sent: 3, applied: 3, conflicts: 0, rejected: 0))
      let pushes = try await remote.pushes()
      #expect(pushes.count == 1)
      #expect(pushes[0].map { $0["op"] as? String } == ["add", "update", "remove"])
      // The add carries the final values; the update only the changed field and its base.
      #expect((pushes[0][0]["item"] as? [String: Any])?["title"] as? String == "Local, final")
      #expect((pushes[0][1]["item"] as? [String: Any])?.keys.sorted() == ["pages"])
      #expect(pushes[0][1]["id"] as? Int == 1)
      #expect(pushes[0][1]["base_version"] as? Int == 1)
      let server = try await remote.state()
      #expect(Self.titles(server.items) == ["Item 1", "Item 3", "Local, final"])
      #expect(server.applied.values.allSatisfy { $0 == 1 })
      #expect(try books.syncChanges().isEmpty)
      // The added item got its remote id: a pull updates it, never duplicates it.
      try await sync.all()
      #expect(try await books.count() == 3)
      #expect(try await sync.push() == PushOutcome())
    }
  }

  @Test func anAddThenARemoveOfflineSendsNothing() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let (books, sync) = try await Self.synced(database, remote)
      let local = try await books.add(DynamicDraft(["title": .text("Passing")]))
      try await books.remove(ids: [local.id])
      #expect(try await sync.push() == PushOutcome())
      #expect(try await remote.pushes().isEmpty)
    }
  }

  @Test func aFailedRequestLeavesEveryChangeToBeSentAgainWithItsId() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let (books, sync) = try await Self.synced(database, remote)
      try await books.add(DynamicDraft(["title": .text("A")]))
      try await books.add(DynamicDraft(["title": .text("B")]))
      #expect(try books.syncChanges().allSatisfy { $0.changeID == nil })
      try await remote.control(faults: [["status": 500]])
      await #expect(throws: SyncError.self) { try await sync.push() }
      // The failed request gave each change its id (random UUIDs); they are kept for the retry.
      let ids = try books.syncChanges().map(\.changeID)
      #expect(Set(ids).count == 2)
      #expect(ids.allSatisfy { $0?.utf8.count == 36 && $0?.split(separator: "-").count == 5 })
      #expect(try books.syncChangeCounts().pending == 2)
      #expect(try await sync.push().applied == 2)
      let pushes = try await remote.pushes()
      #expect(pushes.count == 2)
      #expect(pushes[0].map { $0["change_id"] as? String } == ids)
      #expect(pushes[1].map { $0["change_id"] as? String } == ids)
    }
  }

  @Test(arguments: ["after_apply_status", "drop_after_apply"])
  func aLostAnswerNeverAppliesAChangeTwice(fault: String) async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let (books, sync) = try await Self.synced(database, remote)
      let local = try await books.add(DynamicDraft(["title": .text("Once")]))
      try await remote.control(faults: [fault == "drop_after_apply" ? [fault: true] : [fault: 500]])
      await #expect(throws: SyncError.self) { try await sync.push() }
      #expect(try books.syncChanges().map(\.state) == [.sent])
      // An edit made meanwhile waits for the add's answer, and goes in the same push after it.
      try Self.run(database, "UPDATE books SET pages = 7 WHERE id = \(local.id)")
      #expect(try await sync.push() == PushOutcome(sent: 2, applied: 2, conflicts: 0, rejected: 0))
      let server = try await remote.state()
      #expect(server.items.filter { $0["title"] as? String == "Once" }.count == 1)
      #expect(server.items.first { $0["title"] as? String == "Once" }?["pages"] as? Int == 7)
      #expect(server.applied.values.allSatisfy { $0 == 1 })
      #expect(try books.syncChanges().isEmpty)
    }
  }

  /// Found by the push kill trials: an update sent and unanswered (its answer lost, no pull
  /// since), then a later edit or remove of the same item. Sent together, both carried the old
  /// version as their base, and the remote answered the second with a conflict that undid it.
  @Test(arguments: ["edit", "remove"])
  func aChangeAfterAnUnansweredUpdateWaitsForItsVersion(later: String) async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let (books, sync) = try await Self.synced(database, remote)
      let one = try await Self.id(of: "Item 1", in: books)
      try Self.run(database, "UPDATE books SET title = 'Item 1, first' WHERE id = \(one)")
      try await remote.control(faults: [["drop_after_apply": true]])
      await #expect(throws: SyncError.self) { try await sync.push() }
      #expect(try books.syncChanges().map(\.state) == [.sent])
      if later == "edit" {
        try Self.run(database, "UPDATE books SET title = 'Item 1, second' WHERE id = \(one)")
      } else {
        try await books.remove(ids: [one])
      }
      #expect(try await sync.push() == PushOutcome(sent: 2, applied: 2, conflicts: 0, rejected: 0))
      let pushes = try await remote.pushes()
      #expect(pushes.suffix(2).map(\.count) == [1, 1])
      #expect(pushes.last?.first?["base_version"] as? Int == 2)
      let server = try await remote.state()
      let titles = Self.titles(server.items)
      #expect(titles == (later == "edit" ? ["Item 1, second", "Item 2", "Item 3"] : ["Item 2", "Item 3"]))
      #expect(server.applied.values.allSatisfy { $0 == 1 })
      #expect(try books.syncChanges().isEmpty)
    }
  }

  @Test func aConflictedRemoveSentAgainTakesTheItemOutHereAndThere() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let (books, sync) = try await Self.synced(database, remote)
      try await books.remove(ids: [try await Self.id(of: "Item 2", in: books)])
      var moved = TestRemote.items(3).map { $0.merging(["version": 1]) { $1 } }
      moved[1] = ["id": 2, "title": "Item 2, theirs", "version": 2]
      try await remote.control(items: moved)
      #expect(try await sync.push().conflicts == 1)
      #expect(try Books.titles(books).contains("Item 2, theirs"))
      let conflict = try #require(try books.syncChanges().first?.changeID)
      guard case .queued(let again) = try books.retryAnsweredChange(id: conflict) else {
        Issue.record("not queued")
        return
      }
      #expect(again != conflict)
      #expect(try !Books.titles(books).contains("Item 2, theirs"))
      #expect(try await sync.push() == PushOutcome(sent: 1, applied: 1, conflicts: 0, rejected: 0))
      #expect(Self.titles(try await remote.state().items) == ["Item 1", "Item 3"])
      #expect((try await remote.pushes().last?.first?["base_version"]) as? Int == 2)
      #expect(try books.syncChanges().isEmpty)
      try await sync.all()
      #expect(try Books.titles(books).sorted() == ["Item 1", "Item 3"])
    }
  }

  /// A push whose answer comes after the timeout: the remote applies it all the same, and the
  /// push sent again with the same id is answered as the first time.
  @Test func aPushPastTheTimeoutIsSentAgainAndAppliedOnce() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let (books, _) = try await Self.synced(database, remote)
      let slow = Books.sync(books, try makeClient(remote.url(), pageSize: 50, retry: .never, connectTimeout: delayTimeout))
      _ = try await books.add(DynamicDraft(["title": .text("Slow")]))
      try await remote.control(faults: [["delay_ms": 2_000]])
      let error = try await #require(throws: SyncError.self) { try await slow.push() }
      #expect(error.exitCode == 75, "\(error)")
      #expect(try books.syncChanges().map(\.state) == [.sent])
      // The server applies it once its delay is over.
      #expect(try await eventually { try await remote.state().items.contains { $0["title"] as? String == "Slow" } })
      let sync = Books.sync(books, try makeClient(remote.url(), pageSize: 50, retry: .never))
      #expect(try await sync.push() == PushOutcome(sent: 1, applied: 1, conflicts: 0, rejected: 0))
      let server = try await remote.state()
      #expect(server.items.filter { $0["title"] as? String == "Slow" }.count == 1)
      #expect(server.applied.values.allSatisfy { $0 == 1 })
      #expect(try books.syncChanges().isEmpty)
    }
  }

  @Test func batchesHoldAtMostOneHundredChanges() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let (books, sync) = try await Self.synced(database, remote, count: 1)
      var index = 0
      try books.importItems {
        index += 1
        return index <= 150 ? DynamicDraft(["title": .text("Bulk \(index)")]) : nil
      }
      #expect(try await sync.push().applied == 150)
      #expect(try await remote.pushes().map(\.count) == [100, 50])
      #expect(try await remote.state().items.count == 151)
    }
  }

  @Test func aConflictKeepsTheRemotesVersionAndTheChange() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let (books, sync) = try await Self.synced(database, remote)
      // Someone else changed item 1 on the server meanwhile.
      try await remote.control(items: [
        ["id": 1, "title": "Theirs", "version": 2], ["id": 2, "title": "Item 2", "version": 1],
        ["id": 3, "title": "Item 3", "version": 1],
      ])
      try Self.run(database, "UPDATE books SET title = 'Mine' WHERE id = \(try await Self.id(of: "Item 1", in: books))")
      #expect(try await sync.push() == PushOutcome(sent: 1, applied: 0, conflicts: 1, rejected: 0))
      #expect(try Books.titles(books).contains("Theirs"))
      #expect(!(try Books.titles(books).contains("Mine")))
      #expect(try books.syncChanges().map(\.state) == [.conflict])
      #expect(try books.syncChangeCounts() == SyncChangeCounts(pending: 0, conflicts: 1, rejected: 0))
    }
  }

  @Test func aRefusalPutsTheItemBackAsTheRemoteHasIt() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let (books, sync) = try await Self.synced(database, remote)
      try await remote.reject(titles: ["Forbidden"])
      try await books.add(DynamicDraft(["title": .text("Forbidden")]))
      try Self.run(database, "UPDATE books SET title = 'Forbidden' WHERE id = \(try await Self.id(of: "Item 2", in: books))")
      #expect(try await sync.push() == PushOutcome(sent: 2, applied: 0, conflicts: 0, rejected: 2))
      // The offline add is taken out; the edited item has its remote title back.
      #expect(try Books.titles(books).sorted() == ["Item 1", "Item 2", "Item 3"])
      #expect(try books.syncChanges().map(\.state) == [.rejected, .rejected])
      #expect(try await remote.state().items.count == 3)
    }
  }

  @Test func aRemoveThenAnAddOfTheSameItemOfflineKeepsBoth() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let (books, sync) = try await Self.synced(database, remote)
      try await books.remove(ids: [try await Self.id(of: "Item 3", in: books)])
      try await books.add(DynamicDraft(["title": .text("Item 3")]))
      #expect(try await sync.push() == PushOutcome(sent: 2, applied: 2, conflicts: 0, rejected: 0))
      let server = try await remote.state()
      #expect(Self.titles(server.items) == ["Item 1", "Item 2", "Item 3"])
      #expect(server.items.first { $0["title"] as? String == "Item 3" }?["id"] as? Int != 3)
      try await sync.all()
      #expect(try Books.titles(books).sorted() == ["Item 1", "Item 2", "Item 3"])
    }
  }
}
