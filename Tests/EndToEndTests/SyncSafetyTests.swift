import Foundation
import TestSupport
import Testing

/// What a remote and a file can make `lists sync` and a stale `show` do: nothing that reaches
/// the terminal raw, no credential sent to another origin, no trap on a stored value.
@Suite struct SyncSafetyTests {
  static let hostile = "\u{1B}]0;PWNED\u{07}\u{1B}[2J"

  /// A sandbox whose favorites synced once from a test server of their own (stopped by the
  /// caller).
  static func synced() async throws -> (Sandbox, TestRemote) {
    let sandbox = try Sandbox()
    let remote = try await TestRemote.start()
    try await remote.control(items: SyncCommandTests.favorites)
    let synced = await sandbox.run("sync", "favorites", "--from", remote.url())
    #expect(synced.exitCode == 0, "\(synced)")
    return (sandbox, remote)
  }

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

  // MARK: Stored sync values

  /// The tables as builds before the constraints made them.
  static let uncheckedTables = """
    CREATE TABLE list_sync (kind TEXT NOT NULL, account TEXT NOT NULL, remote_url TEXT NOT NULL,
      last_success_at INTEGER, last_attempt_at INTEGER, error_kind TEXT, error_message TEXT,
      error_retryable INTEGER, error_page INTEGER, next_cursor TEXT, next_page INTEGER NOT NULL DEFAULT 1,
      complete INTEGER NOT NULL DEFAULT 0, item_count INTEGER NOT NULL DEFAULT 0, refreshed_at INTEGER,
      generation INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (kind, account)) WITHOUT ROWID;
    CREATE TABLE list_sync_items (kind TEXT NOT NULL, account TEXT NOT NULL, remote_id NOT NULL,
      item_id INTEGER NOT NULL, PRIMARY KEY (kind, account, remote_id)) WITHOUT ROWID;
    """

  @Test(arguments: [
    "last_success_at = -9223372036854775808", "last_success_at = 9223372036854775807",
    "generation = 9223372036854775807", "item_count = -1", "next_page = 0", "next_cursor = ''",
    "complete = 2", "last_success_at = 'soon'", "error_page = -9223372036854775808",
  ])
  func anOutOfRangeStoredValueIsDamageNeverATrap(_ assignment: String) async throws {
    let sandbox = try Sandbox()
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(items: SyncCommandTests.favorites)
    #expect(await sandbox.run("add", "favorites", "--ref", "r:1", "--title", "Kept until a refresh").exitCode == 0)
    await sandbox.sqlite(Self.uncheckedTables)
    await sandbox.sqlite(
      """
      INSERT INTO list_sync (kind, account, remote_url, last_success_at, last_attempt_at, next_cursor, next_page,
        item_count, refreshed_at, generation) VALUES
        ('favorites', 'default', '\(remote.url())', 1, 1, 'c', 2, 3, 1, 1),
        ('orders', 'default', '\(remote.url())', 5, 5, NULL, 2, 0, 5, 4);
      UPDATE list_sync SET \(assignment) WHERE kind = 'favorites';
      """)
    let before = await sandbox.sqlite("SELECT * FROM list_sync ORDER BY kind")
    for arguments in [["show", "favorites", "--max-age", "0"], ["show", "favorites", "--offline", "--json"]] {
      let shown = await sandbox.run(arguments)
      #expect(shown.exitCode == 74, "\(assignment) \(arguments): \(shown)")
      #expect(shown.stderr.hasPrefix("Error: The sync state of favorites for account 'default' is damaged"), "\(shown)")
      #expect(shown.stderrLines.count == 1)
    }
    let resumed = await sandbox.run("sync", "favorites", "--from", remote.url(), "--continue")
    #expect(resumed.exitCode == 74, "\(resumed)")
    #expect(await sandbox.sqlite("SELECT * FROM list_sync ORDER BY kind") == before)
    #expect(try await remote.log().isEmpty)
    // A refresh replaces the damaged row (cache state); the tables get their constraints and
    // keep the other kind's row.
    let synced = await sandbox.run("sync", "favorites", "--from", remote.url())
    #expect(synced.exitCode == 0, "\(synced)")
    #expect(await sandbox.sqlite("SELECT kind, generation, item_count FROM list_sync ORDER BY kind") == "favorites|1|3\norders|4|0\n")
    #expect(await sandbox.sqlite("SELECT count(*) FROM sqlite_schema WHERE sql LIKE '%CHECK%' AND name IN ('list_sync', 'list_sync_items')") == "2\n")
    #expect(await sandbox.run("show", "favorites").exitCode == 0)
  }

  @Test func theConstraintsRefuseWhatListsNeverWrites() async throws {
    let (sandbox, remote) = try await Self.synced()
    defer { remote.stop() }
    for assignment in [
      "last_success_at = -9223372036854775808", "generation = 9223372036854775807", "item_count = -1",
      "next_cursor = printf('%.*c', 4097, 'x')", "remote_url = x'00'",
    ] {
      let refused = await sandbox.sqlite("UPDATE list_sync SET \(assignment)")
      #expect(refused.contains("CHECK constraint failed"), "\(assignment): \(refused)")
    }
    let refused = await sandbox.sqlite("UPDATE list_sync_items SET remote_id = 1.5")
    #expect(refused.contains("CHECK constraint failed"), "\(refused)")
  }

  @Test func aStoredURLWithAPasswordIsDamageAndNeverShownOrRequested() async throws {
    let (sandbox, remote) = try await Self.synced()
    defer { remote.stop() }
    await sandbox.sqlite("UPDATE list_sync SET remote_url = 'http://me:pa55w0rd@127.0.0.1:\(remote.port)/items'")
    for arguments in [["show", "favorites", "--max-age", "0"], ["show", "favorites", "--offline", "--json"]] {
      let shown = await sandbox.run(arguments)
      #expect(shown.exitCode == 74, "\(shown)")
      #expect(
        shown.stderr
          == "Error: The sync state of favorites for account 'default' is damaged (its remote URL holds a user "
          + "name or password); no item is lost: 'lists sync favorites --from URL' replaces it.\n")
      #expect(!shown.stdout.contains("pa55w0rd"))
    }
    #expect(try await remote.log().count == 1)
  }

  @Test func tablesOfAnEarlierBuildGetTheConstraintsAndKeepTheirRows() async throws {
    let (sandbox, remote) = try await Self.synced()
    defer { remote.stop() }
    let ids = await sandbox.sqlite("SELECT item_id, remote_id FROM list_sync_items ORDER BY item_id")
    // The tables as an earlier build made them (the outbox's columns, no constraints), the
    // kind's change triggers naming them.
    await sandbox.sqlite(
      """
      CREATE TEMP TABLE s AS SELECT * FROM list_sync;
      CREATE TEMP TABLE i AS SELECT * FROM list_sync_items;
      DROP TABLE list_sync; DROP TABLE list_sync_items;
      \(Self.uncheckedTables)
      ALTER TABLE list_sync_items ADD COLUMN version;
      ALTER TABLE list_sync_items ADD COLUMN base TEXT;
      ALTER TABLE list_sync_items ADD COLUMN seen INTEGER NOT NULL DEFAULT 0;
      INSERT INTO list_sync SELECT * FROM s;
      INSERT INTO list_sync_items SELECT * FROM i;
      INSERT INTO list_sync_items (kind, account, remote_id, item_id) VALUES ('favorites', 'default', 2.5, 99);
      """)
    #expect(await sandbox.sqlite("SELECT count(*) FROM sqlite_schema WHERE sql LIKE '%CHECK%' AND name IN ('list_sync', 'list_sync_items')") == "0\n")
    let synced = await sandbox.run("sync", "favorites", "--from", remote.url())
    #expect(synced.exitCode == 0, "\(synced)")
    #expect(synced.stdout.hasSuffix(": 3 cached (0 new).\n"), "\(synced)")
    #expect(await sandbox.sqlite("SELECT item_id, remote_id FROM list_sync_items ORDER BY item_id") == ids)
    #expect(await sandbox.sqlite("SELECT count(*) FROM sqlite_schema WHERE sql LIKE '%CHECK%' AND name IN ('list_sync', 'list_sync_items')") == "2\n")
    #expect(await sandbox.sqlite("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'favorites_changes_%'") == "4\n")
    #expect(await sandbox.run("add", "favorites", "--ref", "r:9", "--title", "Mine").exitCode == 0)
    #expect(await sandbox.sqlite("SELECT op FROM list_changes") == "add\n")
  }

  @Test func lastSyncedInTheFutureIsStaleNotForever() async throws {
    let (sandbox, remote) = try await Self.synced()
    defer { remote.stop() }
    // 9999-12-31, within the constraints: `now - last_success_at` is far below zero.
    await sandbox.sqlite("UPDATE list_sync SET last_success_at = 253402300799999")
    let shown = try await sandbox.run("show", "favorites", "--json").json()
    #expect(shown["sync"]?["state"] == .string("fresh"))
    #expect(try await remote.log().count == 2)
  }

  @Test func theChildRefusesAHeaderOfAnotherOrigin() async throws {
    let sandbox = try Sandbox()
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(items: SyncCommandTests.favorites)
    #expect(await sandbox.run("show", "favorites").exitCode == 0)
    let child = String(ListsBinary.path.dropLast("lists".count)) + "lists-sync"
    let refused = await sandbox.runProgram(
      child, ["--db", sandbox.databasePath, "favorites", remote.url()],
      environment: ["LISTS_SYNC_HEADERS": "https://elsewhere.example X-Token: s3cret\n"])
    #expect(refused.exitCode == 64, "\(refused)")
    #expect(
      refused.stderr
        == "Error: a header for https://elsewhere.example was handed over for a remote of http://127.0.0.1:\(remote.port); "
        + "nothing was sent.\n")
    #expect(try await remote.log().isEmpty)
  }

  @Test(arguments: [
    ["--limit", "many"], ["--limit", "0"], ["--busy-timeout", "soon"], ["--events"], ["--account"],
  ])
  func theChildRefusesWhatListsNeverGivesIt(extra: [String]) async throws {
    let sandbox = try Sandbox()
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    let child = String(ListsBinary.path.dropLast("lists".count)) + "lists-sync"
    let refused = await sandbox.runProgram(
      child, ["--db", sandbox.databasePath, "favorites", remote.url()] + extra, environment: [:])
    #expect(refused.exitCode == 64, "\(refused)")
    #expect(refused.stderr == "Error: lists-sync is started by lists sync; run that instead.\n")
    #expect(try await remote.log().isEmpty)
  }

  /// The shared parser reads the child's line: a number outside its range or no number, an
  /// option it does not have and a missing URL are refused with the same line and code as any
  /// other line `lists` never writes, and nothing is sent.
  @Test(arguments: [
    (["--limit", "0"], true), (["--limit", "x"], true), (["--busy-timeout", "-1"], true), (["--unknown"], true),
    ([], false),
  ])
  func theChildsParserRefusesWithItsOneLine(extra: [String], givesURL: Bool) async throws {
    let sandbox = try Sandbox()
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    let child = String(ListsBinary.path.dropLast("lists".count)) + "lists-sync"
    let positionals = givesURL ? ["favorites", remote.url()] : ["favorites"]
    let refused = await sandbox.runProgram(
      child, ["--db", sandbox.databasePath] + extra + positionals, environment: [:])
    #expect(refused.exitCode == 64, "\(refused)")
    #expect(refused.stderr == "Error: lists-sync is started by lists sync; run that instead.\n")
    #expect(try await remote.log().isEmpty)
  }
}
