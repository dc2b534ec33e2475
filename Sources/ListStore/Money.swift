/// An exact, non-negative amount of money: an integer number of a currency's minor units.
///
/// 25.90 EUR is `Money(minorUnits: 2590, currency: .eur)`; 1200 JPY is
/// `Money(minorUnits: 1200, currency: .jpy)`. Amounts never pass through floating point, so what
/// a person types is what is stored. For example:
///
/// ```swift
/// let total = try Money(parsing: "19.99", currency: .eur)
/// total.minorUnits     // 1999
/// total.decimalString  // "19.99"
/// total.formatted      // "€19.99"
/// ```
public struct Money: Hashable, Sendable, CustomStringConvertible {
  /// The amount in the currency's minor units (cents for EUR, yen for JPY); never negative.
  public let minorUnits: Int64
  /// The currency the amount is in.
  public let currency: Currency

  /// Makes an amount from a number of minor units, e.g. `2590` for 25.90 EUR.
  /// - Throws: `ListStoreError.invalidAmount` with reason `is negative` when `minorUnits < 0`.
  public init(minorUnits: Int64, currency: Currency) throws(ListStoreError) {
    guard minorUnits >= 0 else {
      throw .invalidAmount(String(minorUnits), reason: "is negative")
    }
    self.minorUnits = minorUnits
    self.currency = currency
  }

  /// An amount known to be valid: read back from a row whose `CHECK (total_minor >= 0)` held.
  @inlinable
  init(storedMinorUnits minorUnits: Int64, currency: Currency) {
    self.minorUnits = max(minorUnits, 0)
    self.currency = currency
  }

  /// Parses a decimal amount in major units, exactly, straight to minor units.
  ///
  /// The text is one or more ASCII digits, optionally followed by a `.` and one or more digits:
  /// `"19.99"` EUR is 1999 minor units, `"25.9"` EUR is 2590, `"1200"` JPY is 1200, `"0.001"` KWD
  /// is 1. Leading zeros are allowed (`"007.50"`).
  ///
  /// More decimals than the currency has is an error, even when they are zeros: `"19.995"` and
  /// `"19.990"` EUR, `"12.5"` and `"12.0"` JPY. An amount is written with at most the
  /// currency's decimals, as ``decimalString`` writes it, so a typo in the currency or the
  /// amount is caught rather than silently rounded or read.
  ///
  /// Everything else is rejected rather than guessed at: signs (`"-1"`, `"+1"`), digit grouping
  /// (`"1,000"`), exponents (`"1e3"`), a point without digits on both sides (`"1."`, `".5"`),
  /// surrounding spaces, non-ASCII digits (`"١٢"`), `"NaN"`, `"inf"`, and amounts of more than
  /// `Int64.max` minor units (92233720368547758.07 EUR).
  ///
  /// Parsing a valid amount does not allocate: it is on the hot path of an import.
  /// - Throws: `ListStoreError.invalidAmount(text, reason:)` with a reason a person can act on:
  ///   `is empty`, `is negative`, `is not a decimal number such as 12.50`,
  ///   `has more decimals than EUR allows (2)`, or `is too large (at most … EUR)`.
  public init(parsing text: String, currency: Currency) throws(ListStoreError) {
    var utf8 = text
    let digits = currency.minorUnitDigits
    let scan = utf8.withUTF8 { Self.scan($0, minorUnitDigits: digits) }
    guard case .value(let minorUnits) = scan else {
      throw .invalidAmount(text, reason: Self.reason(scan, currency: currency))
    }
    self.minorUnits = minorUnits
    self.currency = currency
  }

  /// The amount in major units with exactly the currency's decimals: `25.90`, `1200` (JPY),
  /// `0.001` (KWD). ``init(parsing:currency:)`` reads it back to the same amount.
  public var decimalString: String {
    String(utf8Capacity: Self.maximumDecimalLength) { writeDecimal(into: &$0) }
  }

  /// The amount and the currency's code, as in messages and logs: `25.90 EUR`.
  public var description: String {
    String(utf8Capacity: Self.maximumDecimalLength + 4) { writer in
      writeDecimal(into: &writer)
      writer.append(UInt8(ascii: " "))
      writer.append(currency.code)
    }
  }

  /// The amount as people read it: the currency's symbol before the amount when it has one
  /// (`€25.90`, `¥1200`), else its code and a space (`CHF 25.90`).
  ///
  /// Digits are not grouped (`€1234.50`, not `€1,234.50`): grouping depends on the reader's
  /// locale, and an ungrouped amount can be pasted back into the command line.
  public var formatted: String {
    String(utf8Capacity: Self.maximumDecimalLength + 4) { writer in
      if let symbol = currency.symbol {
        writer.append(symbol)
      } else {
        writer.append(currency.code)
        writer.append(UInt8(ascii: " "))
      }
      writeDecimal(into: &writer)
    }
  }

  // MARK: Decimal text

  /// The longest ``decimalString``: 19 digits of `Int64.max`, a point and a leading `0`.
  private static let maximumDecimalLength = 21

  /// 10 to the power of a currency's minor-unit digits (ISO 4217 has at most 4).
  private static func scale(_ digits: Int) -> Int64 {
    switch digits {
    case 0: 1
    case 1: 10
    case 2: 100
    case 3: 1000
    default: 10000
    }
  }

  private func writeDecimal(into writer: inout UTF8Writer) {
    let digits = currency.minorUnitDigits
    let scale = Self.scale(digits)
    writer.append(UInt64(minorUnits / scale))
    if digits > 0 {
      writer.append(UInt8(ascii: "."))
      writer.append(UInt64(minorUnits % scale), minimumDigits: digits)
    }
  }

  /// What scanning an amount's text found.
  private enum Scan {
    case value(Int64)
    case empty
    case notDecimal
    case negative
    case tooManyDecimals
    case tooLarge
  }

  /// Reads `digits.digits` (or `digits`) into minor units in one pass, without allocating.
  ///
  /// The whole text is read before anything is decided, so that the most useful reason wins:
  /// a malformed text is "not a decimal number" even when it also overflows.
  private static func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, minorUnitDigits: Int
  ) -> Scan {
    guard !bytes.isEmpty else { return .empty }
    let negative = bytes[0] == UInt8(ascii: "-")
    var value: Int64 = 0
    var overflowed = false
    var integerDigits = 0
    var fractionDigits = -1  // -1 until the point is seen
    var tooManyDecimals = false
    for byte in bytes[(negative ? 1 : 0)...] {
      let digit = byte &- UInt8(ascii: "0")
      if digit < 10 {
        if fractionDigits < 0 {
          integerDigits += 1
        } else {
          fractionDigits += 1
          if fractionDigits > minorUnitDigits {
            tooManyDecimals = true
            continue
          }
        }
        let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = shifted.addingReportingOverflow(Int64(digit))
        value = sum
        overflowed = overflowed || overflow1 || overflow2
      } else if byte == UInt8(ascii: "."), fractionDigits < 0, integerDigits > 0 {
        fractionDigits = 0
      } else {
        return .notDecimal
      }
    }
    guard integerDigits > 0, fractionDigits != 0 else { return .notDecimal }
    guard !negative else { return .negative }
    guard !tooManyDecimals else { return .tooManyDecimals }
    var missingDigits = minorUnitDigits - max(fractionDigits, 0)
    while missingDigits > 0 {
      let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
      value = shifted
      overflowed = overflowed || overflow
      missingDigits -= 1
    }
    guard !overflowed else { return .tooLarge }
    return .value(value)
  }

  /// The reason of an `invalidAmount` error, phrased to follow the amount: "'1,000' is …".
  private static func reason(_ scan: Scan, currency: Currency) -> String {
    switch scan {
    case .value:
      preconditionFailure("a valid amount has no reason to be rejected")
    case .empty:
      return "is empty"
    case .negative:
      return "is negative"
    case .notDecimal:
      let example =
        currency.minorUnitDigits == 0
        ? "1200" : "12.5" + String(repeating: "0", count: currency.minorUnitDigits - 1)
      return "is not a decimal number such as \(example)"
    case .tooManyDecimals:
      return "has more decimals than \(currency.code) allows (\(currency.minorUnitDigits))"
    case .tooLarge:
      let largest = Money(unchecked: .max, currency: currency)
      return "is too large (at most \(largest))"
    }
  }

  private init(unchecked minorUnits: Int64, currency: Currency) {
    self.minorUnits = minorUnits
    self.currency = currency
  }
}
