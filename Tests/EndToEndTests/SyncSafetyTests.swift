import Foundation
import TestSupport
import Testing

/// What a remote and a file can make `lists sync` and a stale `show` do: nothing that reaches
/// the terminal raw, no credential sent to another origin, no trap on a stored value.
@Suite struct SyncSafetyTests {
  static let hostile = "\u{1B}]0;PWNED\u{07}\u{1B}[2J"

  @Test func serverTextReachesTheTerminalEscapedAndTheJSONVerbatim() async throws {
    let sandbox = try Sandbox()
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(items: [["id": 1, "ref": "r", "title": "t", "added_at": Self.hostile]])
    let synced = await sandbox.run("sync", "favorites", "--from", remote.url())
    #expect(synced.exitCode == 65, "\(synced)")
    #expect(synced.stderrLines.count == 1)
    #expect(!synced.stderr.contains("\u{1B}") && !synced.stderr.contains("\u{07}"), "\(synced)")
    #expect(synced.stderr.contains(#"'\u{1B}]0;PWNED\u{07}\u{1B}[2J'"#), "\(synced)")
    let json = try await sandbox.run("show", "favorites", "--offline", "--json").json()
    #expect(json["sync"]?["error"]?["message"]?.stringValue?.contains(Self.hostile) == true)
    // The stored message, shown by a failing stale show.
    let shown = await sandbox.run("show", "favorites", "--max-age", "0")
    #expect(shown.exitCode == 65, "\(shown)")
    #expect(!shown.stdout.contains("\u{1B}") && !shown.stderr.contains("\u{1B}"), "\(shown)")
  }

  // MARK: Credentials per origin

  @Test func aURLWithAUserOrPasswordIsRefusedWithoutASound() async throws {
    let sandbox = try Sandbox()
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    let url = "http://someone:pa55word@127.0.0.1:\(remote.port)/items"
    let refused = await sandbox.run("sync", "favorites", "--from", url)
    #expect(refused.exitCode == 64, "\(refused)")
    #expect(
      refused.stderr
        == "Error: The remote URL must not hold a user name or password; give credentials with --header.\n")
    #expect(try await remote.log().isEmpty)
    #expect(!FileManager.default.fileExists(atPath: sandbox.databasePath))
  }

  @Test func eachHeaderOfTheVariableGoesToItsOwnOriginOnly() async throws {
    let sandbox = try Sandbox()
    let mine = try await TestRemote.start()
    defer { mine.stop() }
    let theirs = try await TestRemote.start()
    defer { theirs.stop() }
    try await mine.control(items: SyncCommandTests.favorites)
    try await theirs.control(items: SyncCommandTests.favorites)
    let variable = """
      http://127.0.0.1:\(mine.port) X-Token: mine-s3cret
      http://127.0.0.1:\(theirs.port)/ X-Token: theirs-s3cret

      """
    let environment: [String: String?] = ["LISTS_SYNC_HEADERS": variable]
    let synced = await sandbox.run(["sync", "favorites", "--from", mine.url()], environment: environment)
    #expect(synced.exitCode == 0, "\(synced)")
    // A file that names another remote: a stale show sends that origin's header, never mine.
    await sandbox.sqlite("UPDATE list_sync SET remote_url = '\(theirs.url())'")
    let shown = await sandbox.run(["show", "favorites", "--max-age", "0"], environment: environment)
    #expect(shown.exitCode == 0, "\(shown)")
    let onlyMine = await sandbox.run(
      ["show", "favorites", "--max-age", "0"],
      environment: ["LISTS_SYNC_HEADERS": "http://127.0.0.1:\(mine.port) X-Token: mine-s3cret"])
    #expect(onlyMine.exitCode == 0, "\(onlyMine)")
    #expect(try await mine.log().map { $0.headers["x-token"] } == ["mine-s3cret"])
    #expect(try await theirs.log().map { $0.headers["x-token"] } == ["theirs-s3cret", nil])
  }

  @Test func aLineOfTheVariableNamingNoOriginIsRefusedAndNothingIsSent() async throws {
    let sandbox = try Sandbox()
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(items: SyncCommandTests.favorites)
    let environment: [String: String?] = [
      "LISTS_SYNC_HEADERS": "http://127.0.0.1:\(remote.port) X-Token: fine\nAuthorization: Bearer l0st-s3cret"
    ]
    let refused = await sandbox.run(["sync", "favorites", "--from", remote.url()], environment: environment)
    #expect(refused.exitCode == 64, "\(refused)")
    #expect(refused.stderrLines.count == 1)
    #expect(refused.stderr.contains("Line 2 of LISTS_SYNC_HEADERS names no origin"), "\(refused)")
    #expect(!refused.stderr.contains("l0st-s3cret"))
    #expect(await sandbox.run("sync", "favorites", "--from", remote.url()).exitCode == 0)
    let stale = await sandbox.run(["show", "favorites", "--max-age", "0"], environment: environment)
    #expect(stale.exitCode == 64, "\(stale)")
    #expect(try await remote.log().map { $0.headers["x-token"] } == [nil])
  }

  @Test func headersFromAFileBelongToTheRemoteGiven() async throws {
    let sandbox = try Sandbox()
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(items: SyncCommandTests.favorites)
    try "X-Token: f1le-s3cret\r\n\nAuthorization: Bearer f2\n".write(
      toFile: sandbox.path("headers.txt"), atomically: true, encoding: .utf8)
    try "X-Token f1le-s3cret\n".write(toFile: sandbox.path("bad.txt"), atomically: true, encoding: .utf8)
    let synced = await sandbox.run("sync", "favorites", "--from", remote.url(), "--header", "@headers.txt")
    #expect(synced.exitCode == 0, "\(synced)")
    let missing = await sandbox.run("sync", "favorites", "--from", remote.url(), "--header", "@nowhere.txt")
    #expect(missing.exitCode == 66, "\(missing)")
    let bad = await sandbox.run("sync", "favorites", "--from", remote.url(), "--header", "@bad.txt")
    #expect(bad.exitCode == 64, "\(bad)")
    #expect(bad.stderr == "Error: Line 1 of bad.txt is not a header \"Name: value\".\n")
    let log = try await remote.log()
    #expect(log.count == 1)
    #expect(log.first?.headers["x-token"] == "f1le-s3cret")
    #expect(log.first?.authorization == "Bearer f2")
  }
}
