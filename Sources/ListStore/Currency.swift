/// An active ISO 4217 currency, such as the euro (`EUR`, two minor-unit digits) or the yen
/// (`JPY`, none).
///
/// A `Currency` only exists for codes in ISO 4217's List One that have a minor unit, so an
/// amount in it can be stored exactly as an integer number of minor units. For example:
///
/// ```swift
/// let euro = try Currency(code: "EUR")   // euro.minorUnitDigits == 2
/// let dinar = try Currency(code: "KWD")  // dinar.minorUnitDigits == 3
/// ```
public struct Currency: Hashable, Sendable, CustomStringConvertible {
  /// The code's three ASCII bytes, packed big-endian into the low 24 bits: a currency is four
  /// bytes, so every `Money` and `Order` stays small. The minor-unit digits are looked up when
  /// asked for, not when a row is read: reading a page costs no table lookup per row.
  private let packedCode: UInt32

  /// How many decimal digits the currency's minor unit has: 2 for EUR (cents), 0 for JPY,
  /// 3 for KWD, 4 for CLF; 2 for a code this build does not know (read back from a file).
  ///
  /// An amount in minor units is divided by 10 to this power to give the amount in major units.
  public var minorUnitDigits: Int {
    let entry = ISO4217.entry(
      UInt8(truncatingIfNeeded: packedCode >> 16), UInt8(truncatingIfNeeded: packedCode >> 8),
      UInt8(truncatingIfNeeded: packedCode))
    return entry.map { Int($0 & 0xFF) } ?? 2
  }

  /// Looks up the active ISO 4217 currency whose code is `code`.
  ///
  /// The code must be exactly three uppercase ASCII letters: `"eur"` is rejected like any other
  /// unknown code, so a caller that accepts lowercase input (the command line does) uppercases it
  /// first. Codes without a minor unit (precious metals such as `XAU`, the testing code `XTS`,
  /// "no currency" `XXX`) and withdrawn codes (`HRK`) are not currencies an amount can be in.
  ///
  /// The lookup neither allocates nor hashes: it is on the hot path of an import.
  /// - Parameter code: An ISO 4217 alphabetic code such as `EUR`.
  /// - Throws: `ListStoreError.invalidCurrency(code)` when `code` is not an active code.
  public init(code: String) throws(ListStoreError) {
    var text = code
    let entry = text.withUTF8 { bytes in
      bytes.count == 3 ? ISO4217.entry(bytes[0], bytes[1], bytes[2]) : nil
    }
    guard let entry else {
      throw .invalidCurrency(code)
    }
    self.init(packedCode: entry >> 8)
  }

  /// The currency of a packed code (three ASCII bytes, big-endian), known or not.
  @usableFromInline
  init(packedCode: UInt32) {
    self.packedCode = packedCode
  }

  /// Makes a currency this file names by code; a code missing from the table is a bug.
  private init(listed code: String) {
    do {
      try self.init(code: code)
    } catch {
      preconditionFailure("'\(code)' is not in the ISO 4217 table")
    }
  }

  /// The three-letter ISO 4217 code, e.g. `EUR`.
  public var code: String {
    String(unsafeUninitializedCapacity: 3) { buffer in
      buffer[0] = UInt8(truncatingIfNeeded: packedCode >> 16)
      buffer[1] = UInt8(truncatingIfNeeded: packedCode >> 8)
      buffer[2] = UInt8(truncatingIfNeeded: packedCode)
      return 3
    }
  }

  /// The symbol people recognise the currency by, for display: `€` for EUR, `$` for USD.
  ///
  /// Only currencies whose symbol is unambiguous have one: `$` is USD's alone (not AUD's or
  /// CAD's), `¥` is JPY's (not CNY's). Others, CHF among them, have `nil` and are shown by code.
  public var symbol: String? {
    switch packedCode {
    case ISO4217.pack(0x45, 0x55, 0x52): "€"  // EUR
    case ISO4217.pack(0x55, 0x53, 0x44): "$"  // USD
    case ISO4217.pack(0x47, 0x42, 0x50): "£"  // GBP
    case ISO4217.pack(0x4A, 0x50, 0x59): "¥"  // JPY
    case ISO4217.pack(0x49, 0x4E, 0x52): "₹"  // INR
    case ISO4217.pack(0x4B, 0x52, 0x57): "₩"  // KRW
    case ISO4217.pack(0x49, 0x4C, 0x53): "₪"  // ILS
    case ISO4217.pack(0x4E, 0x47, 0x4E): "₦"  // NGN
    case ISO4217.pack(0x55, 0x41, 0x48): "₴"  // UAH
    case ISO4217.pack(0x54, 0x52, 0x59): "₺"  // TRY
    case ISO4217.pack(0x56, 0x4E, 0x44): "₫"  // VND
    default: nil
    }
  }

  /// The code, e.g. `EUR`.
  public var description: String { code }

  /// The euro, `EUR`: two minor-unit digits.
  public static let eur = Currency(listed: "EUR")
  /// The US dollar, `USD`: two minor-unit digits.
  public static let usd = Currency(listed: "USD")
  /// The pound sterling, `GBP`: two minor-unit digits.
  public static let gbp = Currency(listed: "GBP")
  /// The yen, `JPY`: no minor unit.
  public static let jpy = Currency(listed: "JPY")

  /// Every currency ``init(code:)`` accepts, sorted by code.
  public static let all: [Currency] = ISO4217.entries.map {
    Currency(packedCode: $0 >> 8)
  }
}
