/// A second, deliberately plain reading of `Money(parsing:currency:)`'s documented grammar, to
/// fuzz the fast one against: split on the point, compare digit strings, no overflow arithmetic.
enum ReferenceAmount {
  /// The amount in minor units, or why the text is refused.
  enum Outcome: Equatable, CustomStringConvertible {
    case value(Int64)
    case empty
    case notDecimal
    case negative
    case tooManyDecimals
    case tooLarge
    /// A reason the reference does not know.
    case unrecognized(String)

    /// The outcome an `invalidAmount` reason names.
    init(reason: String) {
      self =
        if reason == "is empty" {
          .empty
        } else if reason == "is negative" {
          .negative
        } else if reason.hasPrefix("is not a decimal number such as ") {
          .notDecimal
        } else if reason.hasPrefix("has more decimals than ") {
          .tooManyDecimals
        } else if reason.hasPrefix("is too large (at most ") {
          .tooLarge
        } else {
          .unrecognized(reason)
        }
    }

    var description: String {
      switch self {
      case .value(let minorUnits): "\(minorUnits) minor units"
      case .empty: "'is empty'"
      case .notDecimal: "'is not a decimal number'"
      case .negative: "'is negative'"
      case .tooManyDecimals: "'has more decimals'"
      case .tooLarge: "'is too large'"
      case .unrecognized(let reason): "unknown reason '\(reason)'"
      }
    }
  }

  /// `-?[0-9]+(\.[0-9]+)?` in minor units. A malformed text is "not a decimal number" whatever
  /// else is wrong with it; then a sign is "negative"; then any digit beyond the currency's
  /// (zeros too, as the README says) is "more decimals"; then more than `Int64.max` minor
  /// units is "too large".
  static func evaluate(_ bytes: [UInt8], minorUnitDigits: Int) -> Outcome {
    if bytes.isEmpty { return .empty }
    let isNegative = bytes.first == UInt8(ascii: "-")
    let parts = bytes.dropFirst(isNegative ? 1 : 0)
      .split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }) else {
      return .notDecimal
    }
    if isNegative { return .negative }
    let fraction = parts.count == 2 ? Array(parts[1]) : []
    if fraction.count > minorUnitDigits {
      return .tooManyDecimals
    }
    var digits = Array(parts[0]) + fraction.prefix(minorUnitDigits)
    let missing = minorUnitDigits - min(fraction.count, minorUnitDigits)
    digits += repeatElement(UInt8(ascii: "0"), count: missing)
    let significant = Array(digits.drop { $0 == UInt8(ascii: "0") })
    let largest = Array(String(Int64.max).utf8)
    if significant.count > largest.count
      || (significant.count == largest.count && largest.lexicographicallyPrecedes(significant))
    {
      return .tooLarge
    }
    return .value(significant.reduce(Int64(0)) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) })
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
