import Testing

/// `lists remove LIST ID...`: removes by id, all or none, only in the account.
@Suite struct RemoveCommandTests {
  @Test(arguments: ["favorites", "addresses", "orders"])
  func removesTheGivenIdsOnly(list: String) async throws {
    let sandbox = try Sandbox()
    await Fixtures.addEverything(to: sandbox)
    let result = await sandbox.run("remove", list, "1", "3")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout == "Removed 2 \(list).\n")
    #expect(await sandbox.sqlite("SELECT id FROM \(list)") == "2\n")
    // The other lists are untouched.
    for other in ["favorites", "addresses", "orders"] where other != list {
      #expect(await sandbox.sqlite("SELECT count(*) FROM \(other)") == "3\n")
    }
  }

  @Test func removingOneSaysItInTheSingular() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let result = await sandbox.run("remove", "orders", "2")
    #expect(result.stdout == "Removed 1 order.\n")
    let numbers = try await sandbox.run("show", "orders", "--json").json()["items"]?.arrayValue?
      .compactMap { $0["number"]?.stringValue }
    #expect(numbers == ["A-1001", "A-1003"])
  }

  @Test func aMissingIdRemovesNothing() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let before = FileSnapshot(sandbox.databasePath, in: sandbox)
    let result = await sandbox.run("remove", "orders", "1", "99")
    expectError(result, code: 65, line: "Error: No order with id 99; nothing was removed.")
    #expect(FileSnapshot(sandbox.databasePath, in: sandbox) == before)
  }

  @Test func anotherAccountsIdIsMissing() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addFavorites(to: sandbox)
    let before = FileSnapshot(sandbox.databasePath, in: sandbox)
    let result = await sandbox.run("--account", "other", "remove", "favorites", "1")
    expectError(result, code: 65, line: "Error: No favorite with id 1; nothing was removed.")
    #expect(FileSnapshot(sandbox.databasePath, in: sandbox) == before)
  }

  @Test func theLastItemGoneMakesTheListEmpty() async throws {
    let sandbox = try Sandbox()
    let added = await sandbox.run(Fixtures.orders[0])
    #expect(added.exitCode == 0)
    #expect(await sandbox.run("remove", "orders", "1").exitCode == 0)
    let object = try await sandbox.run("show", "orders", "--json").json()
    #expect(object["state"] == .string("empty"))
    #expect(object["total_count"] == .number("0"))
  }
}
