import Foundation
import ListPaging
import ListStore
import ListStoreTesting
import ListSync
import Synchronization
import TestSupport
import Testing

/// The sync engine an app runs: pushes soon after writes (a burst in one push), backs off and
/// tries again after failures, publishes its status, lets an app decide conflicts, and stops
/// when cancelled. Against the Python test remote and `lists-server` on 127.0.0.1 (a failing push
/// against the Python remote alone, which fails it); every wait is bounded.
@Suite(.timeLimit(.minutes(1)))
struct SyncEngineTests {
  static let quick = SyncEngine.Schedule(
    pushDelay: .milliseconds(100), pullInterval: nil,
    backoff: RetryPolicy(baseDelay: .milliseconds(50), maxDelay: .milliseconds(200)))

  /// What `body` gives, or nil when it takes more than `seconds`.
  static func within<T: Sendable>(_ seconds: Double, _ body: @escaping @Sendable () async -> T?) async -> T? {
    await withTaskGroup(of: T?.self) { group in
      group.addTask { await body() }
      group.addTask {
        try? await Task.sleep(for: .seconds(seconds))
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first
    }
  }

  /// The first status `condition` accepts, or nil after `seconds`.
  static func status(
    of engine: SyncEngine, within seconds: Double = 10, _ condition: @escaping @Sendable (SyncStatus) -> Bool
  ) async -> SyncStatus? {
    await within(seconds) {
      for await status in engine.statuses() where condition(status) { return status }
      return nil
    }
  }

  /// Whether `task` ends within `seconds`.
  static func finishes(_ task: Task<Void, Never>, within seconds: Double) async -> Bool {
    await within(seconds) { () async -> Bool? in
      await task.value
      return true
    } ?? false
  }

  @Test(arguments: RemoteKind.allCases)
  func aBurstOfWritesIsPushedOnceSoonAfter(_ kind: RemoteKind) async throws {
    try await SyncRemote.withSyncedBooks(kind) { remote, database, books, sync in
      // A delay the five writes surely fit in, on a loaded machine too: the rule is that a
      // burst goes in one push, not how short the delay is.
      var schedule = Self.quick
      schedule.pushDelay = .seconds(1)
      let engine = SyncEngine(sync: sync, schedule: schedule)
      let running = Task { await engine.run() }
      defer { running.cancel() }
      #expect(await Self.status(of: engine) { $0.activity == .idle && $0.lastSyncedAt != nil } != nil)
      let before = try await remote.requests().pushes
      let logged = try await remote.python?.pushes().count ?? 0
      for number in 1...5 { _ = try books.add(DynamicDraft(["title": .text("Burst \(number)")])) }
      #expect(try await eventually { try await remote.titles().count == 8 })
      #expect(try await remote.requests().pushes == before + 1)
      if let python = remote.python { #expect(try await python.pushes().dropFirst(logged).first?.count == 5) }
      #expect(await Self.status(of: engine) { $0.pending == 0 && $0.activity == .idle } != nil)
      running.cancel()
      await running.value
    }
  }

  @Test func aFailedPushIsTriedAgainAfterABackoffAndPublishedMeanwhile() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let (books, sync) = try await SyncRemote(remote).syncedBooks(in: database)
      let engine = SyncEngine(sync: sync, schedule: Self.quick)
      _ = try books.add(DynamicDraft(["title": .text("Offline")]))
      // The start's push fails twice with a 503, then goes through.
      try await remote.control(faults: [["status": 503], ["status": 503]])
      #expect(engine.status.pending == 1)
      let running = Task { await engine.run() }
      defer { running.cancel() }
      let waiting = await Self.status(of: engine) { $0.activity == .waitingToRetry }
      #expect(waiting?.pending == 1)
      #expect(waiting?.lastError?.isRetryable == true)
      let done = await Self.status(of: engine) { $0.pending == 0 && $0.lastError == nil && $0.activity == .idle }
      #expect(done != nil)
      let server = try await remote.state()
      #expect(server.items.filter { $0["title"] as? String == "Offline" }.count == 1)
      #expect(server.applied.values.allSatisfy { $0 == 1 })
    }
  }

  @Test func aRefusedCredentialIsNotTriedAgainUntilTheNextWrite() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let (books, sync) = try await SyncRemote(remote).syncedBooks(in: database)
      _ = try books.add(DynamicDraft(["title": .text("First")]))
      try await remote.control(faults: [["status": 401]])
      let engine = SyncEngine(sync: sync, schedule: Self.quick)
      let running = Task { await engine.run() }
      defer { running.cancel() }
      let refused = await Self.status(of: engine) { $0.lastError?.kind == "refused" }
      #expect(refused?.activity == .idle)
      try await Task.sleep(for: .milliseconds(400))
      #expect(try await remote.pushes().count == 1)
      _ = try books.add(DynamicDraft(["title": .text("Second")]))
      #expect(try await eventually { try await PushTests.titles(remote.state().items).contains("Second") })
      #expect(try await PushTests.titles(remote.state().items).contains("First"))
    }
  }

  @Test(arguments: RemoteKind.allCases)
  func anAppDecidesAConflictAndItsChangeIsSentAgain(_ kind: RemoteKind) async throws {
    try await SyncRemote.withSyncedBooks(kind) { remote, database, books, sync in
      let one = try await PushTests.id(of: "Item 1", in: books)
      _ = try books.update(id: one, setting: ["title": .text("Item 1, mine")])
      try await remote.edit("Item 1", ["title": "Item 1, theirs"])
      let asked = Mutex<[SyncConflict]>([])
      let engine = SyncEngine(sync: sync, schedule: Self.quick) { conflict in
        asked.withLock { $0.append(conflict) }
        return .sendAgain
      }
      let running = Task { await engine.run() }
      defer { running.cancel() }
      #expect(try await eventually { try await remote.titles().contains("Item 1, mine") })
      #expect(await Self.status(of: engine) { $0.conflicts == 0 && $0.pending == 0 && $0.activity == .idle } != nil)
      let conflicts = asked.withLock { $0 }
      #expect(conflicts.count == 1)
      #expect(conflicts.first?.operation == .update)
      #expect(conflicts.first?.answer?.contains("Item 1, theirs") == true)
    }
  }

  @Test(arguments: RemoteKind.allCases)
  func aConflictAPullsDeletionMadeIsOfferedToTheApp(_ kind: RemoteKind) async throws {
    try await SyncRemote.withSyncedBooks(kind, count: 5, checkpoints: true) { remote, database, books, sync in
      let two = try await PushTests.id(of: "Item 2", in: books)
      _ = try books.update(id: two, setting: ["pages": .integer(3)])
      // The remote deletes the item; a pull since the checkpoint makes the edit a conflict.
      try await remote.delete("Item 2")
      try await sync.refresh()
      #expect(try books.replica.syncChangeCounts().conflicts == 1)
      let asked = Mutex<[SyncConflict]>([])
      let engine = SyncEngine(sync: sync, schedule: Self.quick) { conflict in
        asked.withLock { $0.append(conflict) }
        return .keepRemote
      }
      let running = Task { await engine.run() }
      defer { running.cancel() }
      #expect(await Self.status(of: engine) { $0.conflicts == 0 && $0.activity == .idle } != nil)
      #expect(asked.withLock { $0.count } == 1)
      #expect(asked.withLock { $0.first?.operation } == .update)
    }
  }

  @Test(arguments: RemoteKind.allCases)
  func withoutAHandlerAConflictIsKeptForThePerson(_ kind: RemoteKind) async throws {
    try await SyncRemote.withSyncedBooks(kind) { remote, database, books, sync in
      let one = try await PushTests.id(of: "Item 1", in: books)
      _ = try books.update(id: one, setting: ["title": .text("Item 1, mine")])
      try await remote.edit("Item 1", ["title": "Item 1, theirs"])
      try await remote.delete("Item 2", "Item 3")
      let engine = SyncEngine(sync: sync, schedule: Self.quick)
      let running = Task { await engine.run() }
      defer { running.cancel() }
      let shown = await Self.status(of: engine) { $0.conflicts == 1 && $0.activity == .idle }
      #expect(shown?.notices() == ["1 change conflicted with the server."])
      #expect(try Books.titles(books) == ["Item 1, theirs"])
    }
  }

  @Test(arguments: RemoteKind.allCases)
  func cancellingStopsTheEngineAndSyncNowAsksForAPull(_ kind: RemoteKind) async throws {
    try await SyncRemote.withSyncedBooks(kind) { remote, database, books, sync in
      let engine = SyncEngine(sync: sync, schedule: Self.quick)
      let running = Task { await engine.run() }
      #expect(await Self.status(of: engine) { $0.activity == .idle && $0.lastSyncedAt != nil } != nil)
      try await remote.add([["title": "Item 4"]])
      let pulls = try await remote.requests().pulls
      engine.syncNow()
      #expect(try await eventually { try Books.titles(books).count == 4 })
      #expect(try await remote.requests().pulls > pulls)
      // A second run while one runs returns at once.
      let second = Task { await engine.run() }
      #expect(await Self.finishes(second, within: 10))
      running.cancel()
      await running.value
      // Stopped: a write is no longer pushed.
      let before = try await remote.requests().pushes
      _ = try books.add(DynamicDraft(["title": .text("After")]))
      try await Task.sleep(for: .milliseconds(400))
      #expect(try await remote.requests().pushes == before)
      #expect(engine.status.pending == 1)
    }
  }
}
