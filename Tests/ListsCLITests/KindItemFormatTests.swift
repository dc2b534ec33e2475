import ListStore
import Testing
import TextFormats

@testable import ListsCLI

/// The JSON and CSV of any kind's items, made from its definition, are for the built-in lists
/// exactly what the first release wrote, byte for byte.
@Suite struct KindItemFormatTests {
  static let time = Timestamp(millisecondsSince1970: 1_796_046_000_123)

  static func json(_ body: (inout JSONWriter) -> Void) -> String {
    var writer = JSONWriter()
    body(&writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  static func csv(_ body: (inout CSVWriter) -> Void) -> String {
    var writer = CSVWriter()
    body(&writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  @Test func favoritesAreWrittenAsBefore() throws {
    let format = KindItemFormat(.favorites)
    #expect(format.fieldNames == Favorite.fieldNames)
    for note in [nil, "=gift, \"idea\""] as [String?] {
      let typed = Favorite(id: 7, ref: "mug", title: "Blue mug", note: note, addedAt: Self.time)
      let dynamic = DynamicItem(
        id: 7, values: [.text("mug"), .text("Blue mug"), note.map(FieldValue.text) ?? .null], addedAt: Self.time)
      #expect(Self.json { format.writeJSON(dynamic, into: &$0) } == Self.json { typed.writeJSON(into: &$0) })
      #expect(Self.csv { format.writeCSV(dynamic, into: &$0) } == Self.csv { typed.writeCSV(into: &$0) })
    }
  }

  @Test func ordersAreWrittenAsBefore() throws {
    let format = KindItemFormat(.orders)
    #expect(format.fieldNames == Order.fieldNames)
    let total = try Money(parsing: "25.90", currency: .eur)
    let typed = Order(id: 3, number: "A-1001", status: .paid, total: total, placedAt: Self.time)
    let dynamic = DynamicItem(id: 3, values: [.text("A-1001"), .text("paid"), .money(total), .timestamp(Self.time)])
    #expect(Self.json { format.writeJSON(dynamic, into: &$0) } == Self.json { typed.writeJSON(into: &$0) })
    #expect(Self.csv { format.writeCSV(dynamic, into: &$0) } == Self.csv { typed.writeCSV(into: &$0) })
  }

  @Test func addressesAreWrittenAsBefore() throws {
    let format = KindItemFormat(.addresses)
    #expect(format.fieldNames == Address.fieldNames)
    let typed = Address(
      id: 2, label: "Home", recipient: "Ana Lima", line1: "Rua 1", line2: nil, city: "São Paulo",
      region: "SP", postalCode: "01000-000", country: "BR", phone: "+55 11", isDefault: true, createdAt: Self.time)
    let dynamic = DynamicItem(
      id: 2,
      values: [
        .text("Home"), .text("Ana Lima"), .text("Rua 1"), .null, .text("São Paulo"), .text("SP"),
        .text("01000-000"), .text("BR"), .text("+55 11"), .bool(true), .timestamp(Self.time),
      ])
    #expect(Self.json { format.writeJSON(dynamic, into: &$0) } == Self.json { typed.writeJSON(into: &$0) })
    #expect(Self.csv { format.writeCSV(dynamic, into: &$0) } == Self.csv { typed.writeCSV(into: &$0) })
  }

  @Test func anAppKindsMoneyIsThreeMembers() throws {
    let books = try KindDefinition(
      json: #"{"name":"books","fields":[{"name":"title","type":"text","required":true},{"name":"price","type":"money"},{"name":"signed","type":"bool","default":false}]}"#)
    let format = KindItemFormat(books)
    #expect(format.fieldNames == ["id", "title", "price", "price_minor", "price_currency", "signed", "added_at"])
    let price = try Money(parsing: "12.50", currency: .eur)
    let item = DynamicItem(id: 1, values: [.text("Dune"), .money(price), .bool(false)], addedAt: Self.time)
    #expect(
      Self.json { format.writeJSON(item, into: &$0) }
        == #"{"id":1,"title":"Dune","price":"12.50","price_minor":1250,"price_currency":"EUR","signed":false,"added_at":"2026-11-30T13:40:00.123Z"}"#)
    let unpriced = DynamicItem(id: 2, values: [.text("Emma"), .null, .bool(true)], addedAt: Self.time)
    #expect(
      Self.json { format.writeJSON(unpriced, into: &$0) }
        == #"{"id":2,"title":"Emma","price":null,"price_minor":null,"price_currency":null,"signed":true,"added_at":"2026-11-30T13:40:00.123Z"}"#)
  }

  @Test func draftsAreReadByTheFieldsTypes() throws {
    let format = KindItemFormat(.orders)
    let draft = try format.draft(from: JSONParser.parse(#"{"id":9,"number":"B-1","total":"1.50","currency":"eur"}"#))
    #expect(draft.values["number"] == .text("B-1"))
    #expect(draft.values["total"] == .money(try Money(parsing: "1.50", currency: .eur)))
    #expect(draft.values["status"] == nil)
    let cases: [(String, String)] = [
      (#"{"total":"1","currency":"EUR"}"#, "field 'number' is missing."),
      (#"{"number":"B","total":"1"}"#, "field 'currency' is missing."),
      (#"{"number":"B","total":"1.5","total_minor":100,"currency":"EUR"}"#, "fields 'total' (1.50) and 'total_minor' (100) disagree."),
      (#"{"number":"B","total":1.5,"currency":"EUR","placed":"x"}"#, "unknown field 'placed'. Did you mean 'placed_at'?"),
      (#"{"number":7,"total":"1","currency":"EUR"}"#, "field 'number' must be a string, got number."),
    ]
    for (text, reason) in cases {
      #expect(throws: DraftFields.Problem(reason: reason), "\(text)") { try format.draft(from: JSONParser.parse(text)) }
    }
  }
}
