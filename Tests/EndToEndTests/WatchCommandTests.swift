import Foundation
import Testing

/// `lists watch LIST [--json]`: shows the list again whenever the file changes, also when
/// another process writes it, until interrupted (SIGINT, exit 0).
@Suite struct WatchCommandTests {
  /// How long a write by another process may take to show (the README says within a
  /// second; the bound is loose because the suite shares two cores with other tests, and the
  /// machine with other builds: a wait that succeeds ends as soon as the line arrives).
  static let changeDeadline: Duration = .seconds(30)

  /// Waits for `count` complete lines of stdout.
  static func lines(
    _ count: Int, of watch: Subprocess, within deadline: Duration,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> [JSON] {
    let arrived = await watch.pump(until: .now + deadline) { $0.stdoutLines.count >= count }
    #expect(
      arrived, "watch printed \(watch.stdoutLines.count) lines: \(watch.stderrText)",
      sourceLocation: sourceLocation)
    return try watch.stdoutLines.map { try JSON.parse($0) }
  }

  /// Interrupts `watch` and expects it to exit 0 with nothing on stderr.
  static func interrupt(_ watch: Subprocess, sourceLocation: SourceLocation = #_sourceLocation)
    async
  {
    watch.signal(SIGINT)
    // Returns as soon as it ends; the bound is for a loaded machine, where a process can wait
    // seconds for a core (a 10 s bound once ran out at load 14 on two cores).
    let ended = await watch.wait(until: .now + .seconds(30))
    #expect(ended == .exited(0), sourceLocation: sourceLocation)
    #expect(watch.stderrText == "", sourceLocation: sourceLocation)
  }

  @Test func jsonSeesWritesOfAnotherProcess() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addFavorites(to: sandbox)
    let watch = try sandbox.start(["watch", "orders", "--json"])
    let first = try await Self.lines(1, of: watch, within: .seconds(10))
    #expect(first.first?["state"] == .string("empty"))
    #expect(
      first.first?["placeholder"] == ShowCommandTests.emptyPlaceholders["orders"],
      "\(watch.stdoutText)")

    let added = await sandbox.run(Fixtures.orders[0])
    #expect(added.exitCode == 0)
    let afterAdd = try await Self.lines(2, of: watch, within: Self.changeDeadline)
    let content = try #require(afterAdd.last)
    #expect(content.keys.sorted() == ShowCommandTests.topLevelKeys)
    #expect(content["state"] == .string("content"))
    #expect(content["total_count"] == .number("1"))
    #expect(content["placeholder"] == .null)
    #expect(content["items"]?.arrayValue?.first?["number"] == .string("A-1001"))

    let removed = await sandbox.run("remove", "orders", "1")
    #expect(removed.exitCode == 0)
    let afterRemove = try await Self.lines(3, of: watch, within: Self.changeDeadline)
    #expect(afterRemove.last?["state"] == .string("empty"))
    #expect(afterRemove.last?["total_count"] == .number("0"))

    await Self.interrupt(watch)
    // One object per settled state: nothing was printed twice or while loading.
    #expect(watch.stdoutLines.count == 3, "\(watch.stdoutText)")
    // Interrupted, it closed the file like any other command: the last connection to close
    // removes the WAL and its index.
    #expect(!sandbox.exists(sandbox.databasePath + "-wal"))
    #expect(!sandbox.exists(sandbox.databasePath + "-shm"))
  }

  @Test func aFileThatCannotBeWatchedEndsWithItsStateAndOneErrorLine() async throws {
    let sandbox = try Sandbox()
    try sandbox.write("just some text, not a database\n", to: sandbox.databasePath)
    let watch = try sandbox.start(["watch", "orders", "--json"])
    let ended = await watch.wait(until: .now + .seconds(10))
    #expect(ended == .exited(74))
    let shown = try JSON.parse(Array(watch.stdoutText.utf8))
    #expect(shown["state"] == .string("error"))
    #expect(shown["error"]?["kind"] == .string("not_a_database"))
    #expect(watch.stderrText.split(separator: "\n").count == 1, "\(watch.stderrText)")
    #expect(watch.stderrText.hasPrefix("Error: "), "\(watch.stderrText)")
  }

  @Test func jsonOfAMissingFileSeesTheFirstWrite() async throws {
    let sandbox = try Sandbox()
    let watch = try sandbox.start(["watch", "favorites", "--json"])
    let first = try await Self.lines(1, of: watch, within: .seconds(10))
    #expect(first.first?["state"] == .string("empty"))
    #expect(!sandbox.exists(sandbox.databasePath))

    let added = await sandbox.run("add", "favorites", "--ref", "r", "--title", "First")
    #expect(added.exitCode == 0)
    let arrived = await watch.pump(until: .now + Self.changeDeadline) {
      $0.stdoutLines.contains { $0.contains(#""state":"content""#) }
    }
    #expect(arrived, "\(watch.stdoutText)")
    // Seeing the new file before its first item is no change: empty once, then content.
    let lines = try watch.stdoutLines.map { try JSON.parse($0) }
    #expect(lines.compactMap { $0["state"]?.stringValue } == ["empty", "content"])
    #expect(lines.last?["items"]?.arrayValue?.first?["title"] == .string("First"))
    await Self.interrupt(watch)
  }

  @Test func aBusyFileIsShownOnceAsAnErrorThenItsContent() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addFavorites(to: sandbox)
    let holder = try await BusyTests.LockHolder(sandbox)
    let watch = try sandbox.start(["--busy-timeout", "200", "watch", "favorites", "--json"])
    let first = try await Self.lines(1, of: watch, within: .seconds(10))
    #expect(first.first?["state"] == .string("error"))
    #expect(first.first?["error"]?["kind"] == .string("busy"))
    // It retries every second; failing the same way again is no change to print.
    let repeated = await watch.pump(until: .now + .milliseconds(2500)) {
      $0.stdoutLines.count > 1
    }
    #expect(!repeated, "\(watch.stdoutText)")
    await holder.release()
    let lines = try await Self.lines(2, of: watch, within: Self.changeDeadline)
    #expect(lines.last?["state"] == .string("content"))
    #expect(lines.last?["total_count"] == .number("3"))
    await Self.interrupt(watch)
    #expect(watch.stdoutLines.count == 2, "\(watch.stdoutText)")
  }

  @Test func thePlaceholderGivesWayToTheTable() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let watch = try sandbox.start(["watch", "favorites"])
    let placeholder = Golden.text(of: "show-favorites-empty.txt")
    let shown = await watch.pump(until: .now + .seconds(10)) {
      $0.stdoutText.contains(placeholder)
    }
    #expect(shown, "\(watch.stdoutText)")

    let added = await sandbox.run("add", "favorites", "--ref", "r", "--title", "First")
    #expect(added.exitCode == 0)
    let redrawn = await watch.pump(until: .now + Self.changeDeadline) {
      $0.stdoutText.contains("Showing 1 of 1 favorite\n")
    }
    #expect(redrawn, "\(watch.stdoutText)")
    await Self.interrupt(watch)

    // The last drawing is the table alone; not a terminal, so no escape sequences.
    let text = watch.stdoutText
    let lastDrawing = try #require(text.components(separatedBy: placeholder).last)
    #expect(lastDrawing.contains("First"))
    #expect(!lastDrawing.contains("No favorites yet"))
    #expect(text.hasPrefix(placeholder))
    #expect(!watch.stdout.contains(0x1B))
  }
}
