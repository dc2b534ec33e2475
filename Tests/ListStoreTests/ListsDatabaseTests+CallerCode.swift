import Foundation
import Testing

@testable import ListStore
import ListStoreTesting

/// Caller code — an export's consumer, an import's draft source — runs under no lock the
/// store's other calls need. Calling the store from inside it used to lock the connection's
/// mutex again: the process died with "Recursive call to lock Mutex".
extension ListsDatabaseTests {
  @Test func anExportsConsumerMayReadTheStore() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let orders = database.orders()
      try orders.importItems(try orderDrafts(5))
      try database.favorites().add(FavoriteDraft(ref: "r", title: "Kettle"))
      var exported: [String] = []
      try orders.export { order in
        exported.append(order.number)
        #expect(try database.favorites().count() == 1)
        #expect(try orders.item(id: order.id) == order)
        #expect(try orders.page(after: nil, limit: 2).items.map(\.number) == ["N-4", "N-3"])
        // An export inside an export reads a snapshot of its own.
        var inner = 0
        try database.favorites().export { _ in inner += 1 }
        #expect(inner == 1)
      }
      #expect(exported == ["N-4", "N-3", "N-2", "N-1", "N-0"])
    }
  }

  @Test func anExportsConsumerMayWriteAndTheExportKeepsItsSnapshot() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let orders = database.orders()
      try orders.importItems(try orderDrafts(3))
      var exported = 0
      try orders.export { order in
        exported += 1
        try orders.add(OrderDraft(number: "copy-\(order.number)", total: order.total))
        // The write is committed: a read begun now sees it, the export's snapshot does not.
        #expect(try orders.count() == 3 + exported)
      }
      #expect(exported == 3)
      #expect(try orders.count() == 6)
    }
  }

  @Test func anImportsDraftSourceMayReadTheStoreAsCommittedBeforeTheImport() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let orders = database.orders()
      let first = try orders.add(try orderDrafts(1)[0])
      var drafts = try orderDrafts(4).dropFirst().makeIterator()
      var seen: [Int] = []
      let added = try orders.importItems {
        seen.append(try orders.count())
        #expect(try orders.item(id: first.id) == first)
        #expect(try orders.page(after: nil, limit: 5).items == [first])
        return drafts.next()
      }
      #expect(added == 3)
      #expect(seen == [1, 1, 1, 1])
      #expect(try orders.count() == 4)
    }
  }

  @Test func aWriteFromAnImportsDraftSourceThrowsNestedWriteAndImportsNothing() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let orders = database.orders()
      var drafts = try orderDrafts(3).makeIterator()
      var position = 0
      #expect(throws: ListStoreError.nestedWrite) {
        try orders.importItems {
          position += 1
          if position == 2 { try database.favorites().add(FavoriteDraft(ref: "r", title: "t")) }
          return drafts.next()
        }
      }
      #expect(try orders.count() == 0)
      #expect(try database.favorites().count() == 0)
      // The writer is free again.
      try orders.add(try orderDrafts(1)[0])
      #expect(try orders.count() == 1)
      #expect(ListStoreError.nestedWrite.message.contains("write after the import returns"))
    }
  }

  @Test func anInMemoryExportsConsumerMayReadButNotWrite() throws {
    let database = try ListsDatabase.inMemory()
    let orders = database.orders()
    try orders.importItems(try orderDrafts(2))
    var counts: [Int] = []
    try orders.export { order in
      counts.append(try orders.count())
      #expect(try orders.item(id: order.id) == order)
      #expect(throws: ListStoreError.nestedWrite) { try orders.remove(ids: [order.id]) }
    }
    #expect(counts == [2, 2])
    try orders.clear()
    #expect(try orders.isEmpty())
  }
}
