import SQLiteCore
import TextFormats

/// `bool`: true or false, stored as 1 or 0; optionally one per account (the default address).
/// A filter on it has an index of its own.
struct BoolRules: FieldTypeRules {
  static let definitionKeys = ["one_per_account"]

  static func type(from members: Members) throws(KindDefinitionError) -> FieldType { .bool }

  func defaultValue(from json: JSONValue, label: String) throws(KindDefinitionError) -> FieldDefault? {
    if case .bool(let flag) = json { .bool(flag) } else { nil }
  }

  func columnSQL(_ field: FieldDefinition, name: String, notNull: String, defaultSQL: String) -> [String] {
    ["\(name) INTEGER\(notNull)\(defaultSQL) CHECK (\(name) = 0 OR \(name) = 1)"]
  }

  var hasFilterIndex: Bool { true }
  var cursorKind: CursorValue.Kind { .bool }

  static func read(_ statement: Statement, at column: Int32) -> FieldValue { .bool(statement.int64(at: column) != 0) }

  func check(_ value: FieldValue, against check: KindStatements.FieldCheck) throws(ListStoreError) -> Bool {
    if case .bool = value { true } else { false }
  }

  func value(of field: FieldDefinition, in fields: DraftFields) throws(DraftFields.Problem) -> FieldValue {
    guard let value = fields.value(field.name) else { return .null }
    guard let flag = value.boolValue else {
      throw DraftFields.Problem(reason: "field '\(field.name)' must be true or false, got \(value.typeName).")
    }
    return .bool(flag)
  }

  func writeJSON(_ value: FieldValue?, of field: FieldDefinition, into writer: inout JSONWriter) {
    if case .bool(let flag)? = value { writer.bool(flag) } else { writer.null() }
  }

  func csvCells(_ value: FieldValue?) -> [String?] {
    if case .bool(let flag)? = value { [flag ? "true" : "false"] } else { [nil] }
  }

  var isJSONBool: Bool { true }
  var isOrdered: Bool { false }

  func filterValue(
    _ raw: String, field: FieldDefinition, op: KindFilter.Operator, invalid: (String) -> ListStoreError
  ) throws(ListStoreError) -> FieldValue {
    switch raw.lowercased() {
    case "true", "yes", "1": .bool(true)
    case "false", "no", "0": .bool(false)
    default: throw invalid("needs true or false")
    }
  }

  func filterConditions(
    _ field: FieldDefinition, _ value: FieldValue, op: String, parameter: (Int) -> String
  ) -> [(sql: String, value: KindStatements.BoundValue)]? {
    guard case .bool(let flag) = value else { return nil }
    return compare(field, op: "=", .integer(flag ? 1 : 0), parameter: parameter)
  }

  var input: FieldInput { .flag }

  func value(typed text: String, field: FieldDefinition) throws(ListStoreError) -> FieldValue? { .bool(true) }

  func display(_ value: FieldValue) -> String {
    if case .bool(true) = value { "yes" } else { "" }
  }

  var tableColumn: (rightAligned: Bool, minimumWidth: Int, fitsHeader: Bool) { (false, 6, true) }

  func bindLookup(_ value: FieldValue, _ statement: Statement, at index: Int32) throws(SQLiteError) {
    if case .bool(let flag) = value { try statement.bind(flag, at: index) } else { try statement.bindNull(at: index) }
  }

  func writeIdentity(_ value: FieldValue, caseInsensitive: Bool, into writer: inout JSONWriter) {
    if case .bool(let flag) = value { writer.bool(flag) }
  }
}
