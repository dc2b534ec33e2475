import Foundation
import TestSupport
import ListProtocol
import Testing

/// A push the storage cannot take is answered `503` with `Retry-After`, and nothing of it is
/// applied; sent again later, it is applied once.
@Suite(.serialized) struct StorageFailureTests {
  @Test func aPushWhileAnotherProcessHoldsTheFileIs503AndAppliesNothing() async throws {
    let server = try await ServerProcess.start()
    defer { Task { await server.remove() } }
    let client = Client()
    let alice = server.tokens["alice"]
    // Another program holds the write lock past the server's busy timeout (5 s).
    let marker = server.folder + "/locked"
    async let holder = runProgram(
      "/usr/bin/env",
      [
        // It waits for the server's own start-up writes, and stops (no marker) if it cannot lock.
        "sqlite3", "-bail", "-cmd", ".timeout 5000", server.database, "BEGIN IMMEDIATE;",
        ".shell touch \(marker); sleep 8", "COMMIT;",
      ])
    for _ in 0..<100 where !FileManager.default.fileExists(atPath: marker) {
      try await Task.sleep(for: .milliseconds(100))
    }
    #expect(FileManager.default.fileExists(atPath: marker))
    let changes = [add("1", #"{"title": "A"}"#), add("2", #"{"title": "B"}"#)]
    let refused = try await client.push(server.url(), token: alice, changes)
    #expect(refused.status == 503)
    #expect(refused.headers["retry-after"] == "1")
    #expect(refused.error == "storage unavailable")
    #expect(try await holder.status == 0)
    let page = try await client.get(server.url(), token: alice).page()
    #expect(page.items.isEmpty)
    let results = try await client.results(server.url(), token: alice, changes)
    #expect(results.allSatisfy { if case .applied = $0.outcome { true } else { false } })
    #expect(try await client.get(server.url(), token: alice).page().items.count == 2)
    let metrics = try await client.get("http://127.0.0.1:\(server.port)/metrics", token: nil).text
    #expect(metrics.contains("lists_server_storage_errors_total 1"))
  }

  @Test func aStopSignalLetsTheRequestInFlightFinishThenExits0() async throws {
    let server = try await ServerProcess.start()
    defer { Task { await server.remove() } }
    let marker = server.folder + "/locked"
    async let holder = runProgram(
      "/usr/bin/env",
      [
        "sqlite3", "-bail", "-cmd", ".timeout 5000", server.database, "BEGIN IMMEDIATE;",
        ".shell touch \(marker); sleep 3", "COMMIT;",
      ])
    for _ in 0..<100 where !FileManager.default.fileExists(atPath: marker) {
      try await Task.sleep(for: .milliseconds(100))
    }
    // The push waits for the lock; SIGTERM comes while it does.
    async let pushed = Client().push(
      server.url(), token: server.tokens["alice"], [add("1", #"{"title": "Late"}"#)])
    try await Task.sleep(for: .milliseconds(500))
    let started = ContinuousClock.now
    let stopped = await server.stop()
    let answer = try await pushed
    #expect(answer.status == 200)
    #expect(stopped.status == 0)
    #expect(ContinuousClock.now - started < .seconds(10))
    #expect(try await holder.status == 0)
    #expect(stopped.stderr.contains(#""method":"POST","route":"/v1/lists/{kind}","status":200"#))
  }
}
