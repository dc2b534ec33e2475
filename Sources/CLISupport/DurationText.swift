/// A duration as a command line writes it: a positive number and a unit, `30d`, `12h`, `15m`,
/// `90s` (`lists-server`'s `--keep-deleted`; `lists show --max-age` reads the same form and `0`).
package enum DurationText {
  /// The duration `text` names in milliseconds, or nil when it is not one (or over 100 years).
  package static func milliseconds(_ text: String) -> Int64? {
    guard let unit = text.last, text.count >= 2 else { return nil }
    let digits = text.dropLast()
    guard digits.utf8.count <= 9,
      digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
      let number = Int64(digits), number > 0
    else { return nil }
    let scale: Int64
    switch unit {
    case "s": scale = 1000
    case "m": scale = 60_000
    case "h": scale = 3_600_000
    case "d": scale = 86_400_000
    default: return nil
    }
    let total = number * scale
    return total <= 100 * 365 * 86_400_000 ? total : nil
  }
}
