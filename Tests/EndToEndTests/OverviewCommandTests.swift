import Testing

/// `lists` alone: every list with its count, or its empty placeholder title.
@Suite struct OverviewCommandTests {
  @Test func aNewDatabaseShowsEveryEmptyTitleAndCreatesNothing() async throws {
    let sandbox = try Sandbox()
    let result = await sandbox.run([])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        favorites  No favorites yet
        addresses  No addresses yet
        orders     No orders yet

        """)
    #expect(!sandbox.exists(sandbox.databasePath))
  }

  @Test func listsWithItemsShowTheirCount() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    await Fixtures.addFavorites(to: sandbox)
    #expect(await sandbox.run("remove", "favorites", "2").exitCode == 0)
    let result = await sandbox.run([])
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      result.stdout == """
        favorites  2
        addresses  No addresses yet
        orders     3

        """)
  }

  @Test func countsAreTheAccountsOwn() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let result = await sandbox.run(["--account", "someone-else"])
    #expect(result.stdoutLines.last == "orders     No orders yet")
  }
}
