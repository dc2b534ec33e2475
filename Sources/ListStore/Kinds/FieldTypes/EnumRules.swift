import SQLiteCore
import TextFormats

/// `enum`: one of a fixed set of texts (`want`, `reading`, `done`), stored as text with a
/// `CHECK` that names them; a filter on it has an index of its own.
struct EnumRules: TextValued {
  var values: [String]

  static let definitionKeys = ["values"]

  static func type(from members: Members) throws(KindDefinitionError) -> FieldType {
    .enumeration(try members.strings("values"))
  }

  func writeLimits(into writer: inout JSONWriter) {
    writer.key("values")
    writer.beginArray()
    for value in values { writer.string(value) }
    writer.endArray()
  }

  func defaultValue(from json: JSONValue, label: String) throws(KindDefinitionError) -> FieldDefault? {
    json.stringValue.map(FieldDefault.text)
  }

  func validateLimits(label: String) throws(KindDefinitionError) {
    guard !values.isEmpty else { throw KindDefinitionError("\(label) is an enum with no values.") }
    var seen: Set<String> = []
    for value in values {
      guard !value.isEmpty, value.count <= 100, KindDefinition.isPlainText(value) else {
        throw KindDefinitionError("\(label) has an enum value that is empty, too long, or has control characters.")
      }
      guard seen.insert(value).inserted else {
        throw KindDefinitionError("\(label) lists the value '\(value)' twice.")
      }
    }
  }

  var limitTexts: [(text: String?, key: String)] {
    values.enumerated().map { ($0.element, "values[\($0.offset)]") }
  }

  func limitsSummary(of field: FieldDefinition) -> [String] { ["one of " + values.joined(separator: ", ")] }

  func columnSQL(_ field: FieldDefinition, name: String, notNull: String, defaultSQL: String) -> [String] {
    // An OR chain, not IN (...): SQLite builds a temporary table for an IN list per row.
    let chain = values.map { "\(name) = \(SQLText.literal($0))" }.joined(separator: " OR ")
    return ["\(name) TEXT\(notNull)\(defaultSQL) CHECK (\(chain))"]
  }

  var hasFilterIndex: Bool { true }
  func check(_ value: FieldValue, against check: KindStatements.FieldCheck) throws(ListStoreError) -> Bool {
    guard case .text(let text) = value else { return false }
    if !values.contains(text) {
      throw .invalidValue(field: check.field.name, reason: "must be one of " + values.joined(separator: ", "))
    }
    return true
  }

  func filterValue(
    _ raw: String, field: FieldDefinition, op: KindFilter.Operator, invalid: (String) -> ListStoreError
  ) throws(ListStoreError) -> FieldValue {
    guard values.contains(raw) else { throw invalid("needs one of " + values.joined(separator: ", ")) }
    return .text(raw)
  }

  var input: FieldInput { .choice(values) }

  func writeIdentity(_ value: FieldValue, caseInsensitive: Bool, into writer: inout JSONWriter) {
    if case .text(let text) = value { writer.string(text) }
  }
}
