import ListStore
import Testing

@testable import ListsCLI

@Suite struct KindTableTests {
  static let books = KindDefinition(
    name: "books", item: "book",
    fields: [
      FieldDefinition("title", .text(), required: true),
      FieldDefinition("pages", .integer()),
      FieldDefinition("price", .money()),
      FieldDefinition("signed", .bool),
      FieldDefinition("finished_at", .timestamp),
    ],
    show: ["id", "title", "pages", "price", "signed", "finished_at", "added_at"])

  @Test func columnsFollowShowWithNumbersFlushRight() {
    let table = KindTable(Self.books)
    #expect(
      table.columns.map(\.header) == [
        "ID", "TITLE", "PAGES", "PRICE", "SIGNED", "FINISHED", "ADDED",
      ])
    #expect(table.columns.map(\.alignment) == [.right, .left, .right, .right, .left, .left, .left])
  }

  @Test func cellsReadAsPeopleReadThem() throws {
    let time = Timestamp(millisecondsSince1970: 1_796_046_000_000)
    let price = try Money(parsing: "12.50", currency: Currency(code: "EUR"))
    let item = DynamicItem(
      id: 7, values: [.text("Dune"), .integer(412), .money(price), .bool(true), .null],
      addedAt: time)
    #expect(
      KindTable(Self.books).row(item) == [
        "7", "Dune", "412", price.formatted, "yes", "", time.displayString,
      ])
  }

  @Test func everyFieldWhenShowNamesNone() {
    let plain = KindDefinition(
      name: "notes", item: "note", fields: [FieldDefinition("title", .text(), required: true)])
    #expect(KindTable(plain).columns.map(\.header) == ["TITLE"])
  }
}
