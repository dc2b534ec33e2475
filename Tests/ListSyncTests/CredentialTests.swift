import ListProtocol
import ListStore
import ListSync
import ListsCLI
import TestSupport
import Testing

/// Credentials belong to one origin: scheme, host and port.
@Suite struct CredentialTests {
  @Test(arguments: [
    ("https://Example.COM/books?x=1", "https://example.com", 443),
    ("http://127.0.0.1:8080", "http://127.0.0.1:8080", 8080),
    ("http://h:80/", "http://h", 80),
    ("HTTP://[::1]:9/x", "http://[::1]:9", 9),
  ])
  func anOriginIsSchemeHostAndPort(_ url: String, _ shown: String, _ port: Int) throws {
    let origin = try RemoteOrigin(url: url)
    #expect(origin.description == shown)
    #expect(origin.port == port)
  }

  @Test(arguments: [
    ("http://user:pa55@h/items", RemoteOrigin.Problem.userInfo),
    ("http://user@h/items", .userInfo),
    ("http://h\\@evil/items", .userInfo),
    ("ftp://h/items", .notHTTP),
    ("http://:80/", .notHTTP),
    ("http://h:99999/", .notHTTP),
    ("http://h:+80/", .notHTTP),
    ("http://h\\/", .notHTTP),
  ])
  func aURLWithoutAnOriginForCredentialsIsRefused(_ url: String, _ problem: RemoteOrigin.Problem) {
    #expect(throws: problem) { try RemoteOrigin(url: url) }
  }

  @Test func anOriginLineNamesNoPath() {
    #expect(RemoteOrigin(origin: "https://h:443/") == (try? RemoteOrigin(url: "https://h")))
    #expect(RemoteOrigin(origin: "https://h/items") == nil)
    #expect(RemoteOrigin(origin: "Authorization:") == nil)
    #expect(RemoteOrigin(origin: "https://u:p@h") == nil)
  }

  @Test func aClientRefusesAURLWithAPassword() {
    let error = #expect(throws: RemoteError.self) {
      try RemoteClient(RemoteConfiguration(url: "https://u:s3cret@example.com/items"))
    }
    #expect(error?.exitCode == 64)
    #expect(error?.message.contains("s3cret") == false)
  }

  @Test func theVariablesLinesAreFilteredToTheRemotesOrigin() throws {
    let variable = """
      https://a.example X-Token: a
      https://b.example:8443 X-Token: b
      https://a.example:443/  Authorization: Bearer a2

      """
    let headers = try SyncHeaders(
      origin: try RemoteOrigin(url: "https://a.example/items"), given: ["x-token: given"], environment: variable)
    #expect(headers.fields.map(\.name) == ["Authorization", "x-token"])
    #expect(headers.fields.map(\.value) == ["Bearer a2", "given"])
    #expect(headers.childVariable == "https://a.example Authorization: Bearer a2\nhttps://a.example x-token: given\n")
    let other = try SyncHeaders(remoteURL: "https://c.example/items", environment: variable)
    #expect(other.fields.isEmpty)
  }

  @Test(arguments: ["Authorization: Bearer x", "a.example X-Token: a", "https://a.example/items X-Token: a", "https://a.example"])
  func aLineNamingNoOriginOrNoHeaderIsRefused(_ line: String) throws {
    #expect(throws: CLIError.self) {
      try SyncHeaders(remoteURL: "https://a.example/", environment: "https://a.example X-Ok: 1\n" + line)
    }
  }

  @Test func noHeaderFollowsARedirectToAnotherOrigin() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    let other = try await TestRemote.start()
    defer { other.stop() }
    try await other.control(items: TestRemote.items(1), faults: [["redirect": remote.url()]])
    try await remote.control(
      items: TestRemote.items(2), faults: [["redirect": other.url()], ["redirect": other.url()]])
    let headers = try ["X-Api-Key: k3y", "Authorization: Bearer t0k", "Cookie: c=1"].map {
      try RemoteHeader(parsing: $0)
    }
    let client = try makeClient(remote.url(), headers: headers)
    // remote → other → remote (stripped at the first hop, not restored); remote → other.
    _ = try await client.fetchPage(number: 1, cursor: nil)
    _ = try await client.fetchPage(number: 1, cursor: nil)
    let sent = try await remote.log().map(\.headers)
    #expect(sent.map { $0["x-api-key"] } == ["k3y", nil, "k3y"])
    let forwarded = try await other.log().map(\.headers)
    #expect(forwarded.count == 2)
    for request in forwarded {
      #expect(request["x-api-key"] == nil && request["authorization"] == nil && request["cookie"] == nil)
    }
  }
}
