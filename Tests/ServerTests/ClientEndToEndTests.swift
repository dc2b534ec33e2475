import Foundation
import TestSupport
import Testing

/// The real client against the real server: the built `lists` syncs two database files — two
/// devices — through `lists-server`, and a conflict is shown.
@Suite(.serialized) struct ClientEndToEndTests {
  /// Runs `lists --db FILE` with `arguments` in the server's folder.
  private func lists(_ server: ServerProcess, _ file: String, _ arguments: String...) async throws
    -> ProgramRun
  {
    let environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": server.folder + "/home",
      "NO_COLOR": "1", "TZ": "UTC", "COLUMNS": "80", "LANG": "C.UTF-8",
    ]
    return try await runProgram(
      ServerBinary.path("lists"), ["--db", server.folder + "/" + file] + arguments,
      environment: environment)
  }

  @Test func twoDevicesSyncThroughTheServerAndAConflictIsShown() async throws {
    let server = try await ServerProcess.start()
    defer { Task { await server.remove() } }
    let header = server.folder + "/token-header"
    try "Authorization: Bearer \(server.tokens["alice"]!)\n".write(
      toFile: header, atomically: true, encoding: .utf8)
    for device in ["a.db", "b.db"] {
      #expect(
        try await lists(server, device, "kinds", "add", server.folder + "/books.json").status == 0)
      let first = try await lists(
        server, device, "sync", "books", "--from", server.url(), "--header", "@" + header)
      #expect(first.status == 0, "\(first.stderr)")
    }
    #expect(
      try await lists(
        server, "a.db", "add", "books", "--title", "Dune", "--author", "Frank Herbert"
      ).status == 0)
    let pushed = try await lists(server, "a.db", "sync", "books", "--header", "@" + header)
    #expect(pushed.status == 0, "\(pushed.stderr)")
    #expect(pushed.stdout.contains("Sent 1 change of books"))
    let pulled = try await lists(server, "b.db", "sync", "books", "--header", "@" + header)
    #expect(pulled.status == 0, "\(pulled.stderr)")
    let shown = try await lists(server, "b.db", "show", "books", "--offline")
    #expect(shown.stdout.contains("Dune"))
    // Both devices change the same book; the first to sync wins, the second conflicts.
    #expect(
      try await lists(server, "a.db", "edit", "books", "1", "--status", "reading").status == 0)
    #expect(try await lists(server, "b.db", "edit", "books", "1", "--status", "done").status == 0)
    #expect(try await lists(server, "a.db", "sync", "books", "--header", "@" + header).status == 0)
    let conflicted = try await lists(server, "b.db", "sync", "books", "--header", "@" + header)
    #expect(conflicted.status == 65)
    #expect(conflicted.stdout.contains("1 conflicted"))
    let status = try await lists(server, "b.db", "sync", "status", "books")
    #expect(status.stdout.contains("conflicted at"))
    #expect(status.stdout.contains(#""status":"conflict""#))
    let after = try await lists(server, "b.db", "show", "books", "--offline")
    #expect(after.stdout.contains("reading"))
    #expect(after.stdout.contains("1 change conflicted with the server: lists sync status books"))
    // The server holds the first device's change once.
    let page = try await Client().get(server.url(), token: server.tokens["alice"]).page()
    #expect(page.items.count == 1)
    #expect(page.items.first?["status"] == .string("reading"))
    #expect(page.items.first?["version"] == .number("2"))
  }
}
