import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct CommandTests {
  @Test func serveStopsOnSIGTERMAndSIGINTWithStatus0() async throws {
    for signal in [SIGTERM, SIGINT] {
      let server = try await ServerProcess.start()
      let health = try await Client().get("http://127.0.0.1:\(server.port)/healthz", token: nil)
      #expect(health.status == 200)
      let stopped = await server.stop(signal: signal)
      #expect(stopped.reason == .exit)
      #expect(stopped.status == 0)
      await server.remove()
    }
  }

  @Test func tokensAreListedByIdAndAccountNeverByValueAndCanBeRemoved() async throws {
    let server = try await ServerProcess.start()
    defer { Task { await server.remove() } }
    let list = try await server.command(["token", "list"])
    #expect(list.status == 0)
    let rows = list.stdout.split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true)
    }
    #expect(rows.map { String($0[1]) } == ["alice", "bob"])
    for token in server.tokens.values { #expect(!list.stdout.contains(token)) }
    let removed = try await server.command(["token", "remove", String(rows[1][0])])
    #expect(removed.status == 0)
    #expect(try await Client().get(server.url(), token: server.tokens["bob"]).status == 401)
    #expect(try await Client().get(server.url(), token: server.tokens["alice"]).status == 200)
    let again = try await server.command(["token", "remove", String(rows[1][0])])
    #expect(again.status == 65)
    #expect(again.stderr.hasPrefix("Error: No token has the id"))
  }

  @Test func kindsAreAddedUpdatedAndListedAsListsKindsAddTakesThem() async throws {
    let server = try await ServerProcess.start()
    defer { Task { await server.remove() } }
    #expect(try await server.command(["kinds"]).stdout == "books\n")
    let again = try await server.command(["kinds", "add", server.folder + "/books.json"])
    #expect(again.status == 65)
    #expect(
      try await server.command(["kinds", "update", server.folder + "/books.json"]).status == 0)
    try #"{"name": "Bad Name", "item": "x", "fields": []}"#.write(
      toFile: server.folder + "/bad.json", atomically: true, encoding: .utf8)
    let bad = try await server.command(["kinds", "add", server.folder + "/bad.json"])
    #expect(bad.status == 65)
    #expect(bad.stderr.hasPrefix("Error: The definition in"))
    #expect(
      try await server.command(["kinds", "add", server.folder + "/missing.json"]).status == 66)
  }

  @Test func aDatabaseWithANewerSchemaIsRefusedWith78() async throws {
    let server = try await ServerProcess.start()
    defer { Task { await server.remove() } }
    _ = await server.stop()
    let sqlite = try await runProgram(
      "/usr/bin/env", ["sqlite3", server.database, "PRAGMA user_version = 99"])
    #expect(sqlite.status == 0)
    let refused = try await server.command(["kinds"])
    #expect(refused.status == 78)
    #expect(refused.stderr.contains("newer than this lists-server knows"))
  }

  @Test func usageErrorsAre64AndHelpIs0() async throws {
    let folder = try ServerBinary.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let program = ServerBinary.path("lists-server")
    let help = try await runProgram(program, ["serve", "--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("--max-connections"))
    let badListen = try await runProgram(
      program, ["serve", "--listen", "nowhere", "--db", folder + "/s.db"])
    #expect(badListen.status == 64)
    let badDuration = try await runProgram(
      program, ["serve", "--keep-deleted", "3w", "--db", folder + "/s.db"])
    #expect(badDuration.status == 64)
    #expect(try await runProgram(program, ["frobnicate"]).status == 64)
    let file = try await runProgram(program, ["kinds", "--db", folder + "/s.db"])
    #expect(file.status == 0)
    let mode =
      try FileManager.default.attributesOfItem(atPath: folder + "/s.db")[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }
}
