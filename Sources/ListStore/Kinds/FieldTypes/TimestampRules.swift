import SQLiteCore
import TextFormats

/// `timestamp`: a moment, stored as integer Unix milliseconds (UTC), ISO 8601 in JSON; its
/// default can be `now`, the time of the add.
struct TimestampRules: FieldTypeRules {
  static func type(from members: Members) throws(KindDefinitionError) -> FieldType { .timestamp }

  func defaultValue(from json: JSONValue, label: String) throws(KindDefinitionError) -> FieldDefault? {
    guard case .string("now") = json else {
      throw KindDefinitionError("\(label) has a default of the wrong type for timestamp (a timestamp's default can only be \"now\").")
    }
    return .now
  }

  func columnSQL(_ field: FieldDefinition, name: String, notNull: String, defaultSQL: String) -> [String] {
    ["\(name) INTEGER\(notNull)\(defaultSQL)"]
  }

  var hasFilterIndex: Bool { false }
  var cursorKind: CursorValue.Kind { .integer }

  static func read(_ statement: Statement, at column: Int32) -> FieldValue {
    .timestamp(Timestamp(millisecondsSince1970: statement.int64(at: column)))
  }

  func check(_ value: FieldValue, against check: KindStatements.FieldCheck) throws(ListStoreError) -> Bool {
    if case .timestamp = value { true } else { false }
  }

  func value(of field: FieldDefinition, in fields: DraftFields) throws(DraftFields.Problem) -> FieldValue {
    try fields.timestamp(field.name).map(FieldValue.timestamp) ?? .null
  }

  func writeJSON(_ value: FieldValue?, of field: FieldDefinition, into writer: inout JSONWriter) {
    if case .timestamp(let time)? = value { writer.string(time.iso8601) } else { writer.null() }
  }

  func csvCells(_ value: FieldValue?) -> [String?] {
    if case .timestamp(let time)? = value { [time.iso8601] } else { [nil] }
  }

  var isOrdered: Bool { true }

  func filterValue(
    _ raw: String, field: FieldDefinition, op: KindFilter.Operator, invalid: (String) -> ListStoreError
  ) throws(ListStoreError) -> FieldValue {
    do {
      return .timestamp(try Timestamp(iso8601: raw))
    } catch {
      throw invalid("needs an ISO 8601 time such as 2026-11-30T13:40:00Z, or a date such as 2026-11-30")
    }
  }

  func filterConditions(
    _ field: FieldDefinition, _ value: FieldValue, op: String, parameter: (Int) -> String
  ) -> [(sql: String, value: KindStatements.BoundValue)]? {
    guard case .timestamp(let time) = value else { return nil }
    return compare(field, op: op, .integer(time.millisecondsSince1970), parameter: parameter)
  }

  var input: FieldInput { .written(placeholder: "iso8601", describes: "ISO 8601, e.g. 2026-11-30T13:40:00Z") }

  func value(typed text: String, field: FieldDefinition) throws(ListStoreError) -> FieldValue? {
    .timestamp(try Timestamp(iso8601: text))
  }

  func display(_ value: FieldValue) -> String {
    if case .timestamp(let time) = value { time.displayString } else { "" }
  }

  var tableColumn: (rightAligned: Bool, minimumWidth: Int, fitsHeader: Bool) { (false, 16, false) }

  func bindLookup(_ value: FieldValue, _ statement: Statement, at index: Int32) throws(SQLiteError) {
    if case .timestamp(let time) = value {
      try statement.bind(time.millisecondsSince1970, at: index)
    } else {
      try statement.bindNull(at: index)
    }
  }

  func writeIdentity(_ value: FieldValue, caseInsensitive: Bool, into writer: inout JSONWriter) {
    if case .timestamp(let time) = value { writer.number(literal: String(time.millisecondsSince1970)) }
  }
}
