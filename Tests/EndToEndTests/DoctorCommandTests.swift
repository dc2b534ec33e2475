import Testing

/// `lists doctor`: integrity, schema version, migration checksums and kept counts.
@Suite struct DoctorCommandTests {
  @Test func aHealthyDatabaseIsReportedLineByLine() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addEverything(to: sandbox)
    let result = await sandbox.run("doctor")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr == "")
    let lines = result.stdoutLines
    #expect(lines.first == "Database   \(sandbox.databasePath)")
    #expect(lines.contains { $0.hasPrefix("Schema     version ") })
    #expect(lines.contains("Integrity  ok"))
    #expect(lines.contains { $0.hasPrefix("Migrations 0001 ") && $0.hasSuffix(": ok") })
    #expect(lines.contains("Counts     default addresses: 3 (ok)"))
    #expect(lines.contains("           default favorites: 3 (ok)"))
    #expect(lines.contains("           default orders: 3 (ok)"))
    #expect(lines.last == "Healthy.")
  }

  @Test func aMissingFileIsNotCreated() async throws {
    let sandbox = try Sandbox()
    let result = await sandbox.run("doctor")
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      result.stdout
        == "No database at \(sandbox.databasePath) yet: it is created by the first write.\n")
    #expect(!sandbox.exists(sandbox.databasePath))
  }

  @Test func aZeroByteFileIsANewDatabaseToo() async throws {
    let sandbox = try Sandbox()
    try sandbox.write([UInt8](), to: sandbox.databasePath)
    let result = await sandbox.run("doctor")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout.hasPrefix("No database at "))
    #expect(sandbox.bytes(sandbox.databasePath) == [])
  }

  @Test func rowsWrittenWithPlainSQLKeepTheCountsRight() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    // Another program writes only the documented columns; every other column has a default.
    let inserted = await sandbox.sqlite(
      "INSERT INTO orders(account, number, status, total_minor, currency, placed_at) "
        + "VALUES ('default', 'SQL-1', 'paid', 500, 'EUR', 1796083200000); "
        + "INSERT INTO favorites(account, ref, title, note, added_at) "
        + "VALUES ('default', 'sql', 'From SQL', NULL, 1767225600000); "
        + "DELETE FROM orders WHERE number = 'A-1002';")
    #expect(inserted == "")
    let orders = try await sandbox.run("show", "orders", "--json").json()
    #expect(orders["total_count"] == .number("3"))
    #expect(
      orders["items"]?.arrayValue?.compactMap { $0["number"]?.stringValue }
        == ["SQL-1", "A-1001", "A-1003"])
    let favorites = try await sandbox.run("show", "favorites", "--json").json()
    #expect(favorites["total_count"] == .number("1"))
    let doctor = await sandbox.run("doctor")
    #expect(doctor.exitCode == 0, "\(doctor)")
    #expect(doctor.stdoutLines.contains("           default orders: 3 (ok)"))
    #expect(doctor.stdoutLines.last == "Healthy.")
  }

  @Test func aCountLeftWrongByAReplaceIsFoundAndRepaired() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addFavorites(to: sandbox)
    // SQLite deletes the replaced row without delete triggers (no recursive_triggers here).
    let replaced = await sandbox.sqlite(
      "INSERT OR REPLACE INTO favorites(account, ref, title, added_at) "
        + "SELECT account, ref, 'Replaced', added_at FROM favorites LIMIT 1;")
    #expect(replaced == "")
    let found = await sandbox.run("doctor")
    #expect(found.exitCode == 74, "\(found)")
    #expect(found.stdoutLines.contains("Counts     default favorites: 3 (kept 4, actual 3)"), "\(found)")
    #expect(
      found.stderrLines == [
        "Error: The kept count of favorites for account 'default' is 4, but the list has 3 "
          + "favorites; recount with 'lists doctor --repair'."
      ])

    let repaired = await sandbox.run("doctor", "--repair")
    #expect(repaired.exitCode == 0, "\(repaired)")
    #expect(repaired.stdoutLines.first == "Recounted favorites for account 'default': kept 4, now 3.")
    #expect(repaired.stdoutLines.last == "Healthy.")
    let shown = try await sandbox.run("show", "favorites", "--json").json()
    #expect(shown["total_count"] == .number("3"))

    let again = await sandbox.run("doctor", "--repair")
    #expect(again.stdoutLines.first == "Every kept count was right; nothing to repair.")
  }

  @Test func aDamagedFileIsExit74() async throws {
    let sandbox = try Sandbox()
    #expect(await sandbox.run("seed", "--count", "200").exitCode == 0)
    // Every page but the first (the header and the schema) overwritten with garbage.
    var bytes = try #require(sandbox.bytes(sandbox.databasePath))
    let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
    #expect(bytes.count > 4 * pageSize)
    for index in pageSize * 2..<bytes.count {
      bytes[index] = UInt8(truncatingIfNeeded: index &* 31)
    }
    try sandbox.write(bytes, to: sandbox.databasePath)
    let result = await sandbox.run("doctor")
    #expect(result.exitCode == 74, "\(result)")
    #expect(!result.stderrLines.isEmpty, "\(result)")
    #expect(result.stderrLines.allSatisfy { $0.hasPrefix("Error: ") }, "\(result)")
    #expect(result.stderrLines.contains { $0.contains("damaged") }, "\(result)")
    expectNoCrash(result)
  }
}
