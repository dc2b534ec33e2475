/// A day of the calendar, with no time and no zone: a birthday, a due date. The value of a
/// `date` field.
///
/// It is stored as the number of days since 1970-01-01, so dates order and compare as numbers,
/// and JSON, CSV and the command line write it as ISO 8601's `YYYY-MM-DD`. For example:
///
/// ```swift
/// let due = CalendarDate(iso8601: "2026-12-24")!
/// due.iso8601                        // "2026-12-24"
/// due < CalendarDate(iso8601: "2027-01-01")!   // true
/// ```
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Days since 1970-01-01 (negative before it).
  public let daysSince1970: Int64

  /// The first and last days a date can be: 0001-01-01 and 9999-12-31, the years ISO 8601
  /// writes with four digits.
  public static let supportedRange: ClosedRange<Int64> =
    CivilCalendar.days(
      from: .init(year: 1, month: 1, day: 1))...CivilCalendar.days(
      from: .init(year: 9999, month: 12, day: 31))

  /// The day `daysSince1970` days after 1970-01-01; nil outside ``supportedRange``.
  public init?(daysSince1970: Int64) {
    guard Self.supportedRange.contains(daysSince1970) else { return nil }
    self.daysSince1970 = daysSince1970
  }

  /// The day a stored value names, as the store wrote it; clamped into ``supportedRange`` so
  /// that a damaged file still reads as a day that can be written.
  @inlinable
  init(stored days: Int64) {
    daysSince1970 = min(max(days, Self.supportedRange.lowerBound), Self.supportedRange.upperBound)
  }

  /// The day `text` names as `YYYY-MM-DD`; nil for any other form, a day that does not exist
  /// (`2026-02-29`) or a year outside 0001…9999.
  public init?(iso8601 text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
      return nil
    }
    func number(_ range: Range<Int>) -> Int64? {
      var value: Int64 = 0
      for byte in bytes[range] {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int64(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      year >= 1, (1...12).contains(month), day >= 1,
      day <= CivilCalendar.daysInMonth(month, year: year)
    else { return nil }
    daysSince1970 = CivilCalendar.days(from: .init(year: year, month: month, day: day))
  }

  /// The day as `YYYY-MM-DD`.
  public var iso8601: String {
    let date = CivilCalendar.date(fromDays: daysSince1970)
    func digits(_ value: Int64, _ count: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(count - text.count, 0)) + text
    }
    return digits(date.year, 4) + "-" + digits(date.month, 2) + "-" + digits(date.day, 2)
  }

  /// The day as `YYYY-MM-DD`.
  public var description: String { iso8601 }

  /// Whether `lhs` is the earlier day.
  public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    lhs.daysSince1970 < rhs.daysSince1970
  }
}
