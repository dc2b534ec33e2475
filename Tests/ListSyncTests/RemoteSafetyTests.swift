import TestSupport
import ListPaging
import ListProtocol
import ListSync
import Testing

/// Redirects and secrets, against the test server.
@Suite struct RemoteSafetyTests {
  static let token = "Bearer s3cr3t-t0ken-value"

  @Test func aRedirectToTheSameSchemeIsFollowed() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(items: TestRemote.items(2), faults: [["redirect": "/items"]])
    let page = try await makeClient(remote.url("/old")).fetchPage(number: 1, cursor: nil)
    #expect(page.items.count == 2)
    #expect(try await remote.log().map(\.path) == ["/old", "/items"])
  }

  @Test func aRedirectToAnotherSchemeIsRefusedWithoutFollowingIt() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(
      items: TestRemote.items(2), faults: [["redirect": "https://127.0.0.1:\(remote.port)/items"]])
    let client = try makeClient(remote.url())
    let error = try await #require(throws: RemoteError.self) {
      try await client.fetchPage(number: 1, cursor: nil)
    }
    // Had it been followed, a TLS handshake with this plain-HTTP server would have failed
    // (and the server would have logged a second request).
    #expect(error.kind == .redirectRefused)
    #expect(error.message == "page 1: a redirect from http to https was refused.")
    #expect(error.exitCode == 76)
    #expect(!error.isRetryable)
    #expect(try await remote.log().count == 1)
  }

  @Test func redirectsAreBounded() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(
      items: TestRemote.items(2), faults: Array(repeating: ["redirect": "/items"], count: 6))
    let client = try makeClient(remote.url(), retry: .never, maxRedirects: 2)
    let error = try await #require(throws: RemoteError.self) {
      try await client.fetchPage(number: 1, cursor: nil)
    }
    #expect(error.message == "page 1: more than 2 redirects.")
    #expect(try await remote.log().count == 3)
  }

  @Test func headersAreSentButNotToAnotherOrigin() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    let other = try await TestRemote.start()
    defer { other.stop() }
    try await other.control(items: TestRemote.items(1))
    try await remote.control(
      items: TestRemote.items(2), faults: [[:], ["redirect": "/items"], ["redirect": other.url()]])
    let header = try RemoteHeader(parsing: "Authorization: \(Self.token)")
    let client = try makeClient(remote.url(), headers: [header])
    _ = try await client.fetchPage(number: 1, cursor: nil)
    _ = try await client.fetchPage(number: 1, cursor: nil)
    _ = try await client.fetchPage(number: 1, cursor: nil)
    // Sent on every request to the remote, a same-origin redirect included; not to the other.
    #expect(try await remote.log().map(\.authorization) == Array(repeating: Self.token, count: 4))
    #expect(try await other.log().map(\.authorization) == [nil])
  }

  @Test(
    arguments: [
      ["status": 401], ["status": 500], delayFault, ["bad_json": true], ["reset": true],
      ["redirect": "https://127.0.0.1:1/items"],
    ] as [[String: any Sendable]])
  func noErrorShowsAHeaderValue(_ fault: [String: any Sendable]) async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(items: TestRemote.items(2), faults: Array(repeating: fault, count: 2))
    let header = try RemoteHeader(parsing: "Authorization: \(Self.token)")
    let client = try makeClient(
      remote.url(), headers: [header], retry: RetryPolicy(maxAttempts: 2), connectTimeout: delayTimeout)
    let error = try await #require(throws: RemoteError.self) {
      try await client.fetchPage(number: 1, cursor: nil)
    }
    var dumped = ""
    dump(error, to: &dumped)
    dump(client.configuration, to: &dumped)
    let shown = [
      error.message, "\(error)", String(reflecting: error), LoadError(classifying: error).message,
      dumped, "\(client.configuration.headers)",
    ]
    for text in shown {
      #expect(!text.contains("s3cr3t"))
      #expect(!text.contains("\n") || text == dumped)
    }
    #expect(dumped.contains("Authorization"))
  }
}
