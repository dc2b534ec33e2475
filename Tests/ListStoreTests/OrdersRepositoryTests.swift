import Foundation
import SQLiteCore
import Testing
import TestSupport

@testable import ListStore
import ListStoreTesting

@Suite struct OrdersRepositoryTests {
  private func draft(_ number: String, _ total: String = "1.00", _ currency: Currency = .eur, at time: Int64? = nil, _ status: OrderStatus = .pending) throws -> OrderDraft {
    OrderDraft(
      number: number, total: try Money(parsing: total, currency: currency), status: status,
      placedAt: time.map { Timestamp(millisecondsSince1970: $0) })
  }

  @Test func addStoresExactMinorUnits() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let orders = database.orders()
      try orders.add(try draft("A-1", "19.99", .eur))
      try orders.add(try draft("A-2", "1200", .jpy))
      try orders.add(try draft("A-3", "0.001", try Currency(code: "KWD")))
      let raw = try Connection(path: folder.path())
      let stored = try raw.textColumn("SELECT number || ':' || total_minor || ':' || currency FROM orders ORDER BY id")
      #expect(stored == ["A-1:1999:EUR", "A-2:1200:JPY", "A-3:1:KWD"])
    }
  }

  @Test func addReturnsTheStoredOrder() throws {
    let database = try ListsDatabase.inMemory()
    let added = try database.orders().add(try draft("A-1001", "25.90", at: 1_764_510_000_000, .paid))
    #expect(try database.orders().item(id: added.id) == added)
    #expect(added.status == .paid)
    #expect(added.total.minorUnits == 2590)
  }

  @Test func duplicateNumberIsRejected() throws {
    let database = try ListsDatabase.inMemory()
    try database.orders().add(try draft("A-1"))
    let duplicate = ListStoreError.duplicateItem(kind: "orders", item: "order", fields: ["number"], values: ["A-1"])
    #expect(throws: duplicate) { try database.orders().add(try draft("A-1")) }
    #expect(duplicate.message == "An order numbered 'A-1' already exists; give the new order another number.")
    #expect(try database.orders().count() == 1)
  }

  @Test func sameNumberInAnotherAccountIsFine() throws {
    let database = try ListsDatabase.inMemory()
    try database.orders(account: "ann").add(try draft("A-1"))
    try database.orders(account: "bob").add(try draft("A-1"))
    #expect(try database.orders(account: "ann").count() == 1)
    #expect(try database.orders(account: "bob").count() == 1)
  }

  @Test func emptyNumberIsRejected() throws {
    let database = try ListsDatabase.inMemory()
    #expect(throws: ListStoreError.invalidValue(field: "order number", reason: "must not be empty")) {
      try database.orders().add(try draft(""))
    }
  }

  @Test func newestFirstWithIdBreakingTies() throws {
    let database = try ListsDatabase.inMemory()
    let orders = database.orders()
    let a = try orders.add(try draft("a", at: 100))
    let b = try orders.add(try draft("b", at: 300))
    let c = try orders.add(try draft("c", at: 200))
    let d = try orders.add(try draft("d", at: 300))
    let e = try orders.add(try draft("e", at: 100))
    let page = try orders.page(after: nil, limit: 10)
    #expect(page.items.map(\.id) == [d.id, b.id, c.id, e.id, a.id])
    #expect(page.nextCursor == nil)
  }

  @Test func cursorWalkVisitsEveryOrderOnceInOrder() throws {
    let database = try ListsDatabase.inMemory()
    let orders = database.orders()
    var generator = SplitMix(seed: 42)
    // Many equal times, so pages end in the middle of ties.
    let drafts = try (0..<257).map { i in try draft("N-\(i)", at: Int64.random(in: 0..<20, using: &generator)) }
    try orders.importItems(drafts)
    var seen: [Order] = []
    var cursor: ListCursor?
    var pages = 0
    repeat {
      let page = try orders.page(after: cursor, limit: 10)
      seen += page.items
      cursor = page.nextCursor
      pages += 1
      #expect(page.items.count == 10 || cursor == nil)
    } while cursor != nil
    #expect(pages == 26)
    #expect(seen.count == 257)
    #expect(Set(seen.map(\.id)).count == 257)
    let expected = seen.sorted { ($0.placedAt, $0.id) > ($1.placedAt, $1.id) }
    #expect(seen == expected)
  }

  @Test func lastFullPageHasNoCursor() throws {
    let database = try ListsDatabase.inMemory()
    try database.orders().importItems(try (0..<20).map { try draft("N-\($0)", at: Int64($0)) })
    let first = try database.orders().page(after: nil, limit: 10)
    let second = try database.orders().page(after: first.nextCursor, limit: 10)
    #expect(second.items.count == 10)
    #expect(second.nextCursor == nil)
  }

  @Test func accountsNeverSeeEachOther() throws {
    let database = try ListsDatabase.inMemory()
    let ann = try database.orders(account: "ann").add(try draft("A-1"))
    try database.orders(account: "bob").add(try draft("B-1"))
    #expect(try database.orders(account: "bob").item(id: ann.id) == nil)
    #expect(try database.orders(account: "bob").page(after: nil, limit: 10).items.map(\.number) == ["B-1"])
    #expect(throws: ListStoreError.itemsNotFound(kind: .orders, ids: [ann.id], removing: true)) {
      try database.orders(account: "bob").remove(ids: [ann.id])
    }
    #expect(try database.orders(account: "bob").clear() == 1)
    #expect(try database.orders(account: "ann").count() == 1)
  }

  @Test func removeIsAllOrNothing() throws {
    let database = try ListsDatabase.inMemory()
    let one = try database.orders().add(try draft("A-1"))
    let two = try database.orders().add(try draft("A-2"))
    #expect(throws: ListStoreError.itemsNotFound(kind: .orders, ids: [999], removing: true)) {
      try database.orders().remove(ids: [one.id, 999])
    }
    #expect(try database.orders().count() == 2)
    try database.orders().remove(ids: [one.id, two.id, one.id])
    #expect(try database.orders().isEmpty())
  }

  @Test func importIsAllOrNothingAndNamesThePosition() throws {
    let database = try ListsDatabase.inMemory()
    try database.orders().add(try draft("X-1"))
    let drafts = [try draft("A-1"), try draft("A-2"), try draft("X-1"), try draft("A-3")]
    let duplicate = ListStoreError.duplicateItem(kind: "orders", item: "order", fields: ["number"], values: ["X-1"])
    #expect(throws: ListStoreError.importRejected(position: 3, reason: duplicate)) {
      try database.orders().importItems(drafts)
    }
    #expect(try database.orders().count() == 1)
    #expect(try database.orders().page(after: nil, limit: 10).items.map(\.number) == ["X-1"])
  }

  @Test func importPassesTheCallersErrorThrough() throws {
    struct LineError: Error, Equatable { let line: Int }
    let database = try ListsDatabase.inMemory()
    var produced = 0
    #expect(throws: LineError(line: 3)) {
      try database.orders().importItems(from: {
        produced += 1
        if produced == 3 { throw LineError(line: 3) }
        return try draft("N-\(produced)")
      })
    }
    #expect(try database.orders().isEmpty())
  }

  @Test func exportStreamsEveryOrderInListOrder() throws {
    let database = try ListsDatabase.inMemory()
    try database.orders().importItems(try (0..<30).map { try draft("N-\($0)", at: Int64($0 % 7)) })
    var exported: [Order] = []
    try database.orders().export { exported.append($0) }
    var paged: [Order] = []
    var cursor: ListCursor?
    repeat {
      let page = try database.orders().page(after: cursor, limit: 7)
      paged += page.items
      cursor = page.nextCursor
    } while cursor != nil
    #expect(exported == paged)
    #expect(exported.count == 30)
  }

  @Test func textIsStoredAndGivenBackVerbatim() throws {
    let database = try ListsDatabase.inMemory()
    let numbers = ["'; DROP TABLE orders; --", "ℕ-٣-🧾", "\u{202E}evil", "tab\there", String(repeating: "x", count: 100_000)]
    for number in numbers { try database.orders().add(try draft(number)) }
    let stored = Set(try database.orders().page(after: nil, limit: 10).items.map(\.number))
    #expect(stored == Set(numbers))
  }

  @Test func nulInTextIsRejected() throws {
    let database = try ListsDatabase.inMemory()
    #expect(throws: ListStoreError.invalidValue(field: "order number", reason: "must not contain a NUL character")) {
      try database.orders().add(try draft("A\u{0}1"))
    }
  }
}
