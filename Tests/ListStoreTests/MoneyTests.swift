import ListStore
import Testing
import TestSupport

@Suite struct MoneyTests {
  struct Parsed: Sendable, CustomTestStringConvertible {
    let text: String
    let code: String
    let minorUnits: Int64
    var testDescription: String { "\"\(text)\" \(code) → \(minorUnits)" }
  }

  @Test(arguments: [
    Parsed(text: "19.99", code: "EUR", minorUnits: 1999),
    Parsed(text: "25.9", code: "EUR", minorUnits: 2590),
    Parsed(text: "25", code: "EUR", minorUnits: 2500),
    Parsed(text: "0", code: "EUR", minorUnits: 0),
    Parsed(text: "0.00", code: "EUR", minorUnits: 0),
    Parsed(text: "0.01", code: "EUR", minorUnits: 1),
    Parsed(text: "007.50", code: "EUR", minorUnits: 750),
    Parsed(text: "1200", code: "JPY", minorUnits: 1200),
    Parsed(text: "0.001", code: "KWD", minorUnits: 1),
    Parsed(text: "0.1", code: "KWD", minorUnits: 100),
    Parsed(text: "1.2345", code: "CLF", minorUnits: 12345),
    Parsed(text: "1", code: "CLF", minorUnits: 10000),
    // The largest amount each scale can hold: Int64.max minor units.
    Parsed(text: "92233720368547758.07", code: "EUR", minorUnits: .max),
    Parsed(text: "9223372036854775807", code: "JPY", minorUnits: .max),
    Parsed(text: "9223372036854775.807", code: "KWD", minorUnits: .max),
    Parsed(text: "922337203685477.5807", code: "CLF", minorUnits: .max),
    Parsed(text: "000000000000000000000000001", code: "JPY", minorUnits: 1),
  ])
  func parsesExactlyToMinorUnits(_ parsed: Parsed) throws {
    let currency = try Currency(code: parsed.code)
    let money = try Money(parsing: parsed.text, currency: currency)
    #expect(money.minorUnits == parsed.minorUnits)
    #expect(money.currency == currency)
  }

  struct Rejected: Sendable, CustomTestStringConvertible {
    let text: String
    let code: String
    let reason: String
    var testDescription: String { "\"\(text)\" \(code): \(reason)" }
  }

  @Test(arguments: [
    Rejected(text: "", code: "EUR", reason: "is empty"),
    Rejected(text: "12.5", code: "JPY", reason: "has more decimals than JPY allows (0)"),
    Rejected(text: "12.50", code: "JPY", reason: "has more decimals than JPY allows (0)"),
    Rejected(text: "19.995", code: "EUR", reason: "has more decimals than EUR allows (2)"),
    Rejected(text: "19.9901", code: "EUR", reason: "has more decimals than EUR allows (2)"),
    // More decimals than the currency has is an error, zeros included.
    Rejected(text: "19.990", code: "EUR", reason: "has more decimals than EUR allows (2)"),
    Rejected(text: "19.99000000000000000000000", code: "EUR", reason: "has more decimals than EUR allows (2)"),
    Rejected(text: "12.0", code: "JPY", reason: "has more decimals than JPY allows (0)"),
    Rejected(text: "0.0001", code: "KWD", reason: "has more decimals than KWD allows (3)"),
    Rejected(text: "0.00001", code: "CLF", reason: "has more decimals than CLF allows (4)"),
    Rejected(text: "-1", code: "EUR", reason: "is negative"),
    Rejected(text: "-19.99", code: "EUR", reason: "is negative"),
    Rejected(text: "-0", code: "EUR", reason: "is negative"),
    Rejected(text: "-99999999999999999999", code: "EUR", reason: "is negative"),
    Rejected(
      text: "92233720368547758.08", code: "EUR",
      reason: "is too large (at most 92233720368547758.07 EUR)"),
    Rejected(
      text: "92233720368547759", code: "EUR",
      reason: "is too large (at most 92233720368547758.07 EUR)"),
    Rejected(
      text: "9223372036854775808", code: "JPY",
      reason: "is too large (at most 9223372036854775807 JPY)"),
    Rejected(
      text: "99999999999999999999999999999", code: "JPY",
      reason: "is too large (at most 9223372036854775807 JPY)"),
    Rejected(
      text: "1000000000000000", code: "CLF",
      reason: "is too large (at most 922337203685477.5807 CLF)"),
  ])
  func rejectsWithAReason(_ rejected: Rejected) throws {
    let currency = try Currency(code: rejected.code)
    #expect(throws: ListStoreError.invalidAmount(rejected.text, reason: rejected.reason)) {
      try Money(parsing: rejected.text, currency: currency)
    }
  }

  @Test(arguments: [
    "1,000", "1,5", "1e3", "1E3", "+1", "--1", "-", "1-", "1.", ".5", ".", "1..2", "1.2.3",
    " 1", "1 ", " ", "\t1", "1\n", "NaN", "nan", "inf", "Infinity", "-inf", "0x10", "1_000",
    "١٢", "１２", "12€", "€12", "12 EUR", "1'000", "½", "¹",
    "99999999999999999999999.x",
  ])
  func rejectsWhatIsNotAPlainDecimal(_ text: String) {
    #expect(
      throws: ListStoreError.invalidAmount(text, reason: "is not a decimal number such as 12.50")
    ) {
      try Money(parsing: text, currency: .eur)
    }
  }

  struct Example: Sendable, CustomTestStringConvertible {
    let code: String
    let example: String
    let minorUnits: Int64
    var testDescription: String { "\(code): such as \(example)" }
  }

  @Test(arguments: [
    Example(code: "JPY", example: "1200", minorUnits: 1200),
    Example(code: "EUR", example: "12.50", minorUnits: 1250),
    Example(code: "KWD", example: "12.500", minorUnits: 12500),
    Example(code: "CLF", example: "12.5000", minorUnits: 125_000),
  ])
  func notADecimalReasonGivesAValidExampleInTheCurrency(_ expected: Example) throws {
    let currency = try Currency(code: expected.code)
    let reason = "is not a decimal number such as \(expected.example)"
    #expect(throws: ListStoreError.invalidAmount("1,000", reason: reason)) {
      try Money(parsing: "1,000", currency: currency)
    }
    #expect(
      try Money(parsing: expected.example, currency: currency).minorUnits
        == expected.minorUnits)
  }

  @Test func negativeMinorUnitsAreRejected() {
    #expect(throws: ListStoreError.invalidAmount("-1", reason: "is negative")) {
      try Money(minorUnits: -1, currency: .eur)
    }
    #expect(
      throws: ListStoreError.invalidAmount("-9223372036854775808", reason: "is negative")
    ) {
      try Money(minorUnits: .min, currency: .jpy)
    }
  }

  @Test(arguments: [0, 1, 2590, Int64.max])
  func nonNegativeMinorUnitsAreKept(_ minorUnits: Int64) throws {
    let money = try Money(minorUnits: minorUnits, currency: .usd)
    #expect(money.minorUnits == minorUnits)
    #expect(money.currency == .usd)
  }

  struct Shown: Sendable, CustomTestStringConvertible {
    let minorUnits: Int64
    let code: String
    let decimal: String
    let description: String
    let formatted: String
    var testDescription: String { "\(minorUnits) \(code) → \(formatted)" }
  }

  @Test(arguments: [
    Shown(
      minorUnits: 2590, code: "EUR", decimal: "25.90", description: "25.90 EUR",
      formatted: "€25.90"),
    Shown(minorUnits: 0, code: "EUR", decimal: "0.00", description: "0.00 EUR", formatted: "€0.00"),
    Shown(minorUnits: 5, code: "USD", decimal: "0.05", description: "0.05 USD", formatted: "$0.05"),
    Shown(
      minorUnits: 100, code: "GBP", decimal: "1.00", description: "1.00 GBP", formatted: "£1.00"),
    Shown(
      minorUnits: 1200, code: "JPY", decimal: "1200", description: "1200 JPY", formatted: "¥1200"),
    Shown(minorUnits: 0, code: "JPY", decimal: "0", description: "0 JPY", formatted: "¥0"),
    Shown(
      minorUnits: 2590, code: "CHF", decimal: "25.90", description: "25.90 CHF",
      formatted: "CHF 25.90"),
    Shown(
      minorUnits: 1, code: "KWD", decimal: "0.001", description: "0.001 KWD",
      formatted: "KWD 0.001"),
    Shown(
      minorUnits: 12345, code: "CLF", decimal: "1.2345", description: "1.2345 CLF",
      formatted: "CLF 1.2345"),
    Shown(
      minorUnits: 123_456, code: "EUR", decimal: "1234.56", description: "1234.56 EUR",
      formatted: "€1234.56"),
    Shown(
      minorUnits: 123_456_789, code: "INR", decimal: "1234567.89",
      description: "1234567.89 INR", formatted: "₹1234567.89"),
    Shown(
      minorUnits: .max, code: "EUR", decimal: "92233720368547758.07",
      description: "92233720368547758.07 EUR", formatted: "€92233720368547758.07"),
    Shown(
      minorUnits: .max, code: "BHD", decimal: "9223372036854775.807",
      description: "9223372036854775.807 BHD", formatted: "BHD 9223372036854775.807"),
  ])
  func isShownWithExactlyTheCurrencysDecimals(_ shown: Shown) throws {
    let money = try Money(minorUnits: shown.minorUnits, currency: Currency(code: shown.code))
    #expect(money.decimalString == shown.decimal)
    #expect(money.description == shown.description)
    #expect(money.formatted == shown.formatted)
  }

  @Test func decimalStringParsesBackToTheSameAmount() throws {
    var random = SplitMix(seed: 0x4D6F_6E65_79)
    for _ in 0..<20_000 {
      let currency = Currency.all[Int(random.next() % UInt64(Currency.all.count))]
      // Small, large and every size between: shift a random value right by 0...63 bits.
      let minorUnits = Int64(bitPattern: random.next() >> (random.next() % 64 + 1))
      let money = try Money(minorUnits: minorUnits, currency: currency)
      let parsed = try Money(parsing: money.decimalString, currency: currency)
      #expect(parsed == money, "\(money)")
    }
  }

  @Test func equalAmountsInTheSameCurrencyAreEqual() throws {
    #expect(try Money(parsing: "25.9", currency: .eur) == Money(minorUnits: 2590, currency: .eur))
    #expect(try Money(minorUnits: 2590, currency: .eur) != Money(minorUnits: 2590, currency: .usd))
  }
}
