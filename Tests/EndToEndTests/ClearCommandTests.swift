import Testing

/// `lists clear LIST --yes`: empties one list of one account; without `--yes` and without a
/// terminal it refuses.
@Suite struct ClearCommandTests {
  @Test func clearWithYesRemovesEveryItemOfTheAccountsList() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addEverything(to: sandbox)
    let other = await sandbox.run(["--account", "other"] + Fixtures.orders[0])
    #expect(other.exitCode == 0)
    let result = await sandbox.run("clear", "orders", "--yes")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout == "Removed 3 orders.\n")
    #expect(result.stderr == "")
    #expect(await sandbox.sqlite("SELECT account, number FROM orders") == "other|A-1001\n")
    #expect(await sandbox.sqlite("SELECT count(*) FROM favorites") == "3\n")
    #expect(await sandbox.sqlite("SELECT count(*) FROM addresses") == "3\n")
    let object = try await sandbox.run("show", "orders", "--json").json()
    #expect(object["state"] == .string("empty"))
  }

  @Test func clearingAnEmptyListSucceeds() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addFavorites(to: sandbox)
    let result = await sandbox.run("clear", "addresses", "--yes")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout == "Removed 0 addresses.\n")
  }

  @Test(arguments: [[UInt8](), Array("y\n".utf8), Array("yes\n".utf8)])
  func withoutYesAndNoTerminalItRefusesWhateverStdinSays(stdin: [UInt8]) async throws {
    let sandbox = try Sandbox()
    await Fixtures.addEverything(to: sandbox)
    let before = FileSnapshot(sandbox.databasePath, in: sandbox)
    let result = await sandbox.run(["clear", "orders"], stdin: stdin)
    expectUsageError(
      result,
      line: "Error: Refusing to clear orders without --yes (not asking: this is not a terminal).",
      command: "lists clear")
    #expect(FileSnapshot(sandbox.databasePath, in: sandbox) == before)
    #expect(await sandbox.sqlite("SELECT count(*) FROM orders") == "3\n")
  }
}
