import Testing

/// The file as other programs see it (`Documentation/DatabaseFile.md`): marked, WAL, versioned, the
/// documented tables and columns, the rules enforced for plain SQL too, user text never SQL.
@Suite struct DatabaseFileTests {
  /// The documented columns of each table.
  static let columns: [String: [String]] = [
    "favorites": ["id", "account", "ref", "title", "note", "added_at"],
    "addresses": [
      "id", "account", "label", "recipient", "line1", "line2", "city", "region", "postal_code",
      "country", "phone", "is_default", "created_at",
    ],
    "orders": ["id", "account", "number", "status", "total_minor", "currency", "placed_at"],
  ]

  @Test func ourFileIsMarkedInWALModeAndVersioned() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    #expect(await sandbox.sqlite("PRAGMA application_id") != "0\n")
    #expect(await sandbox.sqlite("PRAGMA journal_mode") == "wal\n")
    let version = try #require(Int(await sandbox.sqlite("PRAGMA user_version").dropLast()))
    #expect(version >= 1)
    #expect(FileSnapshot(sandbox.databasePath, in: sandbox).sidecars == [])

    // Some table records every applied migration: number, name, checksum and time.
    let tables = await sandbox.sqlite("SELECT name FROM sqlite_master WHERE type = 'table'")
    var recorded: [String] = []
    for table in tables.split(separator: "\n") {
      let info = await sandbox.sqlite("SELECT name FROM pragma_table_info('\(table)')")
      let names = Set(info.split(separator: "\n").map(String.init))
      if names.isSuperset(of: ["number", "name", "checksum"]) && names.count >= 4 {
        recorded.append(await sandbox.sqlite("SELECT max(number) FROM \(table)"))
      }
    }
    #expect(recorded == ["\(version)\n"])
  }

  @Test(arguments: ["favorites", "addresses", "orders"])
  func theDocumentedColumnsExist(table: String) async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let info = await sandbox.sqlite("SELECT name FROM pragma_table_info('\(table)')")
    let names = Set(info.split(separator: "\n").map(String.init))
    #expect(names.isSuperset(of: Self.columns[table]!), "\(names)")
  }

  @Test func plainInsertsOfTheDocumentedColumnsAreItems() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addFavorites(to: sandbox)
    let result = await sandbox.sqlite(
      """
      INSERT INTO addresses (account, label, recipient, line1, line2, city, region, postal_code,
        country, phone, is_default, created_at)
      VALUES ('default', 'SQL', 'Bob', '1 Way', NULL, 'Oslo', NULL, '0150', 'NO', NULL, 1,
        1767225600000);
      INSERT INTO orders (account, number, status, total_minor, currency, placed_at)
      VALUES ('default', 'SQL-1', 'shipped', 1234, 'EUR', 1767225600000);
      INSERT INTO favorites (account, ref, title, note, added_at)
      VALUES ('default', 'sql', 'From SQL', 'plain', 1767225600000);
      """)
    #expect(result == "")
    let address = try await sandbox.run("show", "addresses", "--json").json()
    #expect(address["total_count"] == .number("1"))
    #expect(
      address["items"]?.arrayValue?.first?.removing("id")
        == (try JSON.parse(
          """
          {"label": "SQL", "recipient": "Bob", "line1": "1 Way", "line2": null, "city": "Oslo",
           "region": null, "postal_code": "0150", "country": "NO", "phone": null,
           "is_default": true, "created_at": "2026-01-01T00:00:00Z"}
          """)))
    let order = try await sandbox.run("show", "orders", "--json").json()
    #expect(
      order["items"]?.arrayValue?.first?.removing("id")
        == (try JSON.parse(
          """
          {"number": "SQL-1", "status": "shipped", "total": "12.34", "total_minor": 1234,
           "currency": "EUR", "placed_at": "2026-01-01T00:00:00Z"}
          """)))
    let favorites = try await sandbox.run("show", "favorites", "--json").json()
    #expect(favorites["total_count"] == .number("4"))
    #expect(favorites["items"]?.arrayValue?.last?["ref"] == .string("sql"))
  }

  @Test(arguments: [
    "INSERT INTO orders (account, number, status, total_minor, currency, placed_at) "
      + "VALUES ('default', 'A-1001', 'paid', 1, 'EUR', 0)",
    "INSERT INTO orders (account, number, status, total_minor, currency, placed_at) "
      + "VALUES ('default', 'Z-1', 'lost', 1, 'EUR', 0)",
    "INSERT INTO favorites (account, ref, title, added_at) VALUES ('default', 'atlas', 'x', 0)",
    "INSERT INTO addresses (account, label, recipient, line1, city, postal_code, country, "
      + "is_default, created_at) VALUES ('default', 'X', 'R', '1', 'C', 'P', 'DE', 1, 0)",
  ])
  func theRulesHoldForOtherProgramsToo(sql: String) async throws {
    let sandbox = try Sandbox()
    await Fixtures.addEverything(to: sandbox)
    let before = FileSnapshot(sandbox.databasePath, in: sandbox)
    let result = await sandbox.runProgram(
      ListsBinary.sqlite3, ["-batch", "-bail", sandbox.databasePath, sql])
    #expect(result.exitCode != 0, "\(result)")
    #expect(result.stderr.contains("constraint failed"), "\(result)")
    // (The shell bails out without closing the file, so its -wal and -shm stay behind.)
    #expect(FileSnapshot(sandbox.databasePath, in: sandbox).bytes == before.bytes)
  }

  @Test func userTextIsStoredVerbatimNeverRunAsSQL() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let title = "x'); DROP TABLE orders; --"
    let result = await sandbox.run(
      "add", "favorites", "--ref", "o'brien\"; DELETE FROM favorites;", "--title", title)
    #expect(result.exitCode == 0, "\(result)")
    #expect(await sandbox.sqlite("SELECT count(*) FROM orders") == "3\n")
    let item = try await sandbox.run("show", "favorites", "--json").json()["items"]?.arrayValue?
      .first
    #expect(item?["ref"] == .string("o'brien\"; DELETE FROM favorites;"))
    #expect(item?["title"] == .string(title))
  }

  @Test func aChangedMigrationIsReportedNotRerun() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let table = await sandbox.sqlite(
      "SELECT m.name FROM sqlite_master m WHERE m.type = 'table' AND EXISTS "
        + "(SELECT 1 FROM pragma_table_info(m.name) WHERE name = 'applied_at')")
    let migrations = String(table.dropLast())
    #expect(!migrations.isEmpty)
    #expect(await sandbox.sqlite("UPDATE \(migrations) SET checksum = 'edited'") == "")
    let rows = await sandbox.sqlite("SELECT * FROM \(migrations)")

    let doctor = await sandbox.run("doctor")
    #expect(doctor.exitCode != 0, "\(doctor)")
    #expect(
      doctor.stdoutLines.contains { $0.hasPrefix("Migrations 0001 ") && $0.hasSuffix(": changed") })
    #expect(doctor.stderrLines.count == 1, "\(doctor)")
    #expect(doctor.stderrLines.first?.hasPrefix("Error: Migration 1 ") == true, "\(doctor)")
    // Using the file does not run the migration again.
    #expect(await sandbox.run("show", "orders").exitCode == 0)
    #expect(await sandbox.sqlite("SELECT * FROM \(migrations)") == rows)
    #expect(await sandbox.sqlite("SELECT count(*) FROM orders") == "3\n")
  }
}
