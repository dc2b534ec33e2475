import ListStore
import Testing

@Suite struct CurrencyTests {
  struct Known: Sendable, CustomTestStringConvertible {
    let code: String
    let digits: Int
    var testDescription: String { "\(code) has \(digits) minor-unit digits" }
  }

  @Test(arguments: [
    Known(code: "EUR", digits: 2), Known(code: "USD", digits: 2), Known(code: "GBP", digits: 2),
    Known(code: "CHF", digits: 2), Known(code: "JPY", digits: 0), Known(code: "KRW", digits: 0),
    Known(code: "VND", digits: 0), Known(code: "ISK", digits: 0), Known(code: "XAF", digits: 0),
    Known(code: "XOF", digits: 0), Known(code: "XPF", digits: 0), Known(code: "CLP", digits: 0),
    Known(code: "PYG", digits: 0), Known(code: "UGX", digits: 0), Known(code: "UYI", digits: 0),
    Known(code: "KWD", digits: 3), Known(code: "BHD", digits: 3), Known(code: "TND", digits: 3),
    Known(code: "OMR", digits: 3), Known(code: "JOD", digits: 3), Known(code: "IQD", digits: 3),
    Known(code: "LYD", digits: 3), Known(code: "CLF", digits: 4), Known(code: "UYW", digits: 4),
    Known(code: "XCG", digits: 2), Known(code: "ZWG", digits: 2), Known(code: "SLE", digits: 2),
    Known(code: "VES", digits: 2), Known(code: "VED", digits: 2), Known(code: "MRU", digits: 2),
    Known(code: "STN", digits: 2), Known(code: "AED", digits: 2), Known(code: "ZMW", digits: 2),
  ])
  func knownCodeHasItsMinorUnitDigits(_ known: Known) throws {
    let currency = try Currency(code: known.code)
    #expect(currency.code == known.code)
    #expect(currency.minorUnitDigits == known.digits)
    #expect(currency.description == known.code)
  }

  @Test(arguments: [
    "EURO", "eur", "Eur", "EUr", "EU", "E", "", " EUR", "EUR ", "EUR\n", "E UR", "EU1", "ÉUR",
    "E€R", "ＥＵＲ", "ABC", "QQQ", "ZZZ", "AAA",
    // No minor unit in ISO 4217: metals, bond units, SDR, testing, "no currency".
    "XXX", "XTS", "XAU", "XAG", "XPD", "XPT", "XBA", "XBD", "XDR", "XSU", "XUA",
    // Withdrawn.
    "HRK", "SLL", "VEF", "ZWL", "MRO", "STD", "LTL", "DEM", "BYR",
  ])
  func unknownCodeIsRejected(_ code: String) {
    #expect(throws: ListStoreError.invalidCurrency(code)) { try Currency(code: code) }
  }

  @Test func conveniencesAreTheTableEntries() throws {
    #expect(Currency.eur == (try Currency(code: "EUR")))
    #expect(Currency.usd == (try Currency(code: "USD")))
    #expect(Currency.gbp == (try Currency(code: "GBP")))
    #expect(Currency.jpy == (try Currency(code: "JPY")))
    #expect(
      [Currency.eur, .usd, .gbp, .jpy].map(\.minorUnitDigits) == [2, 2, 2, 0]
    )
  }

  @Test func allListsEveryActiveCodeOnceInOrder() throws {
    let codes = Currency.all.map(\.code)
    #expect(codes.count == 167)
    #expect(codes == codes.sorted())
    #expect(Set(codes).count == codes.count)
    for currency in Currency.all {
      #expect(try Currency(code: currency.code) == currency)
      #expect((0...4).contains(currency.minorUnitDigits), "\(currency)")
    }
  }

  @Test func equalCodesAreEqualCurrencies() throws {
    let currencies: Set<Currency> = [
      try Currency(code: "EUR"), .eur, try Currency(code: "JPY"), .jpy, .usd,
    ]
    #expect(currencies == [.eur, .jpy, .usd])
    #expect(Currency.eur != Currency.usd)
  }

  struct Symbol: Sendable, CustomTestStringConvertible {
    let code: String
    let symbol: String?
    var testDescription: String { "\(code) → \(symbol ?? "nil")" }
  }

  @Test(arguments: [
    Symbol(code: "EUR", symbol: "€"), Symbol(code: "USD", symbol: "$"),
    Symbol(code: "GBP", symbol: "£"), Symbol(code: "JPY", symbol: "¥"),
    Symbol(code: "INR", symbol: "₹"), Symbol(code: "KRW", symbol: "₩"),
    Symbol(code: "ILS", symbol: "₪"), Symbol(code: "NGN", symbol: "₦"),
    Symbol(code: "UAH", symbol: "₴"), Symbol(code: "TRY", symbol: "₺"),
    Symbol(code: "VND", symbol: "₫"),
    // Ambiguous or without a widely used sign: shown by code.
    Symbol(code: "CHF", symbol: nil), Symbol(code: "CNY", symbol: nil),
    Symbol(code: "AUD", symbol: nil), Symbol(code: "CAD", symbol: nil),
    Symbol(code: "KPW", symbol: nil), Symbol(code: "KWD", symbol: nil),
  ])
  func symbolIsShownOnlyWhenUnambiguous(_ expected: Symbol) throws {
    #expect(try Currency(code: expected.code).symbol == expected.symbol)
  }
}
