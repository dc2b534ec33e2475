import Testing

@testable import ListStore

@Suite struct ListCursorTests {
  /// Sort keys of the built-in lists: orders and favorites by a time and the id, addresses by
  /// the default mark, the label and the id.
  static let keys: [(list: KindName, values: [CursorValue])] = [
    (.orders, [.integer(1_764_510_000_000), .integer(42)]), (.orders, [.integer(-5), .integer(Int64.max)]),
    (.favorites, [.integer(0), .integer(0)]),
    (.addresses, [.bool(true), .text("Home"), .integer(3)]),
    (.addresses, [.bool(false), .text("Ünïcødé 🏠"), .integer(9)]),
  ]

  static func kinds(of list: KindName) throws -> [CursorValue.Kind] {
    try #require(KindDefinition.builtIns.first { $0.name == list.rawValue }).cursorValueKinds
  }

  static func decode(_ cursor: ListCursor, list: KindName, account: String) throws -> [CursorValue] {
    guard
      let values = KindCursorCodec.values(
        of: cursor.token, kinds: try kinds(of: list), kind: list.rawValue, account: account)
    else { throw ListStoreError.invalidCursor(kind: list) }
    return values
  }

  @Test(arguments: keys.indices)
  func roundTrips(index: Int) throws {
    let (list, values) = Self.keys[index]
    let cursor = ListCursor(values: values, kind: list.rawValue, account: "ann")
    #expect(try Self.decode(ListCursor(cursor.token), list: list, account: "ann") == values)
    try ListCursor(cursor.token).validate(for: list, account: "ann")
  }

  @Test func cursorOfAnotherListIsRejected() throws {
    let database = try ListsDatabase.inMemory()
    try database.favorites().importItems((0..<3).map { FavoriteDraft(ref: "r\($0)", title: "t") })
    let cursor = try #require(try database.favorites().page(after: nil, limit: 1).nextCursor)
    #expect(throws: ListStoreError.invalidCursor(kind: .orders)) {
      try database.orders().page(after: cursor, limit: 1)
    }
  }

  @Test func cursorOfAnotherAccountIsRejected() throws {
    let cursor = ListCursor(values: [.integer(1), .integer(1)], kind: "orders", account: "ann")
    #expect(throws: ListStoreError.invalidCursor(kind: .orders)) {
      try cursor.validate(for: .orders, account: "bob")
    }
    #expect(throws: ListStoreError.invalidCursor(kind: .orders)) {
      try ListCursor(cursor.token).validate(for: .orders, account: "bob")
    }
  }

  @Test(arguments: ["", "x", "garbage!", "AAAA", "====", "AW8AAAAAAAAAAQAAAAAAAAAB"])
  func garbageIsRejected(token: String) {
    #expect(throws: ListStoreError.invalidCursor(kind: .orders)) {
      try ListCursor(token).validate(for: .orders, account: "default")
    }
  }

  @Test func everySingleCharacterEditIsRejected() throws {
    // A first release's cursor of orders (placed_at 1764510000000, id 12345).
    let token = "AW8AAAGa1P3jgAAAAAAAADA5lo21Eg"
    #expect(
      try Self.decode(ListCursor(token), list: .orders, account: "default") == [
        .integer(1_764_510_000_000), .integer(12345),
      ])
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    var characters = Array(token)
    var rejected = 0
    var tried = 0
    for index in characters.indices {
      let original = characters[index]
      for replacement in alphabet where replacement != original {
        characters[index] = replacement
        tried += 1
        do {
          try ListCursor(String(characters)).validate(for: .orders, account: "default")
        } catch {
          rejected += 1
        }
      }
      characters[index] = original
    }
    #expect(rejected == tried)
  }
}
