import SQLiteCore
import TextFormats

/// `integer`: a 64-bit integer between `min` and `max` when given.
struct IntegerRules: FieldTypeRules {
  var min: Int64?
  var max: Int64?

  static let definitionKeys = ["min", "max"]

  static func type(from members: Members) throws(KindDefinitionError) -> FieldType {
    .integer(min: try members.optionalInt("min"), max: try members.optionalInt("max"))
  }

  func writeLimits(into writer: inout JSONWriter) {
    if let min {
      writer.key("min")
      writer.number(literal: String(min))
    }
    if let max {
      writer.key("max")
      writer.number(literal: String(max))
    }
  }

  func defaultValue(from json: JSONValue, label: String) throws(KindDefinitionError) -> FieldDefault? {
    guard case .number(let literal) = json else { return nil }
    guard let number = Int64(literal) else {
      throw KindDefinitionError("\(label) has the default \(literal), which is not a 64-bit integer.")
    }
    return .integer(number)
  }

  func validateLimits(label: String) throws(KindDefinitionError) {
    if let min, let max, min > max { throw KindDefinitionError("\(label) has a min above its max.") }
  }

  func limitsSummary(of field: FieldDefinition) -> [String] {
    var parts: [String] = []
    if let min { parts.append("at least \(min)") }
    if let max { parts.append("at most \(max)") }
    return parts
  }

  func columnSQL(_ field: FieldDefinition, name: String, notNull: String, defaultSQL: String) -> [String] {
    var checks: [String] = []
    if let min { checks.append("\(name) >= \(min)") }
    if let max { checks.append("\(name) <= \(max)") }
    return ["\(name) INTEGER\(notNull)\(defaultSQL)\(KindDefinition.checkSQL(checks))"]
  }

  var hasFilterIndex: Bool { false }
  var cursorKind: CursorValue.Kind { .integer }

  static func read(_ statement: Statement, at column: Int32) -> FieldValue { .integer(statement.int64(at: column)) }

  func check(_ value: FieldValue, against check: KindStatements.FieldCheck) throws(ListStoreError) -> Bool {
    guard case .integer(let number) = value else { return false }
    if let min, number < min { throw .invalidValue(field: check.field.name, reason: "must be at least \(min)") }
    if let max, number > max { throw .invalidValue(field: check.field.name, reason: "must be at most \(max)") }
    return true
  }

  func value(of field: FieldDefinition, in fields: DraftFields) throws(DraftFields.Problem) -> FieldValue {
    guard let value = fields.value(field.name) else { return .null }
    guard let literal = value.numberLiteral, let number = Int64(literal) else {
      throw DraftFields.Problem(reason: "field '\(field.name)' must be an integer.")
    }
    return .integer(number)
  }

  func writeJSON(_ value: FieldValue?, of field: FieldDefinition, into writer: inout JSONWriter) {
    if case .integer(let number)? = value { writer.number(literal: String(number)) } else { writer.null() }
  }

  func csvCells(_ value: FieldValue?) -> [String?] {
    if case .integer(let number)? = value { [String(number)] } else { [nil] }
  }

  func jsonNumberKeys(of field: FieldDefinition) -> [String] { [field.name] }

  var isOrdered: Bool { true }

  func filterValue(
    _ raw: String, field: FieldDefinition, op: KindFilter.Operator, invalid: (String) -> ListStoreError
  ) throws(ListStoreError) -> FieldValue {
    guard let number = Int64(raw) else { throw invalid("needs a whole number such as 300") }
    return .integer(number)
  }

  func filterConditions(
    _ field: FieldDefinition, _ value: FieldValue, op: String, parameter: (Int) -> String
  ) -> [(sql: String, value: KindStatements.BoundValue)]? {
    guard case .integer(let number) = value else { return nil }
    return compare(field, op: op, .integer(number), parameter: parameter)
  }

  var input: FieldInput { .integer(min: min, max: max) }

  /// The parser has checked the text against the range already; nil leaves out what it let by.
  func value(typed text: String, field: FieldDefinition) throws(ListStoreError) -> FieldValue? {
    Int64(text).map(FieldValue.integer)
  }

  func display(_ value: FieldValue) -> String {
    if case .integer(let number) = value { String(number) } else { "" }
  }

  var tableColumn: (rightAligned: Bool, minimumWidth: Int, fitsHeader: Bool) { (true, 2, true) }

  func bindLookup(_ value: FieldValue, _ statement: Statement, at index: Int32) throws(SQLiteError) {
    if case .integer(let number) = value { try statement.bind(number, at: index) } else { try statement.bindNull(at: index) }
  }

  func writeIdentity(_ value: FieldValue, caseInsensitive: Bool, into writer: inout JSONWriter) {
    if case .integer(let number) = value { writer.number(literal: String(number)) }
  }
}
