/// An instant, as whole milliseconds since 1970-01-01T00:00:00Z (Unix time, UTC).
///
/// This is how the database stores times (`added_at`, `created_at`, `placed_at`), and
/// ``iso8601`` is how JSON and exports show them. For example:
///
/// ```swift
/// let placed = try Timestamp(iso8601: "2026-11-30T14:40:00+01:00")
/// placed.millisecondsSince1970  // 1796046000000
/// placed.iso8601                // "2026-11-30T13:40:00Z"
/// placed.displayString          // "2026-11-30 13:40"
/// ```
///
/// Any `Int64` is a timestamp, but only ``supportedRange`` — the years 0001 to 9999 — can be
/// written in ISO 8601 and read back; see ``iso8601``.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Milliseconds since 1970-01-01T00:00:00Z; negative before it.
  public let millisecondsSince1970: Int64

  /// Makes the timestamp `millisecondsSince1970` milliseconds after 1970-01-01T00:00:00Z.
  ///
  /// Every value is accepted; values outside ``supportedRange`` are formatted but cannot be
  /// parsed back (see ``iso8601``).
  public init(millisecondsSince1970: Int64) {
    self.millisecondsSince1970 = millisecondsSince1970
  }

  /// The current time of the system's real-time clock, truncated to the millisecond.
  public static func now() -> Timestamp {
    let time = System.realTime()
    return Timestamp(
      millisecondsSince1970: time.seconds * 1000 + time.nanoseconds / 1_000_000
    )
  }

  /// The instants that ISO 8601 text can name and ``init(iso8601:)`` accepts:
  /// `0001-01-01T00:00:00Z` through `9999-12-31T23:59:59.999Z`.
  public static let supportedRange: ClosedRange<Timestamp> = {
    let earliest = Timestamp(millisecondsSince1970: earliestMilliseconds)
    let latest = Timestamp(millisecondsSince1970: latestMilliseconds)
    return earliest...latest
  }()

  /// Whether `lhs` is earlier than `rhs`.
  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.millisecondsSince1970 < rhs.millisecondsSince1970
  }

  // MARK: Parsing

  /// Parses an RFC 3339 / ISO 8601 date and time, or a date alone.
  ///
  /// Accepted forms:
  /// - `2026-11-30T13:40:00Z` — the date, `T`, the time with seconds, and `Z` for UTC;
  /// - an offset instead of `Z`: `+01:00`, `-05:30` or `+0100` (`-00:00` is UTC);
  /// - a fraction of a second of 1 to 9 digits: `13:40:00.5Z`, `13:40:00.123456789Z`.
  ///   Digits after the third are dropped: the time is truncated to the earlier millisecond,
  ///   as storing it in milliseconds requires, so `.9999Z` is `.999Z`, never the next second;
  /// - `t` and `z` in lowercase, or a space instead of `T`: `2026-11-30 13:40:00z`;
  /// - a date alone, `2026-11-30`, which is midnight UTC.
  ///
  /// A time without an offset (`2026-11-30T13:40:00`) is rejected: ISO 8601 reads it as local
  /// time, and guessing would silently move it by hours. So are a time without seconds, a leap
  /// second (`:60`), week and ordinal dates, surrounding spaces, and dates that do not exist
  /// (`2026-02-29`). The year must be 0001…9999, and so must the year of the instant in UTC:
  /// `0001-01-01T00:00:00+01:00` is before ``supportedRange`` and rejected.
  ///
  /// Parsing does not allocate: it is on the hot path of an import.
  /// - Throws: `ListStoreError.invalidTimestamp(text)` when `text` is not one of these forms.
  public init(iso8601 text: String) throws(ListStoreError) {
    var utf8 = text
    guard let milliseconds = utf8.withUTF8({ Self.parse($0) }) else {
      throw .invalidTimestamp(text)
    }
    self.millisecondsSince1970 = milliseconds
  }

  // MARK: Formatting

  /// The instant in ISO 8601 / RFC 3339, in UTC: `2026-11-30T13:40:00Z`, with milliseconds only
  /// when there are some: `2026-11-30T13:40:00.123Z`.
  ///
  /// For every timestamp in ``supportedRange``, `Timestamp(iso8601: t.iso8601) == t`. Outside it
  /// the year is written in ISO 8601's expanded form — `+10000-01-01T00:00:00Z`,
  /// `-0001-12-31T00:00:00Z`, or `0000-…` for 1 BC — which ``init(iso8601:)`` does not accept.
  public var iso8601: String {
    let parts = Parts(millisecondsSince1970)
    return String(utf8Capacity: 40) { writer in
      parts.date.write(into: &writer)
      writer.append(UInt8(ascii: "T"))
      parts.writeHoursAndMinutes(into: &writer)
      writer.append(UInt8(ascii: ":"))
      writer.append(UInt64(parts.second), minimumDigits: 2)
      if parts.millisecond != 0 {
        writer.append(UInt8(ascii: "."))
        writer.append(UInt64(parts.millisecond), minimumDigits: 3)
      }
      writer.append(UInt8(ascii: "Z"))
    }
  }

  /// The instant for people, in UTC, to the minute: `2026-11-30 13:40`.
  public var displayString: String {
    let parts = Parts(millisecondsSince1970)
    return String(utf8Capacity: 32) { writer in
      parts.date.write(into: &writer)
      writer.append(UInt8(ascii: " "))
      parts.writeHoursAndMinutes(into: &writer)
    }
  }

  /// The instant in ISO 8601, as ``iso8601``.
  public var description: String { iso8601 }
}

// MARK: - Implementation

extension Timestamp {
  private static let millisecondsPerDay: Int64 = 86_400_000

  /// 0001-01-01T00:00:00.000Z.
  private static let earliestMilliseconds: Int64 = -62_135_596_800_000
  /// 9999-12-31T23:59:59.999Z.
  private static let latestMilliseconds: Int64 = 253_402_300_799_999

  /// A timestamp broken down into UTC calendar fields.
  private struct Parts {
    let date: CivilCalendar.Date
    let hour: Int64
    let minute: Int64
    let second: Int64
    let millisecond: Int64

    init(_ milliseconds: Int64) {
      // Floor division, written so that even Int64.min cannot overflow.
      var remainder = milliseconds % Timestamp.millisecondsPerDay
      var days = milliseconds / Timestamp.millisecondsPerDay
      if remainder < 0 {
        remainder += Timestamp.millisecondsPerDay
        days -= 1
      }
      date = CivilCalendar.date(fromDays: days)
      hour = remainder / 3_600_000
      minute = remainder / 60_000 % 60
      second = remainder / 1000 % 60
      millisecond = remainder % 1000
    }

    /// Writes `HH:MM`.
    func writeHoursAndMinutes(into writer: inout UTF8Writer) {
      writer.append(UInt64(hour), minimumDigits: 2)
      writer.append(UInt8(ascii: ":"))
      writer.append(UInt64(minute), minimumDigits: 2)
    }
  }

  /// Reads ASCII text left to right.
  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var isAtEnd: Bool { index == bytes.count }

    /// Reads exactly `count` ASCII digits as a number.
    mutating func number(digits count: Int) -> Int64? {
      guard bytes.count - index >= count else { return nil }
      var value: Int64 = 0
      for _ in 0..<count {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        value = value * 10 + Int64(digit)
        index += 1
      }
      return value
    }

    /// Reads `byte` if it is next.
    mutating func skip(_ byte: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }

    /// Reads and returns the next byte.
    mutating func next() -> UInt8? {
      guard index < bytes.count else { return nil }
      defer { index += 1 }
      return bytes[index]
    }
  }

  /// Reads `YYYY-MM-DD`, a day that exists in the years 0001…9999, as days since 1970-01-01.
  private static func readDate(_ reader: inout Reader) -> Int64? {
    guard let year = reader.number(digits: 4), reader.skip(UInt8(ascii: "-")),
      let month = reader.number(digits: 2), reader.skip(UInt8(ascii: "-")),
      let day = reader.number(digits: 2),
      (1...9999).contains(year), (1...12).contains(month),
      (1...CivilCalendar.daysInMonth(month, year: year)).contains(day)
    else { return nil }
    return CivilCalendar.days(from: .init(year: year, month: month, day: day))
  }

  /// The days since 1970-01-01 of `bytes`, when they are exactly `YYYY-MM-DD` (a
  /// ``CalendarDate``), read as a timestamp's date is.
  static func days(ofDate bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
    var reader = Reader(bytes: bytes)
    guard let days = readDate(&reader), reader.isAtEnd else { return nil }
    return days
  }

  /// The milliseconds that `bytes` names, or `nil` when it is not an accepted form.
  private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
    var reader = Reader(bytes: bytes)
    guard let days = readDate(&reader) else { return nil }
    let midnight = days * millisecondsPerDay
    if reader.isAtEnd {
      return midnight
    }

    switch reader.next() {
    case UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " "): break
    default: return nil
    }
    guard let hour = reader.number(digits: 2), reader.skip(UInt8(ascii: ":")),
      let minute = reader.number(digits: 2), reader.skip(UInt8(ascii: ":")),
      let second = reader.number(digits: 2),
      hour <= 23, minute <= 59, second <= 59
    else { return nil }

    var millisecond: Int64 = 0
    if reader.skip(UInt8(ascii: ".")) {
      var fractionDigits = 0
      while let digit = reader.number(digits: 1) {
        fractionDigits += 1
        if fractionDigits <= 3 {
          millisecond = millisecond * 10 + digit
        }
      }
      guard (1...9).contains(fractionDigits) else { return nil }
      while fractionDigits < 3 {
        millisecond *= 10
        fractionDigits += 1
      }
    }

    let offsetSign: Int64
    switch reader.next() {
    case UInt8(ascii: "Z"), UInt8(ascii: "z"): offsetSign = 0
    case UInt8(ascii: "+"): offsetSign = 1
    case UInt8(ascii: "-"): offsetSign = -1
    default: return nil
    }
    var offsetMinutes: Int64 = 0
    if offsetSign != 0 {
      guard let offsetHour = reader.number(digits: 2) else { return nil }
      _ = reader.skip(UInt8(ascii: ":"))
      guard let offsetMinute = reader.number(digits: 2), offsetHour <= 23, offsetMinute <= 59
      else { return nil }
      offsetMinutes = offsetSign * (offsetHour * 60 + offsetMinute)
    }
    guard reader.isAtEnd else { return nil }

    // Local time minus the offset is UTC: 14:40+01:00 is 13:40Z.
    let milliseconds =
      midnight + ((hour * 60 + minute - offsetMinutes) * 60 + second) * 1000 + millisecond
    guard (earliestMilliseconds...latestMilliseconds).contains(milliseconds) else { return nil }
    return milliseconds
  }
}
