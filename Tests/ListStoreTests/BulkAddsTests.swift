import ListPaging
import ListStoreTesting
import SQLiteCore
import Testing

@testable import ListStore

/// An import to a synced kind records its adds in the outbox in one statement after the last of
/// them (`KindStatements.BulkAdds`): the same changes the insert trigger records one add at a time.
@Suite struct BulkAddsTests {
  static let url = "http://127.0.0.1:1/orders"

  /// Gives `orders` of `account` a remote, as a kind's first sync does: the sync tables, the
  /// change triggers and the account's sync state.
  static func synced(_ database: ListsDatabase, account: String = "default") throws {
    try database.items(of: "orders", account: account).replica.recordSyncFailure(
      remoteURL: url, LoadError(kind: .unreachable, message: "not synced yet", isRetryable: true))
  }

  static func order(_ number: String) throws -> OrderDraft {
    OrderDraft(number: number, total: try Money(parsing: "1.50", currency: .eur))
  }

  /// What the outbox holds, as the trigger would have written it.
  static func outbox(_ path: String) throws -> [String] {
    try Connection(path: path).textColumn(
      """
      SELECT kind || ' ' || account || ' ' || item_id || ' ' || op || ' ' || ifnull(fields, '-') || ' ' || state
      FROM list_changes ORDER BY seq
      """)
  }

  static func applyingMarks(_ path: String) throws -> [String] {
    try Connection(path: path).textColumn("SELECT writer FROM list_sync_applying")
  }

  @Test func anImportRecordsTheAddsTheTriggerRecordsOneByOne() throws {
    try withTemporaryFolder { folder in
      let imported = folder.path("imported.db")
      let added = folder.path("added.db")
      let numbers = (1...40).map { "B-\($0)" }
      for path in [imported, added] {
        let database = try ListsDatabase(path: path)
        try database.orders().add(Self.order("before-sync"))
        try Self.synced(database)
        try database.orders().add(Self.order("A-1"))
        // Another account without a remote records nothing, either way.
        try database.orders(account: "ann").add(Self.order("ann-1"))
        if path == imported {
          #expect(try database.orders().importItems(numbers.map(Self.order)) == 40)
          #expect(try database.orders(account: "ann").importItems([Self.order("ann-2")]) == 1)
        } else {
          for number in numbers { try database.orders().add(Self.order(number)) }
          try database.orders(account: "ann").add(Self.order("ann-2"))
        }
        // A later write of the same transaction's kind is the person's again: recorded.
        try database.orders().add(Self.order("C-1"))
      }
      let expected = try Self.outbox(added)
      #expect(expected.count == 43)  // the adopted item, A-1, 40 imported, C-1
      #expect(try Self.outbox(imported) == expected)
      #expect(try Self.applyingMarks(imported).isEmpty)
      let database = try ListsDatabase(path: imported)
      #expect(try database.items(of: "orders", account: "default").replica.syncChangeCounts().pending == 43)
    }
  }

  @Test func aRejectedImportRecordsNothingAndLeavesNoMark() throws {
    try withTemporaryFolder { folder in
      let path = folder.path("orders.db")
      let database = try ListsDatabase(path: path)
      try Self.synced(database)
      #expect(throws: ListStoreError.self) {
        try database.orders().importItems([Self.order("A-1"), Self.order("A-2"), Self.order("A-1")])
      }
      #expect(try Self.outbox(path).isEmpty)
      #expect(try Self.applyingMarks(path).isEmpty)
      try database.orders().importItems([Self.order("A-1")])
      #expect(try Self.outbox(path).count == 1)
    }
  }

  /// In an app's transaction, the writes after an import are recorded by the triggers again:
  /// an update of an imported item folds into its pending add, a removal drops it.
  @Test func writesAfterAnImportInOneTransactionAreRecordedByTheTriggers() throws {
    try withTemporaryFolder { folder in
      let path = folder.path("orders.db")
      let database = try ListsDatabase(path: path)
      try Self.synced(database)
      try database.write { transaction in
        try transaction.orders().importItems([Self.order("A-1"), Self.order("A-2"), Self.order("A-3")])
        try transaction.orders().remove(ids: [2])
        try transaction.orders().add(Self.order("A-4"))
      }
      #expect(try Self.outbox(path) == [
        "orders default 1 add - pending", "orders default 3 add - pending", "orders default 4 add - pending",
      ])
      #expect(try Self.applyingMarks(path).isEmpty)
    }
  }

  /// A trigger of the app's own on the kind's table may write to a kind whose changes must be
  /// recorded while the import runs: the import's adds are then recorded by the trigger, one
  /// by one, as before.
  @Test func anAppsTriggerOnTheTableKeepsTheTriggerPath() throws {
    try withTemporaryFolder { folder in
      let path = folder.path("orders.db")
      let database = try ListsDatabase(path: path)
      try Self.synced(database)
      try Connection(path: path).execute(
        """
        CREATE TRIGGER app_echo AFTER INSERT ON orders BEGIN
          INSERT INTO favorites (account, ref, title) VALUES (NEW.account, NEW.number, 'ordered');
        END
        """)
      try database.orders().importItems([Self.order("A-1"), Self.order("A-2")])
      #expect(try Self.outbox(path) == ["orders default 1 add - pending", "orders default 2 add - pending"])
      #expect(try database.favorites().count() == 2)
      #expect(try Self.applyingMarks(path).isEmpty)
    }
  }
}
