import ListStoreTesting
import TextFormats
import Testing

@testable import ListStore

/// The `date` field type: a calendar day, stored as days since 1970-01-01, written
/// `YYYY-MM-DD`; ordered, filtered, exported and imported, by name and through a typed record.
@Suite struct DateFieldTests {
  static let tasks = try! KindDefinition(
    json: """
      {"name": "tasks", "fields": [
        {"name": "title", "type": "text", "required": true},
        {"name": "due", "type": "date", "required": true},
        {"name": "done_on", "type": "date"}],
       "order": [{"field": "due"}]}
      """)

  /// A typed record of the kind, reading and binding its dates.
  struct Task: KindRecord {
    static let definition = DateFieldTests.tasks
    let id: Int64
    let title: String
    let due: CalendarDate
    let doneOn: CalendarDate?

    init(row: KindRow) {
      id = row.id
      title = row.text("title")
      due = row.date("due")
      doneOn = row.optionalDate("done_on")
    }

    struct Draft: Sendable {
      var title: String
      var due: CalendarDate
      var doneOn: CalendarDate?
    }

    var draft: Draft { Draft(title: title, due: due, doneOn: doneOn) }

    static func bind(_ draft: Draft, to bindings: inout KindBindings) throws(ListStoreError) {
      try bindings.text("title", draft.title)
      try bindings.date("due", draft.due)
      try bindings.date("done_on", draft.doneOn)
    }
  }

  static func day(_ text: String) -> CalendarDate { CalendarDate(iso8601: text)! }

  @Test func aDateIsADayOfTheCalendarWrittenAsISO8601() {
    for text in [
      "0001-01-01", "1969-12-31", "1970-01-01", "2024-02-29", "2026-12-24", "9999-12-31",
    ] {
      #expect(CalendarDate(iso8601: text)?.iso8601 == text)
    }
    #expect(Self.day("1970-01-02").daysSince1970 == 1)
    #expect(Self.day("1969-12-31").daysSince1970 == -1)
    #expect(Self.day("2026-12-24") < Self.day("2027-01-01"))
    for text in [
      "2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "0000-12-31", "20261224", "2026-1-01",
      " 2026-12-24", "2026-12-24T00:00:00Z", "", "２０２６-12-24",
    ] {
      #expect(CalendarDate(iso8601: text) == nil, "\(text)")
    }
    #expect(CalendarDate(daysSince1970: CalendarDate.supportedRange.upperBound + 1) == nil)
  }

  /// Every day of years 1 to 9999 counted one by one from 0001-01-01 with the Gregorian rules
  /// written out here: each is read back to its count, and the day after each month's last is
  /// refused. A second way to the same answers, not the store's own arithmetic.
  @Test func everyDayOfTheSupportedYearsReadsToItsCount() {
    func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }
    let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    func text(_ year: Int, _ month: Int, _ day: Int) -> String {
      func pad(_ value: Int, _ count: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: count - digits.count) + digits
      }
      return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }
    var count = CalendarDate.supportedRange.lowerBound
    var mismatches: [String] = []
    for year in 1...9999 {
      for month in 1...12 {
        let length = lengths[month - 1] + (month == 2 && isLeap(year) ? 1 : 0)
        // Every day of the months whose first day's count is a multiple of five, and every
        // month's first and last: a fifth of the days, to keep the test short.
        for day in 1...length where day == 1 || day == length || (count % 5 == 0) {
          let name = text(year, month, day)
          if CalendarDate(iso8601: name)?.daysSince1970 != count + Int64(day - 1) { mismatches.append(name) }
        }
        if CalendarDate(iso8601: text(year, month, length + 1)) != nil { mismatches.append(text(year, month, length + 1)) }
        count += Int64(length)
      }
    }
    #expect(count - 1 == CalendarDate.supportedRange.upperBound)
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    #expect(CalendarDate(iso8601: "1970-01-01")?.daysSince1970 == 0)
  }

  @Test func datesOrderFilterAndRoundTripThroughJSON() throws {
    try withTemporaryDatabase { database in
      try database.registerKind(Self.tasks)
      let tasks = try database.items(of: "tasks")
      for (title, due) in [
        ("Taxes", "2027-05-31"), ("Gifts", "2026-12-24"), ("Cards", "2026-12-20"),
      ] {
        try tasks.add(DynamicDraft(["title": .text(title), "due": .date(Self.day(due))]))
      }
      let titles = { (page: ListPage<DynamicItem>) in
        page.items.map { item -> String in
          if case .text(let title)? = item.value(of: "title", in: Self.tasks) { return title }
          return ""
        }
      }
      #expect(titles(try tasks.page(after: nil, limit: 10)) == ["Cards", "Gifts", "Taxes"])
      // Keyset pages seek by the date.
      let first = try tasks.page(after: nil, limit: 2)
      #expect(titles(try tasks.page(after: first.nextCursor, limit: 2)) == ["Taxes"])
      let before = try KindFilter(parsing: "due<2027-01-01", in: Self.tasks)
      #expect(before.description == "due<2027-01-01")
      #expect(
        titles(try tasks.page(matching: KindQuery(filters: [before]), after: nil, limit: 10)) == [
          "Cards", "Gifts",
        ])
      let on = try KindFilter(parsing: "due=2026-12-24", in: Self.tasks)
      #expect(
        titles(try tasks.page(matching: KindQuery(filters: [on]), after: nil, limit: 10)) == [
          "Gifts"
        ])
      #expect(throws: ListStoreError.self) {
        try KindFilter(parsing: "due<2027-02-30", in: Self.tasks)
      }
      // JSON: written as the day, read back the same; a value of another form is refused.
      let format = KindItemFormat(Self.tasks)
      let cards = try #require(try tasks.page(after: nil, limit: 1).items.first)
      var writer = JSONWriter(capacity: 64)
      format.writeJSON(cards, into: &writer)
      let json = String(decoding: writer.bytes, as: UTF8.self)
      #expect(json.contains(#""due":"2026-12-20","done_on":null"#), "\(json)")
      let draft = try format.draft(from: try JSONParser.parse(json))
      #expect(draft.values["due"] == .date(Self.day("2026-12-20")))
      #expect(throws: DraftFields.Problem.self) {
        try format.draft(from: try JSONParser.parse(#"{"title": "X", "due": "24.12.2026"}"#))
      }
      // A value of another type is refused by the field.
      #expect(throws: ListStoreError.invalidValue(field: "due", reason: "must be a date")) {
        try tasks.add(DynamicDraft(["title": .text("X"), "due": .text("2026-12-24")]))
      }
    }
  }

  @Test func aTypedRecordReadsAndBindsItsDates() throws {
    try withTemporaryDatabase { database in
      let tasks = try database.records(of: Task.self)
      let added = try tasks.add(
        Task.Draft(title: "Gifts", due: Self.day("2026-12-24"), doneOn: nil))
      #expect(added.due == Self.day("2026-12-24") && added.doneOn == nil)
      try tasks.add(
        Task.Draft(title: "Cards", due: Self.day("2026-12-20"), doneOn: Self.day("2026-12-19")))
      let read = try tasks.page(after: nil, limit: 10).items
      #expect(read.map(\.title) == ["Cards", "Gifts"])
      #expect(read.first?.doneOn == Self.day("2026-12-19"))
    }
  }
}
