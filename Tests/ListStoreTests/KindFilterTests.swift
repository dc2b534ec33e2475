import Testing

@testable import ListStore

/// `--where` text made into filters by the field's type, and the one-line errors of bad ones.
@Suite struct KindFilterTests {
  static let books = KindRegistryTests.books

  struct Parsed: Sendable, CustomTestStringConvertible {
    var text: String
    var filter: KindFilter
    var testDescription: String { text }
  }

  static let parsed: [Parsed] = [
    Parsed(text: "status=done", filter: KindFilter(field: "status", op: .equal, value: .text("done"))),
    Parsed(text: "title=", filter: KindFilter(field: "title", op: .equal, value: .text(""))),
    Parsed(text: "title=a=b", filter: KindFilter(field: "title", op: .equal, value: .text("a=b"))),
    Parsed(text: "pages>=300", filter: KindFilter(field: "pages", op: .greaterOrEqual, value: .integer(300))),
    Parsed(text: "pages<10", filter: KindFilter(field: "pages", op: .less, value: .integer(10))),
    Parsed(text: "pages>-1", filter: KindFilter(field: "pages", op: .greater, value: .integer(-1))),
    Parsed(text: "pages<=5", filter: KindFilter(field: "pages", op: .lessOrEqual, value: .integer(5))),
    Parsed(text: "signed=yes", filter: KindFilter(field: "signed", op: .equal, value: .bool(true))),
    Parsed(text: "signed=false", filter: KindFilter(field: "signed", op: .equal, value: .bool(false))),
    Parsed(
      text: "price>=12.50 EUR",
      filter: KindFilter(field: "price", op: .greaterOrEqual, value: .money(try! Money(minorUnits: 1250, currency: .eur)))),
    Parsed(
      text: "price<1200jpy",
      filter: KindFilter(
        field: "price", op: .less, value: .money(try! Money(minorUnits: 1200, currency: Currency(code: "JPY"))))),
    Parsed(
      text: "finished_at<2026-01-01",
      filter: KindFilter(
        field: "finished_at", op: .less, value: .timestamp(try! Timestamp(iso8601: "2026-01-01T00:00:00Z")))),
  ]

  @Test(arguments: parsed)
  func textIsReadByTheFieldsType(_ case: Parsed) throws {
    #expect(try KindFilter(parsing: `case`.text, in: Self.books) == `case`.filter)
  }

  @Test func aFilterReadsBackAsTyped() throws {
    #expect(try KindFilter(parsing: "price>=12.50 EUR", in: Self.books).description == "price>=12.50 EUR")
    #expect(try KindFilter(parsing: "status=done", in: Self.books).description == "status=done")
  }

  struct Refused: Sendable, CustomTestStringConvertible {
    var text: String
    var message: String
    var testDescription: String { text }
  }

  static let refused: [Refused] = [
    Refused(text: "status", message: "The filter 'status' has no comparison; write it as FIELD=VALUE, or FIELD>=VALUE and the like."),
    Refused(
      text: "statsu=done",
      message: "books has no field 'statsu'; its fields are title, author, pages, price, status, finished_at, signed."),
    Refused(text: "status=lost", message: "The filter 'status=lost' needs one of want, reading, done."),
    Refused(
      text: "status>done",
      message: "The filter 'status>done' compares enum field 'status' with >; it can only be matched with =."),
    Refused(
      text: "title<=M",
      message: "The filter 'title<=M' compares text field 'title' with <=; it can only be matched with =."),
    Refused(text: "pages>=many", message: "The filter 'pages>=many' needs a whole number such as 300."),
    Refused(text: "signed=maybe", message: "The filter 'signed=maybe' needs true or false."),
    Refused(
      text: "price>=12.50",
      message: "The filter 'price>=12.50' needs an amount and its currency, such as price>=20.00 EUR."),
    Refused(
      text: "price>=12.505 EUR",
      message:
        "The filter 'price>=12.505 EUR' needs an amount and its currency, such as price>=20.00 EUR; "
        + "the amount has more decimals than EUR allows (2)."),
    Refused(
      text: "finished_at>yesterday",
      message:
        "The filter 'finished_at>yesterday' needs an ISO 8601 time such as 2026-11-30T13:40:00Z, or a date such as 2026-11-30."
    ),
  ]

  @Test(arguments: refused)
  func badFiltersAreRefusedWithOneLine(_ case: Refused) {
    #expect {
      try KindFilter(parsing: `case`.text, in: Self.books)
    } throws: { error in
      (error as? ListStoreError)?.message == `case`.message
    }
  }

  @Test func anUnknownFieldNamesTheKnownOnes() {
    #expect(throws: ListStoreError.unknownField(kind: "books", field: "auther", known: Self.books.fields.map(\.name))) {
      try KindFilter(parsing: "auther=Herbert", in: Self.books)
    }
  }
}
