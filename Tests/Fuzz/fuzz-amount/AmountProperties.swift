import FuzzSupport
import ListStore

/// What must hold for the value parsers on any input.
///
/// Input layout: the first byte picks the currency (`Currency.all[byte % count]`); the rest is
/// the text, given to all three parsers. The first 8 bytes of the text, read as an `Int64`, are
/// also formatted and parsed back, so every amount and instant gets a round trip, not only the
/// ones the fuzzer spells.
enum AmountProperties {
  static func check(_ input: [UInt8]) throws(PropertyFailure) {
    let currency = Currency.all[Int(input.first ?? 0) % Currency.all.count]
    let textBytes = Array(input.dropFirst())
    let text = String(decoding: textBytes, as: UTF8.self)
    let bits = textBytes.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    try checkAmount(text, currency: currency)
    try checkFormattedAmount(Int64(bitPattern: bits), currency: currency)
    try checkCurrency(text)
    try checkTimestamp(text)
    try checkFormattedTimestamp(Int64(bitPattern: bits))
  }

  // MARK: Money

  /// The parser agrees with ``ReferenceAmount`` on the value or the reason; what it accepts is
  /// plain ASCII digits and at most one point, and reads back from its own `decimalString`.
  static func checkAmount(_ text: String, currency: Currency) throws(PropertyFailure) {
    let expected = ReferenceAmount.evaluate(
      Array(text.utf8), minorUnitDigits: currency.minorUnitDigits)
    let found: ReferenceAmount.Outcome
    switch Result(catching: { () throws(ListStoreError) in
      try Money(parsing: text, currency: currency)
    }) {
    case .success(let money):
      found = .value(money.minorUnits)
      try require(money.currency == currency, "Money(parsing: \(quoted(text))) changed currency")
      try require(
        text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }
          && text.utf8.filter { $0 == 0x2E }.count <= 1,
        "Money(parsing:) accepted \(quoted(text)), which is not digits and one point")
      try checkDecimalString(of: money)
    case .failure(.invalidAmount(let echoed, let reason)):
      try require(echoed == text, "invalidAmount names \(quoted(echoed)), not \(quoted(text))")
      found = ReferenceAmount.Outcome(reason: reason)
    case .failure(let error):
      throw PropertyFailure("Money(parsing: \(quoted(text))) threw \(error), not invalidAmount")
    }
    try require(
      found == expected,
      "Money(parsing: \(quoted(text)), \(currency)) gave \(found), the reference \(expected)")
  }

  /// Every amount, including `Int64.max` minor units, formats to text that parses back to it;
  /// a negative one is refused.
  static func checkFormattedAmount(
    _ minorUnits: Int64, currency: Currency
  ) throws(PropertyFailure) {
    switch Result(catching: { () throws(ListStoreError) in
      try Money(minorUnits: minorUnits, currency: currency)
    }) {
    case .success(let money):
      try require(minorUnits >= 0, "Money(minorUnits: \(minorUnits)) accepted a negative amount")
      try checkDecimalString(of: money)
    case .failure(let error):
      try require(
        minorUnits < 0 && error == .invalidAmount(String(minorUnits), reason: "is negative"),
        "Money(minorUnits: \(minorUnits), \(currency)) threw \(error)")
    }
  }

  /// `decimalString` has exactly the currency's decimals and parses back to the same amount.
  static func checkDecimalString(of money: Money) throws(PropertyFailure) {
    let decimal = money.decimalString
    let digits = money.currency.minorUnitDigits
    let parts = decimal.utf8.split(separator: 0x2E, omittingEmptySubsequences: false)
    try require(
      parts.count == (digits == 0 ? 1 : 2) && (parts.count == 1 || parts[1].count == digits),
      "decimalString \(quoted(decimal)) of \(money.minorUnits) \(money.currency) has wrong decimals"
    )
    try require(
      money.description == decimal + " " + money.currency.code,
      "description \(quoted(money.description)) is not \(quoted(decimal)) and the code")
    let reread = Result { () throws(ListStoreError) in
      try Money(parsing: decimal, currency: money.currency)
    }
    try require(
      (try? reread.get()) == money,
      "Money(parsing: \(quoted(decimal))) is \(reread), not \(money.minorUnits) minor units")
  }

  // MARK: Currency

  /// A code is accepted exactly when it is, byte for byte, the code of one of `Currency.all`.
  static func checkCurrency(_ text: String) throws(PropertyFailure) {
    // Bytes, not `==`: Swift compares strings by canonical equivalence ("\u{212A}" == "K").
    let listed = Currency.all.first { $0.code.utf8.elementsEqual(text.utf8) }
    switch Result(catching: { () throws(ListStoreError) in try Currency(code: text) }) {
    case .success(let currency):
      try require(listed == currency, "Currency(code: \(quoted(text))) accepted an unlisted code")
      try require(
        (0...4).contains(currency.minorUnitDigits),
        "\(currency) has \(currency.minorUnitDigits) minor-unit digits")
    case .failure(let error):
      try require(listed == nil, "Currency(code: \(quoted(text))) rejected a listed code")
      try require(
        error == .invalidCurrency(text), "Currency(code: \(quoted(text))) threw \(error)")
    }
  }

  // MARK: Timestamp

  /// The parser agrees with ``ReferenceTimestamp``, and what it accepts formats back to itself.
  static func checkTimestamp(_ text: String) throws(PropertyFailure) {
    let expected = ReferenceTimestamp.milliseconds(Array(text.utf8))
    let found: Int64?
    switch Result(catching: { () throws(ListStoreError) in try Timestamp(iso8601: text) }) {
    case .success(let timestamp):
      found = timestamp.millisecondsSince1970
      try require(
        Timestamp.supportedRange.contains(timestamp),
        "Timestamp(iso8601: \(quoted(text))) is outside the supported range")
      let formatted = timestamp.iso8601
      try require(
        (try? Timestamp(iso8601: formatted)) == timestamp,
        "\(quoted(formatted)), the iso8601 of \(quoted(text)), does not parse back to it")
    case .failure(let error):
      try require(
        error == .invalidTimestamp(text), "Timestamp(iso8601: \(quoted(text))) threw \(error)")
      found = nil
    }
    try require(
      found == expected,
      "Timestamp(iso8601: \(quoted(text))) gave \(found.map(String.init) ?? "an error"), "
        + "the reference \(expected.map(String.init) ?? "an error")")
  }

  /// Every instant formats (even `Int64.min`); inside the supported range it parses back, and
  /// outside it the text is refused.
  static func checkFormattedTimestamp(_ milliseconds: Int64) throws(PropertyFailure) {
    let timestamp = Timestamp(millisecondsSince1970: milliseconds)
    let formatted = timestamp.iso8601
    _ = timestamp.displayString
    let reread = try? Timestamp(iso8601: formatted)
    if Timestamp.supportedRange.contains(timestamp) {
      try require(
        reread == timestamp, "\(quoted(formatted)) does not parse back to \(milliseconds)")
    } else {
      try require(
        reread == nil, "\(quoted(formatted)) (\(milliseconds)) is out of range yet parsed")
    }
  }
}
