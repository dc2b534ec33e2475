import ListStore
import ListStoreTesting
import ListSync
import TestSupport
import Testing

@testable import ListSync

/// What one remote page may hold: no more items than asked for, a bounded cursor, and ids
/// compared as the file stores them.
@Suite struct RemoteBoundsTests {
  @Test func aPageWithMoreItemsThanAskedForIsAProtocolError() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(items: TestRemote.items(5), faults: [["extra_items": 1]])
    let error = try await #require(throws: RemoteError.self) {
      try await makeClient(remote.url(), pageSize: 2).fetchPage(number: 1, cursor: nil)
    }
    #expect(error.message == "page 1: the page holds 3 items; 2 were asked for.")
    #expect(error.exitCode == 76)
    #expect(!error.isRetryable)
  }

  @Test func aCursorLongerThanTheBoundIsAProtocolError() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(
      items: TestRemote.items(5),
      faults: [["cursor_bytes": SyncState.maxCursorBytes], ["cursor_bytes": SyncState.maxCursorBytes + 1]])
    let client = try makeClient(remote.url(), pageSize: 2)
    let longest = try await client.fetchPage(number: 1, cursor: nil)
    #expect(longest.nextCursor?.utf8.count == 4096)
    let error = try await #require(throws: RemoteError.self) {
      try await client.fetchPage(number: 1, cursor: nil)
    }
    #expect(error.message == "page 1: \"next_cursor\" is 4097 bytes long; at most 4096 are accepted.")
    #expect(error.exitCode == 76)
  }

  @Test func aWalkStillStopsAtARepeatedCursor() async throws {
    var check = CursorLoopCheck()
    try check.follow("a", page: 1)
    try check.follow("b", page: 2)
    let error = try #require(throws: RemoteError.self) { try check.follow("a", page: 3) }
    #expect(error.message == "page 3: \"next_cursor\" repeats a cursor already followed.")
  }

  @Test(arguments: [
    (
      #"{"items": [{"id": 0}, {"id": -0}], "next_cursor": null}"#,
      "page 2: item 2 has the same \"id\" as item 1."
    ),
    (
      #"{"items": [{"id": 9223372036854775808}], "next_cursor": null}"#,
      "page 2: item 1's \"id\" 9223372036854775808 is outside the 64-bit integers this client stores exactly."
    ),
    (
      #"{"items": [{"id": "5"}, {"id": -18446744073709551616}], "next_cursor": null}"#,
      "page 2: item 2's \"id\" -18446744073709551616 is outside the 64-bit integers this client stores exactly."
    ),
  ])
  func idsAreComparedAsStored(_ body: String, _ message: String) throws {
    let error = try #require(throws: RemoteError.self) { try PageDecoder.decode(Array(body.utf8), page: 2) }
    #expect(error.message == message)
    #expect(error.exitCode == 76)
  }

  @Test func theLimitsOfInt64AreIdsAndMinusZeroIsZero() throws {
    let body = #"{"items": [{"id": -9223372036854775808}, {"id": 9223372036854775807}, {"id": -0}], "next_cursor": null}"#
    let page = try PageDecoder.decode(Array(body.utf8), page: 1)
    #expect(
      page.items.map(\.remoteID) == [
        .integer("-9223372036854775808"), .integer("9223372036854775807"), .integer("0"),
      ])
  }

  @Test func equalIntegerIdsOnTwoPagesAreOneItem() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await withTemporaryDatabase { database in
      let books = try Books.register(database)
      let sync = Books.sync(books, try makeClient(remote.url(), pageSize: 2))
      try await remote.control(faults: [
        ["body": #"{"items": [{"id": 0, "title": "Zero"}, {"id": "0", "title": "Text zero"}], "next_cursor": "at 2/+&="}"#],
        ["body": #"{"items": [{"id": -0, "title": "Zero again"}], "next_cursor": null}"#],
      ])
      #expect(try await sync.all() == 2)
      #expect(try books.count() == 2)
      #expect(Set(try Books.titles(books)) == ["Zero again", "Text zero"])
    }
  }

  @Test func aStoreWriteRefusesTwoItemsWithOneStoredId() async throws {
    try withTemporaryDatabase { database in
      let books = try Books.register(database)
      func draft(_ title: String) -> DynamicDraft { DynamicDraft(["title": .text(title)]) }
      for ids in [[("0", true), ("-0", true)], [("7", true), ("+7", true)]] {
        let page = RemotePageWrite(
          remoteURL: "http://127.0.0.1:1/items", number: 1,
          items: ids.map { RemoteDraft(remoteID: $0.0, remoteIDIsInteger: $0.1, draft: draft($0.0)) },
          nextCursor: nil)
        let error = try #require(throws: ListStoreError.self) { try books.replica.writeRemotePage(page) }
        guard case .importRejected(let position, _) = error else { Issue.record("\(error)"); continue }
        #expect(position == 2)
      }
      let huge = RemotePageWrite(
        remoteURL: "http://127.0.0.1:1/items", number: 1,
        items: [RemoteDraft(remoteID: "18446744073709551616", remoteIDIsInteger: true, draft: draft("Huge"))],
        nextCursor: nil)
      #expect(throws: ListStoreError.self) { try books.replica.writeRemotePage(huge) }
      #expect(try books.count() == 0)
    }
  }
}
