import ListPaging
import ListProtocol
import TestSupport
import ListSync
import Testing

/// Each fault the server can be told to make, and what the client makes of it; a body over the
/// client's bound, which needs no fault, against `lists-server` too.
@Suite struct RemoteFaultTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var fault: [String: any Sendable]
    var kind: ErrorKind
    var exitCode: Int32
    var message: String
    var testDescription: String { name }
  }

  /// Permanent faults: one request, never retried, whatever the policy.
  static let permanent: [Case] = [
    Case(
      name: "401", fault: ["status": 401], kind: .refused, exitCode: 77,
      message: "page 1: the server refused the request (401); check the credentials."),
    Case(
      name: "403", fault: ["status": 403], kind: .refused, exitCode: 77,
      message: "page 1: the server refused the request (403); check the credentials."),
    Case(
      name: "404", fault: ["status": 404], kind: .clientError, exitCode: 76,
      message: "page 1: the server rejected the request (404); check the URL."),
    Case(
      name: "truncated body", fault: ["truncate": true], kind: .protocolError, exitCode: 76,
      message: "page 1: the body is cut short: 98 of the 198 bytes its Content-Length announced."),
    Case(
      name: "bad JSON", fault: ["bad_json": true], kind: .protocolError, exitCode: 76,
      message: "page 1: the body is not JSON (column 50: unexpected end of input)."),
    Case(
      name: "missing items", fault: ["missing": "items"], kind: .protocolError, exitCode: 76,
      message: "page 1: the body has no \"items\"."),
    Case(
      name: "missing next_cursor", fault: ["missing": "next_cursor"], kind: .protocolError,
      exitCode: 76, message: "page 1: the body has no \"next_cursor\"."),
    Case(
      name: "missing id", fault: ["missing": "id", "index": 1], kind: .protocolError,
      exitCode: 76, message: "page 1: item 2 has no \"id\"."),
    Case(
      name: "items not an array", fault: ["wrong_type": "items"], kind: .protocolError,
      exitCode: 76, message: "page 1: \"items\" is an object, not an array."),
    Case(
      name: "next_cursor a number", fault: ["wrong_type": "next_cursor"], kind: .protocolError,
      exitCode: 76, message: "page 1: \"next_cursor\" is a number, not a string or null."),
  ]

  @Test(arguments: permanent)
  func permanentFaultsAreNotRetried(_ fault: Case) async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(items: TestRemote.items(3), faults: [fault.fault])
    let time = VirtualTime()
    let client = try makeClient(remote.url(), time: time)
    let error = try await #require(throws: RemoteError.self) {
      try await client.fetchPage(number: 1, cursor: nil)
    }
    #expect(error.kind == fault.kind)
    #expect(error.exitCode == fault.exitCode)
    #expect(error.message == fault.message)
    #expect(!error.isRetryable)
    #expect(error.attempts == 1)
    #expect(time.sleeps.isEmpty)
    #expect(try await remote.log().count == 1)
  }

  @Test(arguments: RemoteKind.allCases)
  func aBodyLargerThanTheLimitIsRefused(_ kind: RemoteKind) async throws {
    try await SyncRemote.with(kind) { remote in
      try await remote.add(count: 40)
      let before = try await remote.requests().pulls
      let client = try remote.client(pageSize: 40, maxBodyBytes: 1_000)
      let error = try await #require(throws: RemoteError.self) {
        try await client.fetchPage(number: 1, cursor: nil)
      }
      #expect(error.message == "page 1: the body is larger than 1000 bytes.")
      #expect(error.exitCode == 76)
      #expect(try await remote.requests().pulls == before + 1)
    }
  }

  @Test func aFaultOnALaterPageNamesThatPageAndStopsTheWalk() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(
      items: TestRemote.items(9), faults: [[:], ["missing": "id", "index": 2]])
    var pages: [Int] = []
    let error = try await #require(
      throws: RemoteError.self,
      performing: { try await makeClient(remote.url(), pageSize: 3).fetchAll { pages.append($0.number) } }
    )
    #expect(error.message == "page 2: item 3 has no \"id\".")
    #expect(pages == [1])
    #expect(try await remote.log().count == 2)
  }

  /// Retryable faults: retried, the same page asked for again, and then the page.
  static let retryable: [(String, [String: any Sendable])] = [
    ("500", ["status": 500]),
    ("503", ["status": 503]),
    ("429", ["status": 429]),
    ("delay past the timeout", delayFault),
    ("reset mid-body", ["reset": true]),
  ]

  @Test(arguments: retryable)
  func retryableFaultsAreRetriedOnTheSamePage(_ name: String, _ fault: [String: any Sendable])
    async throws
  {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(items: TestRemote.items(5), faults: [fault])
    let time = VirtualTime(random: 0.5)
    let client = try makeClient(remote.url(), time: time, connectTimeout: delayTimeout)
    let page = try await client.fetchPage(number: 2, cursor: "at 2/+&=")
    #expect(page.items.map(\.remoteID.text) == ["3", "4"])
    #expect(time.sleeps == [.milliseconds(125)])
    let queries = try await remote.log().map(\.query)
    #expect(queries == Array(repeating: "limit=2&cursor=at%202%2F%2B%26%3D", count: 2))
  }

  @Test(
    arguments: [
      (
        "500", ["status": 500], ErrorKind.serverError,
        "page 1: the server failed (500); gave up after 3 attempts."
      ),
      (
        "429", ["status": 429], .rateLimited,
        "page 1: the server is rate limiting (429); gave up after 3 attempts."
      ),
      (
        "delay", delayFault, .timeout,
        "page 1: the server did not answer in time; gave up after 3 attempts."
      ),
      (
        "reset", ["reset": true], .connectionLost,
        "page 1: the connection dropped mid-answer; gave up after 3 attempts."
      ),
    ] as [(String, [String: any Sendable], ErrorKind, String)])
  func retriesAreBoundedInCount(
    _ name: String, _ fault: [String: any Sendable], _ reason: ErrorKind,
    _ message: String
  ) async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(items: TestRemote.items(3), faults: Array(repeating: fault, count: 5))
    let time = VirtualTime(random: 0.999)
    let client = try makeClient(
      remote.url(), time: time, retry: RetryPolicy(maxAttempts: 3), connectTimeout: delayTimeout)
    let error = try await #require(throws: RemoteError.self) {
      try await client.fetchPage(number: 1, cursor: nil)
    }
    #expect(error.kind == reason)
    #expect(error.exitCode == 75)
    #expect(error.isRetryable)
    #expect(error.attempts == 3)
    #expect(error.message == message)
    // Full jitter: each wait is below its cap (250 ms, then 500 ms).
    #expect(time.sleeps.count == 2)
    #expect(time.sleeps[0] < .milliseconds(250) && time.sleeps[0] > .milliseconds(240))
    #expect(time.sleeps[1] < .milliseconds(500) && time.sleeps[1] > .milliseconds(490))
    #expect(try await remote.log().count == 3)
  }

  @Test func retryAfterSecondsIsHonoured() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(
      items: TestRemote.items(2), faults: [["status": 503, "retry_after": 3]])
    let time = VirtualTime()
    _ = try await makeClient(remote.url(), time: time).fetchPage(number: 1, cursor: nil)
    #expect(time.sleeps == [.seconds(3)])
    #expect(try await remote.log().count == 2)
  }

  @Test func retryAfterDateIsHonoured() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    // 1764000000 is Mon, 24 Nov 2025 16:00:00 GMT.
    try await remote.control(
      items: TestRemote.items(2),
      faults: [["status": 429, "retry_after": "Mon, 24 Nov 2025 16:00:07 GMT"]])
    let time = VirtualTime(unixTime: 1_764_000_000)
    _ = try await makeClient(remote.url(), time: time).fetchPage(number: 1, cursor: nil)
    #expect(time.sleeps == [.seconds(7)])
  }

  @Test func aRetryAfterBeyondTheCapEndsTheRetries() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(
      items: TestRemote.items(2), faults: [["status": 429, "retry_after": 3600]])
    let time = VirtualTime()
    let client = try makeClient(remote.url(), time: time)
    let error = try await #require(throws: RemoteError.self) {
      try await client.fetchPage(number: 1, cursor: nil)
    }
    #expect(error.kind == .rateLimited)
    #expect(error.exitCode == 75)
    #expect(time.sleeps.isEmpty)
    #expect(try await remote.log().count == 1)
  }

  @Test func retriesStopWithinTheTotalBudget() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(
      items: TestRemote.items(2),
      faults: Array(repeating: ["status": 503, "retry_after": 4], count: 9))
    let time = VirtualTime()
    let policy = RetryPolicy(maxAttempts: 10, totalBudget: .seconds(10))
    let client = try makeClient(remote.url(), time: time, retry: policy)
    let error = try await #require(throws: RemoteError.self) {
      try await client.fetchPage(number: 1, cursor: nil)
    }
    #expect(error.kind == .serverError)
    #expect(error.attempts == 3)
    #expect(time.sleeps == [.seconds(4), .seconds(4)])
    #expect(try await remote.log().count == 3)
  }

  @Test func aRefusedConnectionIsUnreachableAndRetried() async throws {
    let remote = try await TestRemote.start()
    let url = remote.url()
    remote.stop()
    let time = VirtualTime()
    let client = try makeClient(url, time: time, retry: RetryPolicy(maxAttempts: 2))
    let error = try await #require(throws: RemoteError.self) {
      try await client.fetchPage(number: 1, cursor: nil)
    }
    #expect(error.kind == .unreachable)
    #expect(error.exitCode == 69)
    #expect(error.isRetryable)
    #expect(error.attempts == 2)
    #expect(time.sleeps.count == 1)
  }
}
