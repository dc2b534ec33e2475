import SQLiteCore
import Testing

@testable import ListStore

@Suite struct AddressesRepositoryTests {
  private func draft(_ label: String, default isDefault: Bool = false, country: String = "DE") -> AddressDraft {
    AddressDraft(
      label: label, recipient: "Ann", line1: "Main St 1", city: "Berlin", postalCode: "10115",
      country: country, isDefault: isDefault)
  }

  @Test func defaultFirstThenLabelIgnoringCaseThenId() throws {
    let database = try ListsDatabase.inMemory()
    let addresses = database.addresses()
    let work = try addresses.add(draft("work"))
    let home = try addresses.add(draft("Home", default: true))
    let beach = try addresses.add(draft("beach"))
    let attic = try addresses.add(draft("Attic"))
    let work2 = try addresses.add(draft("Work"))
    let ids = try addresses.page(after: nil, limit: 10).items.map(\.id)
    #expect(ids == [home.id, attic.id, beach.id, work.id, work2.id])
  }

  @Test func cursorWalkAcrossTheDefaultAndTheRest() throws {
    let database = try ListsDatabase.inMemory()
    let addresses = database.addresses()
    try addresses.add(draft("m", default: true))
    for label in ["b", "a", "C", "a", "d", "B"] { try addresses.add(draft(label)) }
    let all = try addresses.page(after: nil, limit: 100).items
    for limit in 1...8 {
      var seen: [Address] = []
      var cursor: ListCursor?
      repeat {
        let page = try addresses.page(after: cursor, limit: limit)
        seen += page.items
        cursor = page.nextCursor
      } while cursor != nil
      #expect(seen == all, "limit \(limit)")
    }
    #expect(all.map(\.label) == ["m", "a", "a", "b", "B", "C", "d"])
  }

  @Test func addingADefaultMovesTheMark() throws {
    let database = try ListsDatabase.inMemory()
    let first = try database.addresses().add(draft("one", default: true))
    let second = try database.addresses().add(draft("two", default: true))
    #expect(try database.addresses().item(id: first.id)?.isDefault == false)
    #expect(try database.addresses().item(id: second.id)?.isDefault == true)
    try database.addresses().setDefault(id: first.id)
    #expect(try database.addresses().item(id: first.id)?.isDefault == true)
    #expect(try database.addresses().item(id: second.id)?.isDefault == false)
    #expect(throws: ListStoreError.itemsNotFound(kind: .addresses, ids: [999], removing: true)) {
      try database.addresses().setDefault(id: 999)
    }
    #expect(try database.addresses().item(id: first.id)?.isDefault == true)
  }

  @Test func sqlAllowsAtMostOneDefaultPerAccount() throws {
    let database = try ListsDatabase.inMemory()
    try database.addresses().add(draft("one", default: true))
    // A UNIQUE index, not Swift, holds the rule: plain SQL cannot break it either.
    let error = #expect(throws: ListStoreError.self) {
      try database.withConnection { connection in
        try connection.execute(
          "INSERT INTO addresses (label, recipient, line1, city, postal_code, country, is_default) VALUES ('x','r','l','c','p','DE',1)")
      }
    }
    #expect(error?.message.contains("UNIQUE constraint failed: addresses.account") == true)
  }

  @Test func countryIsTwoLettersStoredUppercase() throws {
    let database = try ListsDatabase.inMemory()
    #expect(try database.addresses().add(draft("a", country: "de")).country == "DE")
    #expect(throws: ListStoreError.self) { try database.addresses().add(draft("b", country: "DEU")) }
    #expect(throws: ListStoreError.self) { try database.addresses().add(draft("b", country: "D1")) }
  }

  @Test func settingTheDefaultThenAddingADefaultLeavesOneDefault() throws {
    let database = try ListsDatabase.inMemory()
    let addresses = database.addresses()
    let home = try addresses.add(draft("Home", default: true))
    let work = try addresses.add(draft("Work"))
    try addresses.setDefault(id: work.id)
    try addresses.setDefault(id: work.id)  // already the default: stays it
    let beach = try addresses.add(draft("Beach", default: true))
    let defaults = try addresses.page(after: nil, limit: 10).items.filter(\.isDefault).map(\.id)
    #expect(defaults == [beach.id])
    #expect(try addresses.item(id: home.id)?.isDefault == false)
    #expect(throws: ListStoreError.itemsNotFound(kind: .addresses, ids: [999], removing: true)) {
      try addresses.setDefault(id: 999)
    }
    #expect(try addresses.item(id: beach.id)?.isDefault == true)
  }

  @Test func typedAddressesReadTheSamePagesOfAFilterAsTheGenericOnes() throws {
    let database = try ListsDatabase.inMemory()
    let addresses = database.addresses()
    for (label, country) in [("a", "DE"), ("b", "fr"), ("c", "DE"), ("d", "DE")] {
      try addresses.add(draft(label, country: country))
    }
    let german = KindQuery(filters: [KindFilter(field: "country", op: .equal, value: .text("DE"))])
    let first = try addresses.page(matching: german, after: nil, limit: 2)
    #expect(first.items.map(\.label) == ["a", "c"])
    let cursor = try #require(first.nextCursor)
    let generic = try database.items(of: "addresses").page(matching: german, after: cursor, limit: 2)
    let typed = try addresses.page(matching: german, after: cursor, limit: 2)
    #expect(typed.items.map(\.id) == generic.items.map(\.id))
    #expect(typed.items.map(\.label) == ["d"])
    #expect(throws: ListStoreError.invalidCursor(kind: .addresses)) {
      try addresses.page(after: cursor, limit: 2)
    }
  }
}
