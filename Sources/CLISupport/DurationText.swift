/// A duration as a command line writes it: a number and a unit, `30d`, `12h`, `15m`, `90s`
/// (`lists-server`'s `--keep-deleted`, `lists show --max-age`).
package enum DurationText {
  /// The duration `text` names in milliseconds, or nil when it is not one (or over 100 years).
  /// With `allowingZero`, `0` (alone or with a unit) is one too.
  package static func milliseconds(_ text: String, allowingZero: Bool = false) -> Int64? {
    if allowingZero && text == "0" { return 0 }
    guard let unit = text.last, text.count >= 2 else { return nil }
    let digits = text.dropLast()
    guard digits.utf8.count <= 9,
      digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
      let number = Int64(digits), number > 0 || allowingZero
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
