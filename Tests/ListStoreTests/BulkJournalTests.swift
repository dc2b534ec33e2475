import SQLiteCore
import Testing

@testable import ListStore
import ListStoreTesting

/// An import keeps its statement journals in memory for its own transaction only: every other
/// write (a `clear` of a whole list among them) keeps SQLite's default, a temporary file past
/// 64 KiB, so one large statement never holds a list's pages in memory.
@Suite struct BulkJournalTests {
  static func tempStore(_ database: ListsDatabase) throws -> Int64? {
    try database.withConnection { connection in try connection.scalarInt("PRAGMA temp_store") }
  }

  static func draft(_ number: String) throws -> OrderDraft {
    OrderDraft(number: number, total: try Money(parsing: "1", currency: .eur))
  }

  @Test func anImportLeavesTheDefault() throws {
    try withTemporaryDatabase { database in
      var index = 0
      let added = try database.orders().importItems {
        guard index < 3 else { return nil }
        index += 1
        return try Self.draft("A-\(index)")
      }
      #expect(added == 3)
      #expect(try Self.tempStore(database) == 0)
    }
  }

  @Test func aRejectedImportLeavesTheDefaultToo() throws {
    try withTemporaryDatabase { (database: ListsDatabase) throws in
      var index = 0
      #expect(throws: (any Error).self) {
        try database.orders().importItems {
          index += 1
          guard index < 3 else { throw ListStoreError.invalidValue(field: "number", reason: "stop") }
          return try Self.draft("A-\(index)")
        }
      }
      #expect(try Self.tempStore(database) == 0)
      #expect(try database.orders().count() == 0)
    }
  }

  @Test func theSettingIsTheTransactions() throws {
    try withTemporaryDatabase { database in
      let (during, after) = try database.withConnection { (connection: Connection) throws -> (Int64?, Int64?) in
        try ListsDatabase.bulkJournal(true, on: connection)
        let during = try connection.scalarInt("PRAGMA temp_store")
        try ListsDatabase.bulkJournal(false, on: connection)
        return (during, try connection.scalarInt("PRAGMA temp_store"))
      }
      #expect(during == 2)
      #expect(after == 0)
    }
  }
}
