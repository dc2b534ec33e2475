import SQLiteCore
import Testing

@testable import ListStore
import ListStoreTesting

/// `ListsDatabase.repair()` and the schema reference it works from.
@Suite struct RepairTests {
  /// The `sql` of every object of `sqlite_schema`, by name.
  private func schema(_ connection: Connection) throws -> [String: String] {
    var sql: [String: String] = [:]
    for object in try SchemaReference.objects(in: connection) { sql[object.name] = object.sql }
    return sql
  }

  @Test func theReferenceIsWhatAMigratedFileHolds() throws {
    try withTemporaryFolder { folder in
      _ = try ListsDatabase(path: folder.path())
      let file = try schema(Connection(path: folder.path()))
      let reference = try SchemaReference.objects(upTo: Migrator.latestVersion)
      #expect(Set(reference.map(\.name)) == Set(file.keys))
      for object in reference { #expect(file[object.name] == object.sql, "\(object.name)") }
      #expect(reference.filter { $0.type == "trigger" }.count == 9)
      #expect(reference.filter { $0.type == "index" }.count == 5)  // 0003 added orders_by_status
      #expect(try SchemaReference.objects(upTo: 0).isEmpty)
    }
  }

  @Test func repairRemakesIndexesTriggersAndCountsAndTouchesNoRow() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      try database.favorites().add(FavoriteDraft(ref: "x", title: "first"))
      try database.orders().add(
        OrderDraft(number: "A-1", total: Money(parsing: "1", currency: .eur)))
      let raw = try Connection(path: folder.path())
      let sound = try schema(raw)
      let rows = try raw.textColumn("SELECT number || '|' || total_minor FROM orders")
      try raw.executeScript(
        """
        DROP TRIGGER orders_counted_delete; DROP INDEX addresses_page;
        DROP TRIGGER favorites_counted_insert;
        CREATE TRIGGER favorites_counted_insert AFTER INSERT ON favorites BEGIN SELECT 1; END;
        UPDATE list_counts SET item_count = -4 WHERE list = 'orders';
        """)
      let report = try HealthReport.inspect(path: folder.path())
      #expect(
        report.problems.filter { $0.contains("'lists doctor --repair'") }.count == 4,
        "\(report.problems)")
      guard case .bookkeepingDamaged(folder.path(), let detail) = report.verdict else {
        Issue.record("\(report.verdict)")
        return
      }
      #expect(
        [
          "the index addresses_page is missing",
          "the trigger favorites_counted_insert is not the one the migrations make",
          "the trigger orders_counted_delete is missing",
        ].contains(detail), "\(detail)")
      #expect(throws: ListStoreError.self) { _ = try database.orders().count() }

      let repair = try database.repair()
      #expect(
        Set(repair.recreated) == [
          "index addresses_page", "trigger favorites_counted_insert",
          "trigger orders_counted_delete",
        ])
      #expect(
        repair.recounted == [
          HealthReport.Count(account: "default", list: .orders, kept: -4, actual: 1)
        ])
      #expect(repair.notRepaired.isEmpty)
      #expect(try schema(raw) == sound)
      #expect(try raw.textColumn("SELECT number || '|' || total_minor FROM orders") == rows)
      #expect(try HealthReport.inspect(path: folder.path()).isHealthy)
      #expect(try database.orders().count() == 1)
      #expect(try database.repair().isEmpty)
    }
  }

  @Test func aMissingListTableIsNotMadeAgain() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      try Connection(path: folder.path()).execute("DROP TABLE addresses")
      let repair = try database.repair()
      #expect(repair.recreated.isEmpty)
      #expect(repair.notRepaired.count == 1)
      #expect(repair.notRepaired.first?.contains("the table addresses is missing") == true)
      #expect(
        try HealthReport.inspect(path: folder.path()).verdict
          == .corrupt(path: folder.path(), detail: "the table addresses is missing"))
    }
  }
}
