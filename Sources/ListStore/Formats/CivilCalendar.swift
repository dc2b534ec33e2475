/// Converts between days since 1970-01-01 and proleptic Gregorian dates, in integer arithmetic.
///
/// These are Howard Hinnant's `days_from_civil` and `civil_from_days`
/// (<https://howardhinnant.github.io/date_algorithms.html>): they count in 400-year eras of
/// 146,097 days, with years starting on March 1 so that the leap day is the last day of a year.
/// They are exact for every day an `Int64` count of milliseconds can reach.
enum CivilCalendar {
  /// A proleptic Gregorian date. `year` 0 is 1 BC, as in ISO 8601.
  struct Date: Equatable {
    var year: Int64
    var month: Int64
    var day: Int64
  }

  /// The number of days from 1970-01-01 to `date` (negative before it).
  ///
  /// `date` must be valid: month 1…12, day within the month.
  static func days(from date: Date) -> Int64 {
    let year = date.month <= 2 ? date.year - 1 : date.year
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400  // 0...399
    let monthFromMarch = date.month > 2 ? date.month - 3 : date.month + 9  // 0...11
    let dayOfYear = (153 * monthFromMarch + 2) / 5 + date.day - 1  // 0...365
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear  // 0...146096
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date `days` days after 1970-01-01 (before it when negative).
  static func date(fromDays days: Int64) -> Date {
    let shifted = days + 719_468  // days since 0000-03-01
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097  // 0...146096
    let yearOfEra =
      (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365  // 0...399
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // 0...365
    let monthFromMarch = (5 * dayOfYear + 2) / 153  // 0...11
    let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1  // 1...31
    let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9  // 1...12
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return Date(year: year, month: month, day: day)
  }

  /// Whether `year` has a February 29.
  static func isLeapYear(_ year: Int64) -> Bool {
    year.isMultiple(of: 4) && (!year.isMultiple(of: 100) || year.isMultiple(of: 400))
  }

  /// The number of days of `month` (1…12) in `year`.
  static func daysInMonth(_ month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}

extension CivilCalendar.Date {
  /// Writes `YYYY-MM-DD`, or an expanded year (`+10000`, `-0001`) outside 0…9999.
  func write(into writer: inout UTF8Writer) {
    if year < 0 {
      writer.append(UInt8(ascii: "-"))
    } else if year > 9999 {
      writer.append(UInt8(ascii: "+"))
    }
    writer.append(year.magnitude, minimumDigits: 4)
    writer.append(UInt8(ascii: "-"))
    writer.append(UInt64(month), minimumDigits: 2)
    writer.append(UInt8(ascii: "-"))
    writer.append(UInt64(day), minimumDigits: 2)
  }
}
