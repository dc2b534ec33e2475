import TestSupport
import ListSync
import Testing

/// The protocol and the paging walk, against the Python test remote and `lists-server`; what
/// only the Python remote can be made to do (ids and queries of the test's choosing, a loop, data
/// changed between two pages of a walk) against it alone.
@Suite struct RemoteClientTests {
  @Test(arguments: RemoteKind.allCases)
  func walksPagesWithPercentEncodedCursorsAndStopsAtNull(_ kind: RemoteKind) async throws {
    try await SyncRemote.with(kind) { remote in
      try await remote.add(count: 5)
      let ids = try await remote.items().map(SyncRemote.remoteID)
      let client = try remote.client()
      let before = try await remote.requests().pulls
      var pages: [RemotePage] = []
      let count = try await client.fetchAll { pages.append($0) }
      #expect(count == 3)
      #expect(pages.map(\.number) == [1, 2, 3])
      #expect(pages.flatMap { $0.items.map(\.remoteID) } == ids)
      #expect(pages.map { $0.nextCursor == nil } == [false, false, true])
      #expect(try await remote.requests().pulls == before + 3)
      // The Python remote's cursors need percent-encoding, and its log shows them sent so.
      if let python = remote.python {
        #expect(pages.map(\.nextCursor) == ["at 2/+&=", "at 4/+&=", nil])
        #expect(
          try await python.log().map(\.query) == [
            "limit=2", "limit=2&cursor=at%202%2F%2B%26%3D", "limit=2&cursor=at%204%2F%2B%26%3D",
          ])
      }
    }
  }

  @Test func appendsToAQueryTheURLAlreadyHas() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(items: TestRemote.items(3))
    let client = try makeClient(remote.url("/items?tenant=a%20b#top"))
    _ = try await client.fetchAll { _ in }
    #expect(
      try await remote.log().map(\.query) == [
        "tenant=a%20b&limit=2", "tenant=a%20b&limit=2&cursor=at%202%2F%2B%26%3D",
      ])
  }

  @Test func keepsStringAndIntegerIdsAndTheItemsExactly() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(
      itemsJSON:
        #"[{"id": "b-7", "big": 123456789012345678901}, {"id": 12345678901234, "title": "x"}]"#)
    let page = try await makeClient(remote.url()).fetchPage(number: 1, cursor: nil)
    #expect(page.items.map(\.remoteID) == [.string("b-7"), .integer("12345678901234")])
    #expect(
      page.items.map(\.json) == [
        #"{"id":"b-7","big":123456789012345678901}"#, #"{"id":12345678901234,"title":"x"}"#,
      ])
    #expect(page.nextCursor == nil)
  }

  @Test(arguments: RemoteKind.allCases)
  func anEmptyListIsOnePageWithNoItems(_ kind: RemoteKind) async throws {
    try await SyncRemote.with(kind) { remote in
      var pages: [RemotePage] = []
      try await remote.client().fetchAll { pages.append($0) }
      #expect(pages.count == 1)
      #expect(pages.first?.items.isEmpty == true)
      #expect(pages.first?.nextCursor == nil)
      #expect(try await remote.requests().pulls == 1)
    }
  }

  @Test func dataChangingBetweenPagesIsReadAsTheServerNowHasIt() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    // Before page 2, item 1 is deleted: item 3 moves to offset 1 and is served again.
    let changed: [[String: Any]] = [
      ["id": 2, "title": "Item 2"], ["id": 3, "title": "Item 3, edited"],
      ["id": 4, "title": "Item 4"],
    ]
    try await remote.control(items: TestRemote.items(4), faults: [[:], ["change": changed]])
    var pages: [RemotePage] = []
    try await makeClient(remote.url()).fetchAll { pages.append($0) }
    #expect(pages.map { $0.items.map(\.remoteID.text) } == [["1", "2"], ["4"]])
    // The walk follows the server's cursors; ids, not positions, identify items, so the store
    // can update an item seen twice instead of duplicating it.
    #expect(pages.last?.nextCursor == nil)
  }

  @Test func aCursorThatLoopsEndsTheWalk() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(
      items: TestRemote.items(6), faults: [[:], ["repeat_cursor": true]])
    let error = try await #require(
      throws: RemoteError.self, performing: { try await makeClient(remote.url()).fetchAll { _ in } })
    #expect(error.kind == .protocolError)
    #expect(error.message == "page 2: \"next_cursor\" repeats a cursor already followed.")
    #expect(error.exitCode == 76)
    #expect(try await remote.log().count == 2)
  }

  @Test(arguments: RemoteKind.allCases)
  func theWalkIsBoundedByMaxPages(_ kind: RemoteKind) async throws {
    try await SyncRemote.with(kind) { remote in
      try await remote.add(count: 10)
      let before = try await remote.requests().pulls
      let client = try remote.client(pageSize: 1)
      let error = try await #require(
        throws: RemoteError.self, performing: { try await client.fetchAll(maxPages: 3) { _ in } })
      #expect(error.message == "page 4: the list did not end within 3 pages.")
      #expect(try await remote.requests().pulls == before + 3)
    }
  }
}
