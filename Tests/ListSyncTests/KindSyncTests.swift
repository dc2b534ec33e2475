import ListPaging
import TestSupport
import Foundation
import ListStore
import ListStoreTesting
import ListSync
import Testing

/// Remote pages written into a kind's table, against the Python test remote and `lists-server`;
/// refreshes that fail, and walks of a remote without checkpoints, against the Python remote alone.
@Suite struct KindSyncTests {
  @Test(arguments: RemoteKind.allCases)
  func syncingAgainUpdatesItemsRatherThanDuplicatingThem(_ kind: RemoteKind) async throws {
    try await SyncRemote.with(kind) { remote in
      try await withTemporaryDatabase { database in
        let books = try Books.register(database)
        let sync = Books.sync(books, try remote.client(pageSize: 2))
        try await remote.add(count: 3)
        #expect(try await sync.all() == 2)
        let before = try books.page(after: nil, limit: 10).items.map(\.id)
        try await remote.edit("Item 1", ["title": "Item 1, revised"])
        try await sync.all()
        #expect(try books.count() == 3)
        #expect(try Books.titles(books) == ["Item 1, revised", "Item 2", "Item 3"])
        #expect(try books.page(after: nil, limit: 10).items.map(\.id) == before)
      }
    }
  }

  @Test func pagesOfDifferentSizesNeverDuplicate() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let books = try Books.register(database)
      try await remote.control(items: TestRemote.items(7))
      try await Books.sync(books, try makeClient(remote.url(), pageSize: 2)).all()
      try await Books.sync(books, try makeClient(remote.url(), pageSize: 3)).all()
      #expect(try books.count() == 7)
      #expect(try Books.titles(books) == (1...7).map { "Item \($0)" })
      // A refresh writes page 1 and removes nothing; resuming with another page size goes on
      // from the stored cursor.
      try await Books.sync(books, try makeClient(remote.url(), pageSize: 5)).refresh()
      #expect(try Books.titles(books) == (1...7).map { "Item \($0)" })
      try await Books.sync(books, try makeClient(remote.url(), pageSize: 1)).all(resume: true)
      #expect(try Books.titles(books) == (1...7).map { "Item \($0)" })
    }
  }

  @Test func aRefreshWritesPageOneAndItsCursorAndRemovesNothing() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let books = try Books.register(database)
      try await remote.control(items: TestRemote.items(5))
      let sync = Books.sync(books, try makeClient(remote.url(), pageSize: 2))
      try await sync.all()
      #expect(try books.count() == 5)
      // The remote no longer holds item 3: a refresh and a page remove nothing, the end of the
      // complete walk removes it.
      try await remote.control(items: TestRemote.items(5).filter { ($0["id"] as? Int) != 3 })
      let outcome = try await sync.refresh()
      #expect(outcome.written)
      #expect(try Books.titles(books).sorted() == (1...5).map { "Item \($0)" })
      #expect(outcome.state.nextCursor == "at 2/+&=")
      #expect(outcome.state.nextPage == 2)
      // Page 2 is now items 4 and 5, the last: the walk is complete.
      let last = try await sync.next()
      #expect(last?.state.nextPage == 3)
      #expect(last?.state.isComplete == true)
      #expect(try Books.titles(books).sorted() == ["Item 1", "Item 2", "Item 4", "Item 5"])
    }
  }

  /// A fault of the refresh, by name, and its exit code.
  static func refreshFault(_ name: String) -> ([String: Any], Int32) {
    switch name {
    case "bad json": (["bad_json": true], 76)
    case "missing id": (["missing": "id", "index": 1], 76)
    case "401": (["status": 401], 77)
    default: (["change": [["id": 9, "title": "Nine"], ["id": 10, "title": "Ten", "pages": 0]]], 65)
    }
  }

  @Test(arguments: ["bad json", "missing id", "401", "an item the kind rejects"])
  func aFailingRefreshLeavesTheCacheAsItWas(faultName: String) async throws {
    let (fault, exitCode) = Self.refreshFault(faultName)
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryFolder { folder in
      let path = folder.path()
      let database = try ListsDatabase(path: path)
      let books = try Books.register(database)
      try await remote.control(items: TestRemote.items(3))
      let sync = Books.sync(books, try makeClient(remote.url(), pageSize: 2, retry: .never))
      try await sync.all()
      let before = try Self.cacheDump(path)
      try await remote.control(faults: [fault])
      do throws(SyncError) {
        try await sync.refresh()
        Issue.record("the refresh should have failed")
      } catch {
        #expect(error.exitCode == exitCode)
        #expect(error.message.hasPrefix("page 1: "))
      }
      #expect(try Self.cacheDump(path) == before)
      let state = try #require(try books.replica.syncState())
      #expect(state.lastErrorPage == 1)
      #expect(state.nextCursor == nil)
      #expect(state.isComplete)
    }
  }

  /// The kind `books` of a lists-server whose pages are text: it holds what the device's kind
  /// rejects.
  static let textPages = """
    {"name": "books", "item": "book",
     "fields": [{"name": "title", "type": "text", "required": true}, {"name": "pages", "type": "text"}]}
    """

  @Test(arguments: RemoteKind.allCases)
  func anItemTheKindRejectsNamesPageItemAndFieldAndWritesNothingOfThePage(_ kind: RemoteKind) async throws {
    try await SyncRemote.with(kind, serverKind: Self.textPages) { remote in
      try await withTemporaryDatabase { database in
        let books = try Books.register(database)
        try await remote.add([["title": "One"], ["title": "Two"], ["title": "Three"], ["title": "Four", "pages": "many"]])
        let sync = Books.sync(books, try remote.client(pageSize: 2))
        do throws(SyncError) {
          try await sync.all()
          Issue.record("page 2 should have been rejected")
        } catch {
          #expect(error.message == "page 2: item 2: field 'pages' must be an integer.")
          #expect(error.exitCode == 65)
          #expect(error.kind == "rejected")
        }
        #expect(try Books.titles(books) == ["One", "Two"])
        let state = try #require(try books.replica.syncState())
        // Page 1's cursor, as the remote gives it again.
        let cursor = try await remote.client(pageSize: 2).fetchPage(number: 1, cursor: nil).nextCursor
        #expect(cursor != nil)
        #expect(state.nextCursor == cursor)
        #expect(state.nextPage == 2)
        #expect(state.lastError == LoadError(kind: "rejected", message: "page 2: item 2: field 'pages' must be an integer.", isRetryable: false))
        #expect(state.lastError?.isRetryable == false)
        #expect(state.lastErrorPage == 2)
      }
    }
  }

  @Test func theStateRowKeepsURLCursorSuccessAndTheLastError() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    let clock = Clock()
    try await withTemporaryDatabase(configuration: .init(now: { clock.now })) { database in
      let books = try Books.register(database)
      try await remote.control(items: TestRemote.items(5))
      let sync = Books.sync(books, try makeClient(remote.url(), pageSize: 2, retry: .never))
      #expect(try books.replica.syncState() == nil)
      try await sync.refresh()
      var state = try #require(try books.replica.syncState())
      #expect(state.remoteURL == remote.url())
      #expect(state.lastSuccessAt == clock.now)
      #expect(state.nextCursor == "at 2/+&=")
      #expect(state.nextPage == 2)
      #expect(!state.isComplete)
      #expect(state.itemCount == 2)
      #expect(state.lastError == nil)
      let synced = clock.now
      clock.advance()
      try await remote.control(faults: [["status": 503]])
      await #expect(throws: SyncError.self) { try await sync.next() }
      state = try #require(try books.replica.syncState())
      #expect(state.lastSuccessAt == synced)
      #expect(state.lastAttemptAt == clock.now)
      #expect(state.lastError == LoadError(kind: "server_error", message: "page 2: the server failed (503).", isRetryable: true))
      #expect(state.lastError?.isRetryable == true)
      #expect(state.lastErrorPage == 2)
      #expect(state.nextCursor == "at 2/+&=")
      try await sync.all(resume: true)
      state = try #require(try books.replica.syncState())
      #expect(state.isComplete)
      #expect(state.nextCursor == nil)
      #expect(state.nextPage == 4)
      #expect(state.lastError == nil)
      #expect(try await sync.next() == nil)
      #expect(try await remote.log().count == 4)
    }
  }

  @Test func aPageOfAnOlderRefreshIsDropped() async throws {
    try withTemporaryDatabase { database in
      let books = try Books.register(database)
      func page(_ number: Int, _ ids: [Int], generation: Int64? = nil) -> RemotePageWrite {
        RemotePageWrite(
          remoteURL: "http://127.0.0.1:1/items", number: number,
          items: ids.map {
            RemoteDraft(remoteID: String($0), remoteIDIsInteger: true, draft: DynamicDraft(["title": .text("B\($0)")]))
          }, nextCursor: "c\(number + 1)", generation: generation)
      }
      let first = try books.replica.writeRemotePage(page(1, [1, 2]))
      // Another process refreshes meanwhile.
      let second = try books.replica.writeRemotePage(page(1, [3]))
      #expect(second.state.generation == first.state.generation + 1)
      let late = try books.replica.writeRemotePage(page(2, [4, 5], generation: first.state.generation))
      #expect(!late.written)
      #expect(try Books.titles(books).sorted() == ["B1", "B2", "B3"])
      #expect(try books.replica.writeRemotePage(page(2, [4], generation: second.state.generation)).written)
      // A page that does not follow the stored cursor is dropped too.
      #expect(try !books.replica.writeRemotePage(page(2, [6], generation: second.state.generation)).written)
      #expect(try Books.titles(books).sorted() == ["B1", "B2", "B3", "B4"])
    }
  }

  @Test func stringAndIntegerIdsAreDifferentItems() throws {
    try withTemporaryDatabase { database in
      let books = try Books.register(database)
      _ = try books.replica.writeRemotePage(
        RemotePageWrite(
          remoteURL: "http://127.0.0.1:1/items", number: 1,
          items: [
            RemoteDraft(remoteID: "1", remoteIDIsInteger: true, draft: DynamicDraft(["title": .text("int")])),
            RemoteDraft(remoteID: "1", remoteIDIsInteger: false, draft: DynamicDraft(["title": .text("text")])),
          ], nextCursor: nil))
      #expect(try books.count() == 2)
    }
  }

  @Test(arguments: RemoteKind.allCases)
  func noHeaderValueIsWrittenToTheFile(_ kind: RemoteKind) async throws {
    try await SyncRemote.with(kind) { remote in
      try await withTemporaryFolder { folder in
        let path = folder.path()
        do {
          let database = try ListsDatabase(path: path)
          let books = try Books.register(database)
          try await remote.add(count: 3)
          // The token is sent: page 1 is written. Then it is refused.
          let sync = Books.sync(books, try remote.client(pageSize: 2))
          try await sync.refresh()
          try await remote.refuseToken()
          await #expect(throws: SyncError.self) { try await sync.all(resume: true) }
          #expect(try books.replica.syncState()?.lastError?.kind == "refused")
          #expect(try books.replica.syncState()?.lastErrorPage == 2)
        }
        if let python = remote.python { #expect(try await python.log().first?.authorization == "Bearer " + remote.token) }
        // The token, or its start.
        let secret = Data(remote.token.prefix(6).utf8)
        var found: [String] = []
        for name in try folder.contents() {
          let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.path(name)))
          if bytes.range(of: secret) != nil { found.append(name) }
        }
        #expect(found == [])
        #expect(try folder.contents().contains { $0.hasSuffix(".db") })
      }
    }
  }

  /// The cached rows, their remote ids and the cursor, as the sqlite3 shell dumps them.
  static func cacheDump(_ path: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "sqlite3", "-cmd", ".timeout 5000", path,
      "SELECT * FROM books ORDER BY id; SELECT * FROM list_sync_items ORDER BY item_id;"
        + " SELECT remote_url, last_success_at, next_cursor, next_page, complete, item_count, generation FROM list_sync;",
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}

/// A clock the test moves: one second a step.
final class Clock: @unchecked Sendable {
  private let lock = NSLock()
  private var millis: Int64 = 1_800_000_000_000
  var now: Timestamp { lock.withLock { Timestamp(millisecondsSince1970: millis) } }
  func advance() { lock.withLock { millis += 1000 } }
}
