import TextFormats

/// Reads a `Retry-After` field: delta-seconds (`120`) or an HTTP date
/// (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110, sections 10.2.3 and 5.6.7).
enum RetryAfter {
  /// The wait the field asks for, or nil when it is neither form. A date in the past is no wait.
  static func wait(_ field: String, now unixTime: Int64) -> Duration? {
    let text = HTTPHeaderSyntax.trimmed(field)
    if !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
      return .seconds(Int64(text.prefix(12)) ?? Int64.max / 2)
    }
    guard let date = httpDate(text) else { return nil }
    return .seconds(max(0, date - unixTime))
  }

  /// Seconds since 1970 of an IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`.
  static func httpDate(_ text: String) -> Int64? {
    let parts = text.split(separator: " ")
    guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT",
      let day = Int64(parts[1]), (1...31).contains(day),
      let month = months.firstIndex(of: String(parts[2])),
      let year = Int64(parts[3]), parts[3].count == 4
    else { return nil }
    let clock = parts[4].split(separator: ":", omittingEmptySubsequences: false)
    guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
      let hour = Int64(clock[0]), let minute = Int64(clock[1]), let second = Int64(clock[2]),
      hour < 24, minute < 60, second < 61
    else { return nil }
    let days = daysFromCivil(year: year, month: Int64(month) + 1, day: day)
    return days * 86_400 + hour * 3_600 + minute * 60 + second
  }

  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
