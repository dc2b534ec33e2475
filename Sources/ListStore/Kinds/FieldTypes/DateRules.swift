import SQLiteCore
import TextFormats

/// `date`: a day of the calendar with no time or zone (``CalendarDate``), stored as integer
/// days since 1970-01-01 within the years 0001…9999, `YYYY-MM-DD` in JSON, CSV, filters and
/// options; ordered, so `--where due<2027-01-01` compares.
struct DateRules: FieldTypeRules {
  static func type(from members: Members) throws(KindDefinitionError) -> FieldType { .date }

  func defaultValue(from json: JSONValue, label: String) throws(KindDefinitionError) -> FieldDefault? { nil }

  func columnSQL(_ field: FieldDefinition, name: String, notNull: String, defaultSQL: String) -> [String] {
    let days = CalendarDate.supportedRange
    return ["\(name) INTEGER\(notNull)\(defaultSQL) CHECK (\(name) BETWEEN \(days.lowerBound) AND \(days.upperBound))"]
  }

  var hasFilterIndex: Bool { false }
  var cursorKind: CursorValue.Kind { .integer }

  static func read(_ statement: Statement, at column: Int32) -> FieldValue {
    .date(CalendarDate(stored: statement.int64(at: column)))
  }

  func check(_ value: FieldValue, against check: KindStatements.FieldCheck) throws(ListStoreError) -> Bool {
    if case .date = value { true } else { false }
  }

  func value(of field: FieldDefinition, in fields: DraftFields) throws(DraftFields.Problem) -> FieldValue {
    guard let text = try fields.optionalString(field.name) else { return .null }
    guard let day = CalendarDate(iso8601: text) else {
      throw DraftFields.Problem(
        reason: "field '\(field.name)' must be a date such as 2026-12-24, got '\(TerminalEscaping.escape(text))'.")
    }
    return .date(day)
  }

  func writeJSON(_ value: FieldValue?, of field: FieldDefinition, into writer: inout JSONWriter) {
    if case .date(let day)? = value { writer.string(day.iso8601) } else { writer.null() }
  }

  func csvCells(_ value: FieldValue?) -> [String?] {
    if case .date(let day)? = value { [day.iso8601] } else { [nil] }
  }

  var isOrdered: Bool { true }

  func filterValue(
    _ raw: String, field: FieldDefinition, op: KindFilter.Operator, invalid: (String) -> ListStoreError
  ) throws(ListStoreError) -> FieldValue {
    guard let day = CalendarDate(iso8601: raw) else { throw invalid("needs a date such as 2026-12-24") }
    return .date(day)
  }

  func filterConditions(
    _ field: FieldDefinition, _ value: FieldValue, op: String, parameter: (Int) -> String
  ) -> [(sql: String, value: KindStatements.BoundValue)]? {
    guard case .date(let day) = value else { return nil }
    return compare(field, op: op, .integer(day.daysSince1970), parameter: parameter)
  }

  var input: FieldInput { .written(placeholder: "yyyy-mm-dd", describes: "a date such as 2026-12-24") }

  func value(typed text: String, field: FieldDefinition) throws(ListStoreError) -> FieldValue? {
    guard let day = CalendarDate(iso8601: text) else {
      throw .invalidValue(field: field.name, reason: "must be a date such as 2026-12-24, got '\(text)'")
    }
    return .date(day)
  }

  func display(_ value: FieldValue) -> String {
    if case .date(let day) = value { day.iso8601 } else { "" }
  }

  var tableColumn: (rightAligned: Bool, minimumWidth: Int, fitsHeader: Bool) { (false, 10, false) }

  func bindLookup(_ value: FieldValue, _ statement: Statement, at index: Int32) throws(SQLiteError) {
    if case .date(let day) = value { try statement.bind(day.daysSince1970, at: index) } else { try statement.bindNull(at: index) }
  }

  func writeIdentity(_ value: FieldValue, caseInsensitive: Bool, into writer: inout JSONWriter) {
    if case .date(let day) = value { writer.string(day.iso8601) }
  }
}

extension KindBindings {
  /// Gives the field `name`, a date, its value (nil: its default).
  public mutating func date(_ name: StaticString, _ value: CalendarDate?) throws(ListStoreError) {
    try date(value, at: index(of: name))
  }

  /// Gives the field at `index` its value: see ``date(_:_:)``.
  mutating func date(_ value: CalendarDate?, at index: Int) throws(ListStoreError) {
    try storedAsInteger(value.map(FieldValue.date), value?.daysSince1970 ?? 0, at: index)
  }
}

extension KindRow {
  /// The value of a date field.
  @inlinable @inline(__always) public func date(_ field: StaticString) -> CalendarDate {
    CalendarDate(stored: row.int64(at: column(field)))
  }
  /// The value of an optional date field.
  @inlinable @inline(__always) public func optionalDate(_ field: StaticString) -> CalendarDate? {
    let column = column(field)
    return row.isNull(at: column) ? nil : CalendarDate(stored: row.int64(at: column))
  }
}

extension RecordField {
  /// A date field (``CalendarDate``).
  public static func date(_ name: String, _ path: WritableKeyPath<Record, CalendarDate>, required: Bool = false) -> Self {
    Self(FieldDefinition(name, .date, required: required), path, .date)
  }

  /// An optional date field.
  public static func date(_ name: String, _ path: WritableKeyPath<Record, CalendarDate?>) -> Self {
    Self(FieldDefinition(name, .date), path, .optionalDate)
  }
}
