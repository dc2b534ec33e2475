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
  public static let supportedRange: ClosedRange<Int64> = {
    let first = CivilCalendar.days(from: .init(year: 1, month: 1, day: 1))
    let last = CivilCalendar.days(from: .init(year: 9999, month: 12, day: 31))
    return first...last
  }()

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
  /// (`2026-02-29`) or a year outside 0001…9999. Read as a ``Timestamp``'s date is, without
  /// allocating (an import reads one per line).
  public init?(iso8601 text: String) {
    var text = text
    guard let days = text.withUTF8({ Timestamp.days(ofDate: $0) }) else { return nil }
    daysSince1970 = days
  }

  /// The day as `YYYY-MM-DD`.
  public var iso8601: String {
    String(utf8Capacity: 10) { CivilCalendar.date(fromDays: daysSince1970).write(into: &$0) }
  }

  /// The day as `YYYY-MM-DD`.
  public var description: String { iso8601 }

  /// Whether `lhs` is the earlier day.
  public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
    lhs.daysSince1970 < rhs.daysSince1970
  }
}
