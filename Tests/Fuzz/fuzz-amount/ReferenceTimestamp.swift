/// A second reading of `Timestamp(iso8601:)`'s documented grammar, with a different calendar
/// formula (days before a year by the 4/100/400 rule), to fuzz the fast parser against.
enum ReferenceTimestamp {
  /// Milliseconds since 1970 for the accepted forms, else nil:
  /// `YYYY-MM-DD`, or `YYYY-MM-DD(T|t| )HH:MM:SS(.f{1,9})?(Z|z|(+|-)HH(:)?MM)`, year 0001…9999,
  /// a day that exists, hours ≤ 23, minutes and seconds ≤ 59, the instant itself in 0001…9999.
  static func milliseconds(_ bytes: [UInt8]) -> Int64? {
    guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = number(bytes[0..<4]), let month = number(bytes[5..<7]),
      let day = number(bytes[8..<10]),
      (1...9999).contains(year), (1...12).contains(month), day >= 1,
      day <= daysIn(month: month, year: year)
    else { return nil }
    let dayNumber =
      daysBefore(year: year) - daysBefore(year: 1970) + daysBefore(month: month, year: year) + day
      - 1
    if bytes.count == 10 { return dayNumber * 86_400_000 }

    var rest = bytes[10...]
    guard let separator = rest.popFirst(), [0x54, 0x74, 0x20].contains(separator),  // T t space
      rest.count >= 8, rest[rest.startIndex + 2] == UInt8(ascii: ":"),
      rest[rest.startIndex + 5] == UInt8(ascii: ":"),
      let hour = number(rest.prefix(2)), let minute = number(rest.dropFirst(3).prefix(2)),
      let second = number(rest.dropFirst(6).prefix(2)),
      hour <= 23, minute <= 59, second <= 59
    else { return nil }
    rest = rest.dropFirst(8)

    var millisecond: Int64 = 0
    if rest.first == UInt8(ascii: ".") {
      let fraction = rest.dropFirst().prefix { $0 >= 0x30 && $0 <= 0x39 }
      guard (1...9).contains(fraction.count) else { return nil }
      let padded = Array(fraction.prefix(3)) + Array(repeating: UInt8(ascii: "0"), count: 3)
      millisecond = number(padded[0..<3])!
      rest = rest.dropFirst(1 + fraction.count)
    }

    var offsetMinutes: Int64 = 0
    switch rest.popFirst() {
    case UInt8(ascii: "Z"), UInt8(ascii: "z"):
      guard rest.isEmpty else { return nil }
    case let sign? where sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"):
      let zone = Array(rest)
      let digits: [UInt8]
      if zone.count == 5 && zone[2] == UInt8(ascii: ":") {
        digits = Array(zone[0..<2] + zone[3..<5])
      } else if zone.count == 4 {
        digits = zone
      } else {
        return nil
      }
      guard let hours = number(digits[0..<2]), let minutes = number(digits[2..<4]),
        hours <= 23, minutes <= 59
      else { return nil }
      offsetMinutes = (hours * 60 + minutes) * (sign == UInt8(ascii: "-") ? -1 : 1)
    default:
      return nil
    }

    let seconds = dayNumber * 86_400 + hour * 3_600 + (minute - offsetMinutes) * 60 + second
    let result = seconds * 1000 + millisecond
    let earliest = (daysBefore(year: 1) - daysBefore(year: 1970)) * 86_400_000
    let latest = (daysBefore(year: 10_000) - daysBefore(year: 1970)) * 86_400_000 - 1
    return (earliest...latest).contains(result) ? result : nil
  }

  /// Days from 0001-01-01 to January 1 of `year`.
  private static func daysBefore(year: Int64) -> Int64 {
    let previous = year - 1
    return previous * 365 + previous / 4 - previous / 100 + previous / 400
  }

  /// Days from January 1 to the first of `month` in `year`.
  private static func daysBefore(month: Int64, year: Int64) -> Int64 {
    (1..<month).reduce(0) { $0 + daysIn(month: $1, year: year) }
  }

  private static func daysIn(month: Int64, year: Int64) -> Int64 {
    let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    return [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][Int(month - 1)]
  }

  /// The decimal value of `digits`, when every byte is an ASCII digit.
  private static func number(_ digits: some Collection<UInt8>) -> Int64? {
    guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    return digits.reduce(0) { $0 * 10 + Int64($1 - 0x30) }
  }
}
