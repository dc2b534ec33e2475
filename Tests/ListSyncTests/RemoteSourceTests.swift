import TestSupport
import ListPaging
import ListSync
import Testing

/// The remote as a loader's page source.
@Suite struct RemoteSourceTests {
  @Test func pagesCarryTheirNumberInTheCursorAndErrorsClassify() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(items: TestRemote.items(3), faults: [[:], ["missing": "id"]])
    let source = RemoteSource(client: try makeClient(remote.url()))
    let first = try await source.page(.after(nil), limit: 2, query: nil)
    #expect(first.items.map(\.remoteID.text) == ["1", "2"])
    let cursor = try #require(first.nextCursor)
    #expect(cursor == RemoteCursor(value: "at 2/+&=", page: 2))
    // A remote list is read from its top: no page before a place.
    await #expect(throws: LoadError.forwardOnly) { try await source.page(.before(cursor), limit: 2, query: nil) }
    do {
      _ = try await source.page(.after(cursor), limit: 2, query: nil)
      Issue.record("page 2 should have failed")
    } catch {
      let classified = LoadError(classifying: error)
      #expect(classified.kind == "protocol")
      #expect(!classified.isRetryable)
      #expect(classified.message == "page 2: item 1 has no \"id\".")
    }
  }

  @Test func cancellingDropsTheRequestInFlight() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(items: TestRemote.items(2), faults: [delayFault])
    let source = RemoteSource(client: try makeClient(remote.url()))
    let task = Task { try await source.page(.after(nil), limit: 2, query: nil) }
    // Wait (at most 2 s) until the server holds the request, then cancel it. Uncancelled, the
    // page would arrive after the server's delay, within the connect timeout.
    var polls = 0
    while try await remote.log().isEmpty, polls < 200 {
      polls += 1
      try await Task.sleep(for: .milliseconds(10))
    }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
