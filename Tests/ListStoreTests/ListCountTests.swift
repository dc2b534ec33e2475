import SQLiteCore
import Testing

@testable import ListStore
import ListStoreTesting

@Suite struct ListCountTests {
  @Test func countsFollowWritesByAnotherProgram() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      #expect(try database.orders().isEmpty())
      let other = try Connection(path: folder.path())
      try other.executeScript(
        """
        INSERT INTO orders (account, number, status, total_minor, currency, placed_at)
        VALUES ('default', 'X-1', 'paid', 100, 'EUR', 1), ('default', 'X-2', 'paid', 100, 'EUR', 2),
               ('ann', 'X-1', 'paid', 100, 'EUR', 3);
        INSERT INTO favorites (ref, title) VALUES ('r', 't');
        """)
      #expect(try database.orders().count() == 2)
      #expect(try database.orders(account: "ann").count() == 1)
      #expect(try database.favorites().count() == 1)
      try other.execute("DELETE FROM orders WHERE number = 'X-1'")
      #expect(try database.orders().count() == 1)
      #expect(try database.orders(account: "ann").isEmpty())
      try other.execute("UPDATE orders SET account = 'ann' WHERE number = 'X-2'")
      #expect(try database.orders().isEmpty())
      #expect(try database.orders(account: "ann").count() == 1)
      let report = try HealthReport.inspect(path: folder.path())
      #expect(report.isHealthy)
      #expect(report.counts.allSatisfy { $0.kept == $0.actual })
    }
  }

  /// SQLite's one exception: the row an `INSERT OR REPLACE` replaces is deleted without
  /// delete triggers (unless that connection turned on `recursive_triggers`). The health
  /// report finds the drift and `recountLists()` repairs it, telling observers.
  @Test func driftAfterAnotherProgramsReplaceIsFoundAndRecounted() async throws {
    try await withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      try database.favorites(account: "carol").add(FavoriteDraft(ref: "x", title: "first"))
      try database.orders().add(OrderDraft(number: "A-1", total: Money(parsing: "1", currency: .eur)))
      let other = try Connection(path: folder.path())
      try other.execute(
        "INSERT OR REPLACE INTO favorites (account, ref, title, added_at) VALUES ('carol', 'x', 'second', 2)")
      #expect(try database.favorites(account: "carol").count() == 2)
      let drift = ListStoreError.countDrift(kind: .favorites, account: "carol", kept: 2, actual: 1)
      #expect(try HealthReport.inspect(path: folder.path()).verdict == drift)
      #expect(drift.message.contains("lists doctor --repair"))

      var changes = try database.changes(to: .favorites, account: "carol").makeAsyncIterator()
      let recounted = try database.recountLists()
      #expect(recounted == [HealthReport.Count(account: "carol", list: .favorites, kept: 2, actual: 1)])
      #expect(await changes.next() != nil)
      #expect(try database.favorites(account: "carol").count() == 1)
      #expect(try database.orders().count() == 1)
      #expect(try HealthReport.inspect(path: folder.path()).isHealthy)
      #expect(try database.recountLists().isEmpty)
    }
  }

  @Test func readsAfterAnotherConnectionsWriteSeeIt() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let orders = database.orders()
      for number in ["A-1", "A-2", "A-3"] {
        try orders.add(OrderDraft(number: number, total: Money(parsing: "1", currency: .eur)))
      }
      // A page that stops before the end, a count and a lookup: none may keep the connection
      // reading an old snapshot.
      #expect(try orders.page(after: nil, limit: 1).items.count == 1)
      #expect(try orders.count() == 3)
      _ = try orders.item(id: 1)
      let other = try Connection(path: folder.path())
      try other.execute(
        "INSERT INTO orders (number, total_minor, currency, placed_at) VALUES ('B-1', 1, 'EUR', 9e15)")
      #expect(try orders.count() == 4)
      #expect(try orders.page(after: nil, limit: 1).items.map(\.number) == ["B-1"])
      #expect(try orders.item(id: 4)?.number == "B-1")
    }
  }

  @Test func plainInsertOfTheDocumentedColumnsWorks() throws {
    try withTemporaryFolder { folder in
      _ = try ListsDatabase(path: folder.path())
      let other = try Connection(path: folder.path())
      try other.executeScript(
        """
        INSERT INTO favorites (ref, title, note) VALUES ('r', 't', NULL);
        INSERT INTO addresses (label, recipient, line1, city, postal_code, country)
          VALUES ('Home', 'Ann', 'Main 1', 'Berlin', '10115', 'DE');
        INSERT INTO orders (number, total_minor, currency) VALUES ('A-1', 100, 'EUR');
        """)
      #expect(try other.scalarInt("SELECT sum(item_count) FROM list_counts WHERE account = 'default'") == 3)
    }
  }

  @Test func doctorSeesACountThatDrifted() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      try database.favorites().add(FavoriteDraft(ref: "r", title: "t"))
      let other = try Connection(path: folder.path())
      try other.execute("UPDATE list_counts SET item_count = 7")
      let report = try HealthReport.inspect(path: folder.path())
      #expect(!report.isHealthy)
      #expect(report.counts == [HealthReport.Count(account: "default", list: .favorites, kept: 7, actual: 1)])
    }
  }
}

@Suite struct HealthReportTests {
  @Test func aFileWithoutItsSchemaYetIsHealthyWithPendingMigrations() throws {
    try withTemporaryFolder { folder in
      // What a first open killed before its migration committed leaves: SQLite's header, no
      // tables, no mark.
      do {
        let raw = try Connection(path: folder.path())
        try raw.executeScript("PRAGMA journal_mode = WAL; PRAGMA user_version = 0")
      }
      let report = try HealthReport.inspect(path: folder.path())
      #expect(report.isHealthy, "\(report.problems)")
      #expect(report.migrations.map(\.state) == EmbeddedMigration.all.map { _ in .pending })
    }
  }
}
