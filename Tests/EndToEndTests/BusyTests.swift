import Testing

/// Another process holds the database's lock: `lists` waits `--busy-timeout` milliseconds,
/// then fails as busy (exit 75), and `show` reports the retryable error state.
@Suite struct BusyTests {
  static let busyMessage =
    "The database is busy: another program held its lock past the busy timeout; try again."

  /// A `sqlite3` shell holding an exclusive lock with an uncommitted write, until released.
  final class LockHolder {
    let process: Subprocess

    /// Starts the shell and returns once it holds the lock.
    init(_ sandbox: Sandbox) async throws {
      process = try Subprocess(
        executable: ListsBinary.sqlite3, arguments: ["-batch", sandbox.databasePath],
        environment: sandbox.environment)
      process.send(
        Array(
          """
          PRAGMA locking_mode = EXCLUSIVE;
          BEGIN EXCLUSIVE;
          INSERT INTO favorites(account, ref, title, note, added_at)
            VALUES ('default', 'held', 'Held', NULL, 0);
          SELECT 'locked';

          """.utf8))
      let locked = await process.pump(until: .now + .seconds(10)) {
        $0.stdoutLines.contains("locked")
      }
      #expect(locked, "sqlite3 did not take the lock: \(process.stderrText)")
    }

    /// Ends the shell; its transaction is rolled back.
    func release() async {
      process.closeInput()
      let ended = await process.wait(until: .now + .seconds(10))
      #expect(ended == .exited(0), "sqlite3: \(process.stderrText)")
    }
  }

  @Test func aWriteWaitsForTheTimeoutThenIsExit75() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addEverything(to: sandbox)
    let holder = try await LockHolder(sandbox)
    let result = await sandbox.run(
      "--busy-timeout", "200", "add", "favorites", "--ref", "new", "--title", "New")
    await holder.release()
    expectError(result, code: 75, line: "Error: " + Self.busyMessage)
    #expect(result.duration >= .milliseconds(190), "\(result.duration)")
    #expect(result.duration < .seconds(5), "\(result.duration)")
    // The holder's insert was rolled back, and the refused add never happened.
    #expect(
      await sandbox.sqlite("SELECT ref FROM favorites ORDER BY ref")
        == "atlas\nlamp-brass\nmug-blue\n")
  }

  @Test func showJSONIsTheErrorStateOfKindBusy() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let holder = try await LockHolder(sandbox)
    let result = await sandbox.run("--busy-timeout", "200", "show", "orders", "--json")
    await holder.release()
    #expect(result.exitCode == 75, "\(result)")
    #expect(
      result.stderr
        == "Error: The database is busy: another program held its lock past the busy timeout; try again.\n")
    #expect(result.duration < .seconds(5))
    let expected = JSON.object([
      ("list", .string("orders")), ("account", .string("default")), ("state", .string("error")),
      ("items", .array([])),
      (
        "page",
        .object([
          ("limit", .number("20")), ("count", .number("0")), ("has_more", .bool(false)),
          ("next_cursor", .null), ("previous_cursor", .null),
        ])
      ),
      ("total_count", .null),
      (
        "placeholder",
        ShowCommandTests.placeholder(
          "Couldn't load orders", Self.busyMessage, "Retry: lists show orders")
      ),
      (
        "error",
        .object([
          ("kind", .string("busy")), ("message", .string(Self.busyMessage)),
          ("retryable", .bool(true)),
        ])
      ),
      ("sync", .null),
    ])
    #expect(try result.json() == expected)
  }

  @Test func showDrawsTheRetryPlaceholderAndEventsReportTheError() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let holder = try await LockHolder(sandbox)
    let result = await sandbox.run("--busy-timeout", "200", "show", "orders", "--events")
    await holder.release()
    #expect(result.exitCode == 75, "\(result)")
    #expect(
      result.stderrLines == [
        #"{"event":"loading","page":1}"#,
        #"{"event":"error","page":1,"kind":"busy","retryable":true}"#,
        "Error: The database is busy: another program held its lock past the busy timeout; try again.",
      ])
    Golden.expect(result.stdout, matches: "show-orders-error-busy.txt")
  }

  static let otherCommands: [[String]] = [
    [], ["export", "orders"], ["import", "orders", "-"], ["remove", "orders", "1"],
    ["clear", "orders", "--yes"], ["seed", "--count", "1"],
  ]

  @Test(arguments: otherCommands)
  func everyOtherCommandIsExit75WithOneLine(command: [String]) async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let holder = try await LockHolder(sandbox)
    let input = Array(#"{"number":"Z-1","total":"1","currency":"EUR"}"#.utf8) + [0x0A]
    let result = await sandbox.run(["--busy-timeout", "200"] + command, stdin: input)
    await holder.release()
    expectError(result, code: 75, line: "Error: " + Self.busyMessage)
    #expect(result.duration < .seconds(5))
    #expect(await sandbox.sqlite("SELECT count(*) FROM orders") == "3\n")
  }

  @Test func aLockReleasedWithinTheTimeoutIsWaitedFor() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let holder = try await LockHolder(sandbox)
    // The default timeout (5 s) outlasts the lock, held for about 300 ms more.
    let adding = try sandbox.start(Fixtures.orders[0].map { $0 == "A-1001" ? "A-1004" : $0 })
    let answeredEarly = await adding.pump(until: .now + .milliseconds(300)) {
      !$0.stdout.isEmpty || !$0.stderr.isEmpty
    }
    #expect(!answeredEarly, "\(adding.stderrText)")
    await holder.release()
    let ended = await adding.wait(until: .now + .seconds(10))
    #expect(ended == .exited(0), "\(adding.stderrText)")
    #expect(adding.stdoutText == "Added order 'A-1004' (id 4): €25.90, paid.\n")
  }
}
