import Foundation
import TestSupport
import ListProtocol
import Testing

@Suite(.serialized) struct LimitTests {
  let client = Client()

  @Test func everyErrorStatusHasItsJSONBody() async throws {
    let server = try await ServerProcess.start()
    defer { Task { await server.remove() } }
    let alice = server.tokens["alice"]
    let cases: [(String, Answer, Int)] = [
      ("no token", try await client.get(server.url(), token: nil), 401),
      ("unknown token", try await client.get(server.url(), token: "lst_nothing"), 401),
      ("unknown kind", try await client.get(server.url("films"), token: alice), 404),
      ("bad kind name", try await client.get(server.url("Films%20x"), token: alice), 404),
      ("other method", try await client.send("DELETE", server.url(), token: alice), 405),
      ("limit 0", try await client.get(server.url(query: "limit=0"), token: alice), 400),
      ("limit 501", try await client.get(server.url(query: "limit=501"), token: alice), 400),
      ("limit text", try await client.get(server.url(query: "limit=ten"), token: alice), 400),
      ("foreign cursor", try await client.get(server.url(query: "cursor=abc"), token: alice), 400),
      (
        "foreign checkpoint", try await client.get(server.url(query: "since=x1"), token: alice), 400
      ),
      ("future checkpoint", try await client.get(server.url(query: "since=99"), token: alice), 400),
      (
        "not JSON",
        try await client.send("POST", server.url(), token: alice, body: Array("{".utf8)), 400
      ),
      (
        "not a push",
        try await client.send("POST", server.url(), token: alice, body: Array("{}".utf8)), 400
      ),
    ]
    for (name, answer, status) in cases {
      #expect(answer.status == status, "\(name)")
      #expect(answer.headers["content-type"] == "application/json", "\(name)")
      #expect(answer.error != nil, "\(name): \(answer.text)")
    }
    #expect(cases[0].1.headers["www-authenticate"] == "Bearer")
    #expect(try await client.get(server.url(query: "limit=1"), token: alice).status == 200)
    #expect(try await client.get(server.url(query: "limit=500"), token: alice).status == 200)
  }

  @Test func aBodyOverOneMebibyteOrOverAHundredChangesIs413() async throws {
    let server = try await ServerProcess.start()
    defer { Task { await server.remove() } }
    let alice = server.tokens["alice"]
    let big = Array(repeating: UInt8(ascii: " "), count: (1 << 20) + 1)
    #expect(try await client.send("POST", server.url(), token: alice, body: big).status == 413)
    let huge = Array(repeating: UInt8(ascii: " "), count: 20 << 20)
    #expect(try await client.send("POST", server.url(), token: alice, body: huge).status == 413)
    let many = (0...100).map { add("c\($0)", #"{"title": "T"}"#) }
    let answer = try await client.push(server.url(), token: alice, many)
    #expect(answer.status == 413)
    #expect(answer.error?.contains("100") == true)
    let hundred = (0..<100).map { add("c\($0)", #"{"title": "T\#($0)"}"#) }
    #expect(try await client.push(server.url(), token: alice, hundred).status == 200)
  }

  @Test func headersOver16KiBAre431() async throws {
    let server = try await ServerProcess.start()
    defer { Task { await server.remove() } }
    let alice = server.tokens["alice"]
    let filler = String(repeating: "a", count: 17 << 10)
    let answer = try await client.send(
      "GET", server.url(), token: alice, headers: ["X-Filler": filler])
    #expect(answer.status == 431)
    let fine = String(repeating: "a", count: 15 << 10)
    #expect(
      try await client.send("GET", server.url(), token: alice, headers: ["X-Filler": fine]).status
        == 200)
  }

  @Test func pastMaxConnectionsARequestIs503() async throws {
    let server = try await ServerProcess.start(["--max-connections", "1"])
    defer { Task { await server.remove() } }
    let held = try RawConnection(port: server.port)
    // The header never ends: the connection stays open.
    held.send("GET /healthz HTTP/1.1\r\nHost: x\r\n")
    try await Task.sleep(for: .milliseconds(200))
    let second = try RawConnection(port: server.port)
    second.send("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    let text = await second.received()
    #expect(text.hasPrefix("HTTP/1.1 503"), "\(text.prefix(40))")
    #expect(text.contains("Retry-After: 1"))
    _ = held
  }

  @Test func healthAndMetricsAnswerInPlainText() async throws {
    let server = try await ServerProcess.start()
    defer { Task { await server.remove() } }
    let health = try await client.get("http://127.0.0.1:\(server.port)/healthz", token: nil)
    #expect(health.status == 200)
    #expect(health.text == "ok\n")
    _ = try await client.results(
      server.url(), token: server.tokens["alice"], [add("1", #"{"title": "A"}"#), add("2", #"{}"#)])
    let metrics = try await client.get("http://127.0.0.1:\(server.port)/metrics", token: nil).text
    #expect(metrics.contains(#"lists_server_requests_total{route="/healthz",status="200"} 1"#))
    #expect(
      metrics.contains(#"lists_server_requests_total{route="/v1/lists/{kind}",status="200"} 1"#))
    #expect(metrics.contains(#"lists_server_changes_total{outcome="applied"} 1"#))
    #expect(metrics.contains(#"lists_server_changes_total{outcome="rejected"} 1"#))
    #expect(metrics.contains("lists_server_request_seconds_count 2"))
    #expect(metrics.contains("lists_server_storage_errors_total 0"))
    // On PostgreSQL nodes, the buckets each holds (1,024 in all); none on one SQLite file.
    let buckets = metrics.split(separator: "\n").filter { $0.hasPrefix("lists_server_buckets{") }
    if let target = PostgresCluster.target {
      #expect(buckets.count == target.nodes, "\(buckets)")
      #expect(buckets.compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }.reduce(0, +) == 1024)
      #expect(buckets.first?.hasPrefix(#"lists_server_buckets{node="1"} "#) == true)
    } else {
      #expect(buckets.isEmpty)
    }
    let stopped = await server.stop()
    #expect(stopped.status == 0)
    // One JSON line per request, never a token.
    let lines = stopped.stderr.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[1].contains(#""method":"POST","route":"/v1/lists/{kind}","status":200"#))
    #expect(lines[1].contains(#""account":"alice""#))
    #expect(!stopped.stderr.contains(server.tokens["alice"] ?? "?"))
    #expect(!stopped.stderr.contains("title"))
  }
}
