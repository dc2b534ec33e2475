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
}
