import Testing

/// `lists seed [--count N]`: demo data in every list of the account.
@Suite struct SeedCommandTests {
  @Test func seedFillsEveryListWithCountItems() async throws {
    let sandbox = try Sandbox()
    let result = await sandbox.run("seed", "--count", "7")
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      result.stdout.hasPrefix("Added 7 favorites, 7 addresses and 7 orders to account 'default'."))
    for list in ["favorites", "addresses", "orders"] {
      let object = try await sandbox.run("show", list, "--all", "--json").json()
      #expect(object["state"] == .string("content"))
      #expect(object["total_count"] == .number("7"))
      for item in object["items"]?.arrayValue ?? [] {
        ShowCommandTests.expectItemShape(item, of: list)
      }
    }
    #expect(await sandbox.sqlite("SELECT count(*) FROM addresses WHERE is_default = 1") == "1\n")
  }

  @Test func seedDefaultsToFiftyAndHonoursTheAccount() async throws {
    let sandbox = try Sandbox()
    let result = await sandbox.run("--account", "demo", "seed")
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      await sandbox.sqlite(
        "SELECT account, count(*) FROM orders GROUP BY account")
        == "demo|50\n")
    let mine = try await sandbox.run("show", "orders", "--json").json()
    #expect(mine["state"] == .string("empty"))
  }

  @Test func seededDataIsHealthy() async throws {
    let sandbox = try Sandbox()
    #expect(await sandbox.run("seed", "--count", "30").exitCode == 0)
    let doctor = await sandbox.run("doctor")
    #expect(doctor.exitCode == 0, "\(doctor)")
    #expect(doctor.stdoutLines.last == "Healthy.")
  }
}
