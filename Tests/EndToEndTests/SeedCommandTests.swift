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

  /// The first release numbered new demo orders `count + 1001`, which collides once an order
  /// was removed (exit 65). Numbers now follow the highest `A-<n>` the list holds.
  @Test func seedAgainAfterARemoveOrAHandNumberedOrderAddsItsOrders() async throws {
    let sandbox = try Sandbox()
    #expect(await sandbox.run("seed", "--count", "5").exitCode == 0)
    #expect(await sandbox.run("remove", "orders", "2").exitCode == 0)
    let again = await sandbox.run("seed", "--count", "5")
    #expect(again.exitCode == 0, "\(again)")
    #expect(await sandbox.sqlite("SELECT count(*) FROM orders") == "9\n")
    let added = await sandbox.run(
      "add", "orders", "--number", "A-5000", "--total", "1", "--currency", "EUR")
    #expect(added.exitCode == 0, "\(added)")
    let third = await sandbox.run("seed", "--count", "2")
    #expect(third.exitCode == 0, "\(third)")
    #expect(
      await sandbox.sqlite("SELECT number FROM orders WHERE id > 11 ORDER BY id") == "A-5001\nA-5002\n")
    #expect(await sandbox.sqlite("SELECT count(DISTINCT number), count(*) FROM orders") == "12|12\n")
  }
}
