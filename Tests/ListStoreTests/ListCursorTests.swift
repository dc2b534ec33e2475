import Testing

@testable import ListStore

@Suite struct ListCursorTests {
  @Test(arguments: [
    CursorKey.time(1_764_510_000_000, id: 42), .time(-5, id: Int64.max), .time(0, id: 0),
    .address(isDefault: true, label: "Home", id: 3), .address(isDefault: false, label: "Ünïcødé 🏠", id: 9),
  ])
  func roundTrips(key: CursorKey) throws {
    let list: ListKind = if case .address = key { .addresses } else { .orders }
    let cursor = CursorCodec.encode(key, list: list, account: "ann")
    #expect(try CursorCodec.decode(cursor, list: list, account: "ann") == key)
  }

  @Test func cursorOfAnotherListIsRejected() throws {
    let database = try ListsDatabase.inMemory()
    try database.favorites().importItems((0..<3).map { FavoriteDraft(ref: "r\($0)", title: "t") })
    let cursor = try #require(try database.favorites().page(after: nil, limit: 1).nextCursor)
    #expect(throws: ListStoreError.invalidCursor(list: .orders)) {
      try database.orders().page(after: cursor, limit: 1)
    }
  }

  @Test func cursorOfAnotherAccountIsRejected() throws {
    let cursor = CursorCodec.encode(.time(1, id: 1), list: .orders, account: "ann")
    #expect(throws: ListStoreError.invalidCursor(list: .orders)) {
      try CursorCodec.decode(cursor, list: .orders, account: "bob")
    }
  }

  @Test(arguments: ["", "x", "garbage!", "AAAA", "====", "AW8AAAAAAAAAAQAAAAAAAAAB"])
  func garbageIsRejected(token: String) {
    #expect(throws: ListStoreError.invalidCursor(list: .orders)) {
      try CursorCodec.decode(ListCursor(token), list: .orders, account: "default")
    }
  }

  @Test func everySingleCharacterEditIsRejected() throws {
    let token = CursorCodec.encode(.time(1_764_510_000_000, id: 12345), list: .orders, account: "default").token
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
          _ = try CursorCodec.decode(ListCursor(String(characters)), list: .orders, account: "default")
        } catch {
          rejected += 1
        }
      }
      characters[index] = original
    }
    #expect(rejected == tried)
  }
}
