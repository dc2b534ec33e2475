import Foundation
import SQLiteCore
import Testing

@testable import ListStore
import ListStoreTesting

/// This build's newest schema version, and the migration numbers a migrated file records, as
/// the tables of cases below spell them.
private let latest = ListsDatabase.supportedSchemaVersion
private let all = (1...latest).map(String.init).joined(separator: ", ")
private let rest = (2...max(2, latest)).map(String.init).joined(separator: ", ")
private let doubled = (1...latest).flatMap { [String($0), String($0)] }.joined(separator: ", ")

@Suite struct MigratorTests {
  /// The folder of the package's `Migrations/*.sql` files.
  static let migrationsFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Migrations")

  @Test func everyMigrationFileIsEmbeddedWithItsSHA256() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.migrationsFolder.path)
      .filter { $0.hasSuffix(".sql") }.sorted()
    #expect(files.count == EmbeddedMigration.all.count)
    for (file, migration) in zip(files, EmbeddedMigration.all) {
      #expect(file == String(format: "%04d_%@.sql", migration.number, migration.name))
      let text = try String(contentsOf: Self.migrationsFolder.appendingPathComponent(file), encoding: .utf8)
      #expect(text == migration.sql)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["sha256sum", Self.migrationsFolder.appendingPathComponent(file).path]
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      process.waitUntilExit()
      let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      #expect(output.split(separator: " ").first.map(String.init) == migration.checksum)
    }
  }

  @Test func documentedColumnsExist() throws {
    let database = try ListsDatabase.inMemory()
    let expected: [String: [String]] = [
      "favorites": ["id", "account", "ref", "title", "note", "added_at"],
      "addresses": [
        "id", "account", "label", "recipient", "line1", "line2", "city", "region", "postal_code",
        "country", "phone", "is_default", "created_at",
      ],
      "orders": ["id", "account", "number", "status", "total_minor", "currency", "placed_at"],
    ]
    for (table, columns) in expected {
      let names = try database.read { try $0.textColumn("SELECT name FROM pragma_table_info('\(table)')") }
      #expect(names == columns, "\(table)")
    }
  }

  @Test func appliedMigrationsAreRecorded() throws {
    try withTemporaryFolder { folder in
      let clock = TestClock(start: 1_000)
      _ = try ListsDatabase(path: folder.path(), configuration: clock.configuration)
      let raw = try Connection(path: folder.path())
      let rows = try Migrator.applied(raw)
      #expect(rows.map(\.number) == EmbeddedMigration.all.map(\.number))
      #expect(rows.map(\.name) == EmbeddedMigration.all.map(\.name))
      #expect(rows.map(\.checksum) == EmbeddedMigration.all.map(\.checksum))
      #expect(rows.allSatisfy { $0.appliedAt > 1_000 })
    }
  }

  @Test func changedMigrationIsReportedNotRerun() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      _ = try ListsDatabase(path: path)
      let raw = try Connection(path: path)
      var edited = EmbeddedMigration.all
      edited[0] = EmbeddedMigration(number: 1, name: edited[0].name, checksum: "0000", sql: "SELECT 1")
      edited.append(EmbeddedMigration(number: latest + 1, name: "more", checksum: "1111", sql: "CREATE TABLE more(x)"))
      #expect(throws: ListStoreError.migrationChanged(app: nil, number: 1, name: "initial")) {
        try Migrator.migrate(raw, path: path, migrations: edited, now: { 0 })
      }
      #expect(try raw.scalarInt("PRAGMA user_version") == Int64(latest))
      #expect(try raw.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'more'") == 0)
    }
  }

  @Test(arguments: [
    ("PRAGMA user_version = 0", "its schema version is 0 but the migrations recorded are \(all)"),
    ("PRAGMA user_version = 0; DELETE FROM lists_migrations; "
       + "INSERT INTO lists_migrations (number, name, checksum, applied_at) VALUES (2, 'x', 'x', 0)",
     "its schema version is 0 but the migrations recorded are 2"),
    ("PRAGMA user_version = 0; DELETE FROM lists_migrations",
     "it has a schema but its schema version is 0 and it records no migration"),
    // The table's CHECK refuses such numbers; a person editing the file can switch it off.
    ("PRAGMA ignore_check_constraints = ON; UPDATE lists_migrations SET number = 0 WHERE number = 1",
     "its schema version is \(latest) but the migrations recorded are 0, \(rest)"),
    ("PRAGMA ignore_check_constraints = ON; UPDATE lists_migrations SET number = -5 WHERE number = 1",
     "its schema version is \(latest) but the migrations recorded are -5, \(rest)"),
    ("INSERT INTO lists_migrations (number, name, checksum, applied_at) VALUES (\(latest + 1), 'x', 'x', 0)",
     "its schema version is \(latest) but the migrations recorded are \(all), \(latest + 1)"),
    ("INSERT INTO lists_migrations (namespace, number, name, checksum, applied_at) VALUES ('app', 7, 'x', 'x', 0); "
       + "DELETE FROM lists_migrations WHERE namespace = 'lists'",
     "its schema version is \(latest) but the migrations recorded are none"),
    ("DELETE FROM lists_migrations", "its schema version is \(latest) but the migrations recorded are none"),
    ("DROP TABLE lists_migrations", "its schema version is \(latest) but the migrations recorded are none"),
    ("CREATE TABLE m AS SELECT * FROM lists_migrations; DROP TABLE lists_migrations; "
       + "CREATE TABLE lists_migrations (number, name, checksum, applied_at); "
       + "INSERT INTO lists_migrations SELECT number, name, checksum, applied_at FROM m; "
       + "INSERT INTO lists_migrations SELECT number, name, checksum, applied_at FROM m",
     "its schema version is \(latest) but the migrations recorded are \(doubled)"),
    ("CREATE TABLE m AS SELECT * FROM lists_migrations; DROP TABLE lists_migrations; "
       + "CREATE TABLE lists_migrations (number, name, checksum, applied_at); "
       + "INSERT INTO lists_migrations SELECT number, NULL, checksum, applied_at FROM m",
     "lists_migrations has a row with a NULL or a value of the wrong type (number 1)"),
  ])
  func migrationsRecordedOtherwiseThanTheVersionSaysAreRefusedUntouched(
    _ edit: String, _ detail: String
  ) throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      _ = try ListsDatabase(path: path)
      do {
        let raw = try Connection(path: path)
        try raw.executeScript(edit)
      }
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      // Migrating would re-run migration 1 over its own tables (or skip one): refused.
      #expect(throws: ListStoreError.corrupt(path: path, detail: detail)) {
        _ = try ListsDatabase(path: path)
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
      let report = try HealthReport.inspect(path: path)
      if edit.contains("ignore_check_constraints") {
        // A row that breaks the table's CHECK is also what the integrity check reports first.
        #expect(!report.isHealthy)
        #expect(report.problems.contains { $0.contains(detail) }, "\(report.problems)")
      } else {
        #expect(report.verdict == .corrupt(path: path, detail: detail))
      }
    }
  }

  @Test func versionWithoutItsRecordedMigrationsIsReportedByTheHealthReport() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      _ = try ListsDatabase(path: path)
      let raw = try Connection(path: path)
      try raw.execute("DELETE FROM lists_migrations")
      let report = try HealthReport.inspect(path: path)
      #expect(!report.isHealthy)
      #expect(
        report.verdict
          == .corrupt(path: path, detail: "its schema version is \(latest) but the migrations recorded are none"))
    }
  }

  @Test func failingMigrationLeavesTheFileAsItWas() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      do {
        let database = try ListsDatabase(path: path)
        try database.orders().add(OrderDraft(number: "A-1", total: Money(parsing: "1.00", currency: .eur)))
      }
      let raw = try Connection(path: path)
      let before = try raw.textColumn("SELECT sql FROM sqlite_schema ORDER BY name")
      var migrations = EmbeddedMigration.all
      migrations.append(
        EmbeddedMigration(
          number: latest + 1, name: "broken", checksum: "x",
          sql: "CREATE TABLE extra(id INTEGER); INSERT INTO orders(number) VALUES (NULL);"))
      #expect(throws: ListStoreError.self) {
        try Migrator.migrate(raw, path: path, migrations: migrations, now: { 0 })
      }
      #expect(try raw.scalarInt("PRAGMA user_version") == Int64(latest))
      #expect(try raw.textColumn("SELECT sql FROM sqlite_schema ORDER BY name") == before)
      #expect(try raw.scalarInt("SELECT count(*) FROM orders") == 1)
      #expect(try raw.scalarInt("SELECT count(*) FROM lists_migrations") == Int64(latest))
    }
  }

  @Test func newMigrationIsAppliedInOrder() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      _ = try ListsDatabase(path: path)
      let raw = try Connection(path: path)
      var migrations = EmbeddedMigration.all
      migrations.append(EmbeddedMigration(number: latest + 1, name: "extra", checksum: "c2", sql: "CREATE TABLE extra(x)"))
      try Migrator.migrate(raw, path: path, migrations: migrations, now: { 42 })
      #expect(try raw.scalarInt("PRAGMA user_version") == Int64(latest + 1))
      #expect(
        try Migrator.applied(raw).last
          == Migrator.Applied(number: latest + 1, name: "extra", checksum: "c2", appliedAt: 42))
    }
  }
}
