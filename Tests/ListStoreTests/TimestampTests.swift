import Foundation
import TestSupport
@testable import ListStore
import Testing

@Suite struct TimestampTests {
  struct Known: Sendable, CustomTestStringConvertible {
    let milliseconds: Int64
    let iso8601: String
    var testDescription: String { "\(milliseconds) is \(iso8601)" }
  }

  @Test(arguments: [
    Known(milliseconds: 0, iso8601: "1970-01-01T00:00:00Z"),
    Known(milliseconds: 1, iso8601: "1970-01-01T00:00:00.001Z"),
    Known(milliseconds: -1, iso8601: "1969-12-31T23:59:59.999Z"),
    Known(milliseconds: -1000, iso8601: "1969-12-31T23:59:59Z"),
    Known(milliseconds: 951_782_400_000, iso8601: "2000-02-29T00:00:00Z"),
    Known(milliseconds: 1_000_000_000_000, iso8601: "2001-09-09T01:46:40Z"),
    Known(milliseconds: 1_234_567_890_000, iso8601: "2009-02-13T23:31:30Z"),
    Known(milliseconds: 1_709_208_000_000, iso8601: "2024-02-29T12:00:00Z"),
    Known(milliseconds: 1_796_046_000_000, iso8601: "2026-11-30T13:40:00Z"),
    Known(milliseconds: 1_796_046_000_123, iso8601: "2026-11-30T13:40:00.123Z"),
    Known(milliseconds: 1_796_046_000_100, iso8601: "2026-11-30T13:40:00.100Z"),
    Known(milliseconds: 1_796_046_000_007, iso8601: "2026-11-30T13:40:00.007Z"),
    Known(milliseconds: 2_147_483_647_000, iso8601: "2038-01-19T03:14:07Z"),
    Known(milliseconds: 4_102_444_800_000, iso8601: "2100-01-01T00:00:00Z"),
    Known(milliseconds: -2_203_891_200_000, iso8601: "1900-03-01T00:00:00Z"),
    Known(milliseconds: -62_135_596_800_000, iso8601: "0001-01-01T00:00:00Z"),
    Known(milliseconds: 253_402_300_799_999, iso8601: "9999-12-31T23:59:59.999Z"),
  ])
  func knownInstantsFormatAndParse(_ known: Known) throws {
    let timestamp = Timestamp(millisecondsSince1970: known.milliseconds)
    #expect(timestamp.iso8601 == known.iso8601)
    #expect(timestamp.description == known.iso8601)
    #expect(try Timestamp(iso8601: known.iso8601) == timestamp)
  }

  struct Accepted: Sendable, CustomTestStringConvertible {
    let text: String
    let utc: String
    var testDescription: String { "\(text) is \(utc)" }
  }

  @Test(arguments: [
    Accepted(text: "2026-11-30T13:40:00Z", utc: "2026-11-30T13:40:00Z"),
    Accepted(text: "2026-11-30t13:40:00z", utc: "2026-11-30T13:40:00Z"),
    Accepted(text: "2026-11-30 13:40:00Z", utc: "2026-11-30T13:40:00Z"),
    Accepted(text: "2026-11-30T13:40:00+00:00", utc: "2026-11-30T13:40:00Z"),
    Accepted(text: "2026-11-30T13:40:00-00:00", utc: "2026-11-30T13:40:00Z"),
    Accepted(text: "2026-11-30T14:40:00+01:00", utc: "2026-11-30T13:40:00Z"),
    Accepted(text: "2026-11-30T14:40:00+0100", utc: "2026-11-30T13:40:00Z"),
    Accepted(text: "2026-11-30T08:10:00-05:30", utc: "2026-11-30T13:40:00Z"),
    Accepted(text: "2026-11-30T08:10:00-0530", utc: "2026-11-30T13:40:00Z"),
    Accepted(text: "2026-12-01T00:30:00+01:00", utc: "2026-11-30T23:30:00Z"),
    Accepted(text: "2026-12-31T23:30:00-01:00", utc: "2027-01-01T00:30:00Z"),
    Accepted(text: "2024-03-01T00:30:00+01:00", utc: "2024-02-29T23:30:00Z"),
    Accepted(text: "2026-11-30T23:59:59+23:59", utc: "2026-11-30T00:00:59Z"),
    Accepted(text: "2026-11-30", utc: "2026-11-30T00:00:00Z"),
    Accepted(text: "2000-02-29", utc: "2000-02-29T00:00:00Z"),
    Accepted(text: "1600-02-29", utc: "1600-02-29T00:00:00Z"),
    Accepted(text: "2400-02-29", utc: "2400-02-29T00:00:00Z"),
    Accepted(text: "2024-02-29", utc: "2024-02-29T00:00:00Z"),
    Accepted(text: "2026-11-30T13:40:00.5Z", utc: "2026-11-30T13:40:00.500Z"),
    Accepted(text: "2026-11-30T13:40:00.12Z", utc: "2026-11-30T13:40:00.120Z"),
    Accepted(text: "2026-11-30T13:40:00.123Z", utc: "2026-11-30T13:40:00.123Z"),
    Accepted(text: "2026-11-30T13:40:00.000Z", utc: "2026-11-30T13:40:00Z"),
    Accepted(text: "2026-11-30T13:40:00.000000000Z", utc: "2026-11-30T13:40:00Z"),
    // Digits after the third are dropped: the earlier millisecond, never the next second.
    Accepted(text: "2026-11-30T13:40:00.1239Z", utc: "2026-11-30T13:40:00.123Z"),
    Accepted(text: "2026-11-30T13:40:00.999999999Z", utc: "2026-11-30T13:40:00.999Z"),
    Accepted(text: "2026-11-30T13:40:00.0009Z", utc: "2026-11-30T13:40:00Z"),
    Accepted(text: "1969-12-31T23:59:59.9999Z", utc: "1969-12-31T23:59:59.999Z"),
    Accepted(text: "2026-11-30T14:40:00.9999+01:00", utc: "2026-11-30T13:40:00.999Z"),
    // The edges of the supported range, also reached through an offset.
    Accepted(text: "0001-01-01T00:00:00Z", utc: "0001-01-01T00:00:00Z"),
    Accepted(text: "0001-01-01", utc: "0001-01-01T00:00:00Z"),
    Accepted(text: "0001-01-01T01:00:00+01:00", utc: "0001-01-01T00:00:00Z"),
    Accepted(text: "9999-12-31T23:59:59.999Z", utc: "9999-12-31T23:59:59.999Z"),
    Accepted(text: "9999-12-31T22:59:59.999-01:00", utc: "9999-12-31T23:59:59.999Z"),
  ])
  func acceptedFormsNameTheInstant(_ accepted: Accepted) throws {
    #expect(try Timestamp(iso8601: accepted.text).iso8601 == accepted.utc)
  }

  @Test(arguments: [
    "", " ", "2026", "2026-11", "26-11-30", "2026-1-30", "2026-11-3", "20261130",
    "2026/11/30", "2026-W48-1", "2026-334", "+2026-11-30", "-2026-11-30", "02026-11-30",
    " 2026-11-30", "2026-11-30 ", "2026-11-30\n", "2026-11-30Z", "2026-11-30T", "2026-11-30T13",
    // A time needs seconds and an offset.
    "2026-11-30T13:40Z", "2026-11-30T13:40", "2026-11-30T13:40:00", "2026-11-30 13:40",
    "2026-11-30T13:40:00 Z", "2026-11-30T13:40:00ZZ", "2026-11-30T13:40:00Z ",
    "2026-11-30_13:40:00Z", "2026-11-30T13.40.00Z", "2026-11-30T134000Z",
    "2026-11-30T1:40:00Z", "2026-11-30T13:4:00Z", "2026-11-30T13:40:0Z",
    // Fields out of range.
    "0000-01-01", "10000-01-01", "2026-00-10", "2026-13-01", "2026-11-00", "2026-11-31",
    "2026-04-31", "2026-01-32", "2026-02-29", "2100-02-29", "1900-02-29", "2023-02-29",
    "2026-11-30T24:00:00Z", "2026-11-30T13:60:00Z", "2026-11-30T13:40:60Z",
    "2016-12-31T23:59:60Z",
    // Fractions.
    "2026-11-30T13:40:00.Z", "2026-11-30T13:40:00.1234567890Z", "2026-11-30T13:40:00,5Z",
    "2026-11-30T13:40:00.5", "2026-11-30T13:40.5Z",
    // Offsets.
    "2026-11-30T13:40:00+01", "2026-11-30T13:40:00+1:00", "2026-11-30T13:40:00+01:0",
    "2026-11-30T13:40:00+010", "2026-11-30T13:40:00+24:00", "2026-11-30T13:40:00+01:60",
    "2026-11-30T13:40:00+01:00:00", "2026-11-30T13:40:00+01:00Z", "2026-11-30T13:40:00UTC",
    "2026-11-30T13:40:00GMT", "2026-11-30T13:40:00 +01:00", "2026-11-30T13:40:00Z+01:00",
    // The instant in UTC must be in 0001...9999 too.
    "0001-01-01T00:00:00+00:01", "0001-01-01T00:59:59.999+01:00",
    "9999-12-31T23:00:00-01:00", "9999-12-31T23:59:59.999-00:01",
    // Not ASCII digits.
    "２０２６-11-30", "٢٠٢٦-11-30", "2026-11-30T13:40:00.５Z",
    "1796046000000", "now", "Mon, 30 Nov 2026 13:40:00 GMT",
  ])
  func malformedOrImpossibleTextIsRejected(_ text: String) {
    #expect(throws: ListStoreError.invalidTimestamp(text)) { try Timestamp(iso8601: text) }
  }

  struct Display: Sendable, CustomTestStringConvertible {
    let milliseconds: Int64
    let display: String
    var testDescription: String { "\(milliseconds) shows as \(display)" }
  }

  @Test(arguments: [
    Display(milliseconds: 0, display: "1970-01-01 00:00"),
    Display(milliseconds: -1, display: "1969-12-31 23:59"),
    Display(milliseconds: 1_796_046_000_000, display: "2026-11-30 13:40"),
    // Truncated to the minute, not rounded.
    Display(milliseconds: 1_796_046_059_999, display: "2026-11-30 13:40"),
    Display(milliseconds: -62_135_596_800_000, display: "0001-01-01 00:00"),
    Display(milliseconds: 253_402_300_799_999, display: "9999-12-31 23:59"),
  ])
  func displayStringIsUTCToTheMinute(_ expected: Display) {
    let timestamp = Timestamp(millisecondsSince1970: expected.milliseconds)
    #expect(timestamp.displayString == expected.display)
  }

  @Test(arguments: [
    Known(milliseconds: -62_135_596_800_001, iso8601: "0000-12-31T23:59:59.999Z"),
    Known(milliseconds: -62_167_219_200_001, iso8601: "-0001-12-31T23:59:59.999Z"),
    Known(milliseconds: 253_402_300_800_000, iso8601: "+10000-01-01T00:00:00Z"),
    Known(milliseconds: .max, iso8601: "+292278994-08-17T07:12:55.807Z"),
    Known(milliseconds: .min, iso8601: "-292275055-05-16T16:47:04.192Z"),
  ])
  func outOfRangeInstantsFormatInExpandedYearsAndDoNotParse(_ known: Known) {
    let timestamp = Timestamp(millisecondsSince1970: known.milliseconds)
    #expect(!Timestamp.supportedRange.contains(timestamp))
    #expect(timestamp.iso8601 == known.iso8601)
    #expect(throws: ListStoreError.invalidTimestamp(known.iso8601)) {
      try Timestamp(iso8601: known.iso8601)
    }
  }

  @Test func supportedRangeIsTheYears0001Through9999() {
    #expect(Timestamp.supportedRange.lowerBound.iso8601 == "0001-01-01T00:00:00Z")
    #expect(Timestamp.supportedRange.upperBound.iso8601 == "9999-12-31T23:59:59.999Z")
  }

  @Test func everyInstantInRangeRoundTripsThroughISO8601() throws {
    let range = Timestamp.supportedRange
    let low = range.lowerBound.millisecondsSince1970
    let span = UInt64(range.upperBound.millisecondsSince1970 - low) + 1
    var random = SplitMix(seed: 0x7469_6D65)
    for index in 0..<50_000 {
      var milliseconds = low + Int64(random.next() % span)
      switch index % 4 {
      case 0: break  // any millisecond
      case 1: milliseconds -= milliseconds % 1000  // whole seconds: no fraction written
      case 2: milliseconds = 1_700_000_000_000 + Int64(random.next() % 400_000_000_000)  // now-ish
      default: milliseconds = Int64(random.next() % 4000) - 2000  // around the epoch
      }
      let timestamp = Timestamp(millisecondsSince1970: milliseconds)
      let text = timestamp.iso8601
      #expect(try Timestamp(iso8601: text) == timestamp, "\(milliseconds) → \(text)")
      #expect(text.hasSuffix("Z") && text.count == (milliseconds % 1000 == 0 ? 20 : 24))
      let minute = text.prefix(16).map { $0 == "T" ? " " : $0 }
      #expect(timestamp.displayString == String(minute), "\(text)")
    }
  }

  /// Walks every day of 0001...9999 and checks each date is the one after the previous date,
  /// counted the slow way, in both directions of the conversion.
  @Test func calendarConversionMatchesCountingDayByDay() {
    var expected = CivilCalendar.Date(year: 1, month: 1, day: 1)
    let first = CivilCalendar.days(from: expected)
    #expect(first == -719_162)
    var days = first
    var mismatches = 0
    while expected.year <= 9999 {
      if CivilCalendar.date(fromDays: days) != expected
        || CivilCalendar.days(from: expected) != days
      {
        mismatches += 1
      }
      days += 1
      expected.day += 1
      if expected.day > Self.slowDaysInMonth(expected.month, expected.year) {
        expected.day = 1
        expected.month += 1
        if expected.month > 12 {
          expected.month = 1
          expected.year += 1
        }
      }
    }
    #expect(mismatches == 0)
    #expect(days - first == 3_652_059)  // days in 10,000 - 1 Gregorian years
  }

  private static func slowDaysInMonth(_ month: Int64, _ year: Int64) -> Int64 {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][Int(month) - 1]
  }

  @Test func timestampsOrderByInstant() throws {
    let texts = ["2026-11-30T13:40:00Z", "1969-12-31T23:59:59.999Z", "2026-11-30T14:39:00+01:00"]
    let sorted = try texts.map { text throws(ListStoreError) in try Timestamp(iso8601: text) }
      .sorted()
    #expect(sorted.map(\.millisecondsSince1970) == [-1, 1_796_045_940_000, 1_796_046_000_000])
    #expect(Timestamp(millisecondsSince1970: -5) < Timestamp(millisecondsSince1970: 3))
  }

  @Test func nowIsTheSystemClock() {
    // Foundation reads the same precise real-time clock; `time(3)` may read a coarse one that
    // lags by a tick, so a second can turn between it and `now`.
    let before = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    let now = Timestamp.now()
    let after = Int64((Date().timeIntervalSince1970 * 1000).rounded(.up))
    #expect((before...after).contains(now.millisecondsSince1970))
    #expect(Timestamp.supportedRange.contains(now))
  }
}
