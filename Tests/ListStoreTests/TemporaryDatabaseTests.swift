import Foundation
import SQLiteCore
import Testing

@testable import ListStore
import ListStoreTesting

/// ListStoreTesting: a real WAL file per test, removed afterwards, and seed data.
@Suite struct TemporaryDatabaseTests {
  @Test func aTestGetsARealWALFileThatIsRemovedAfterwards() async throws {
    let path = try withTemporaryDatabase { database in
      try database.orders().add(Seed.orders.drafts(1)[0])
      #expect(FileManager.default.fileExists(atPath: database.path))
      let other = try Connection(path: database.path, options: .init(create: false))
      #expect(try other.textColumn("PRAGMA journal_mode") == ["wal"])
      #expect(try other.textColumn("SELECT number FROM orders") == ["A-1001"])
      return database.path
    }
    let folder = (path as NSString).deletingLastPathComponent
    #expect(!FileManager.default.fileExists(atPath: folder))
  }

  @Test func eachCallGetsItsOwnEmptyDatabase() throws {
    let first = try withTemporaryDatabase { database in
      try database.orders().importItems(Seed.orders.drafts(2))
      return database.path
    }
    let (second, count) = try withTemporaryDatabase { database in
      (database.path, try database.orders().count())
    }
    #expect(second != first)
    #expect(count == 0)
  }

  @Test func theFolderIsRemovedWhenTheTestThrows() throws {
    struct Failure: Error {}
    var seen: String?
    #expect(throws: Failure.self) {
      try withTemporaryDatabase { database in
        seen = database.path
        throw Failure()
      }
    }
    let path = try #require(seen)
    #expect(!FileManager.default.fileExists(atPath: (path as NSString).deletingLastPathComponent))
  }

  @Test func seedsAreValidDistinctItemsOfEachBuiltInList() throws {
    try withTemporaryDatabase { database in
      #expect(try database.orders().importItems(Seed.orders.drafts(8)) == 8)
      #expect(try database.favorites().importItems(Seed.favorites.drafts(3)) == 3)
      #expect(try database.addresses().importItems(Seed.addresses.drafts(2)) == 2)
      let newest = try database.orders().page(after: nil, limit: 2).items.map(\.number)
      #expect(newest == ["A-1008", "A-1007"])
      #expect(Set(try Seed.orders.drafts(8).map(\.status)).count == OrderStatus.allCases.count)
      #expect(try Seed { "item \($0)" }.drafts(2) == ["item 0", "item 1"])
    }
  }
}
