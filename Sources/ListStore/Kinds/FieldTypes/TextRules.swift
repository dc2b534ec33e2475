import SQLiteCore
import TextFormats

/// `text`: UTF-8 text of at most `max_length` characters (Unicode scalars, as SQLite's `length`
/// counts) matching a `GLOB` `pattern`; optionally case-insensitive (`COLLATE NOCASE`) or
/// stored uppercase, and described by a `format` in messages.
struct TextRules: TextValued {
  var maxLength: Int?
  var pattern: String?

  static let definitionKeys = ["max_length", "pattern", "case_insensitive", "uppercase", "format"]

  static func type(from members: Members) throws(KindDefinitionError) -> FieldType {
    .text(maxLength: try members.optionalInt("max_length").map(Int.init), pattern: try members.optionalString("pattern"))
  }

  func writeLimits(into writer: inout JSONWriter) {
    if let maxLength {
      writer.key("max_length")
      writer.int(maxLength)
    }
    if let pattern {
      writer.key("pattern")
      writer.string(pattern)
    }
  }

  func defaultValue(from json: JSONValue, label: String) throws(KindDefinitionError) -> FieldDefault? {
    json.stringValue.map(FieldDefault.text)
  }

  func validateLimits(label: String) throws(KindDefinitionError) {
    if let maxLength, maxLength < 1 { throw KindDefinitionError("\(label) has a max_length below 1.") }
    if let pattern {
      guard !pattern.isEmpty, KindDefinition.isPlainText(pattern), GlobPattern(pattern) != nil else {
        throw KindDefinitionError(
          "\(label) has the pattern '\(TerminalEscaping.escape(pattern))', which is not a GLOB pattern "
            + "(*, ?, [A-Z] and plain characters).")
      }
    }
  }

  var limitTexts: [(text: String?, key: String)] { [(pattern, "pattern")] }

  func limitsSummary(of field: FieldDefinition) -> [String] {
    var parts: [String] = []
    if let maxLength { parts.append("at most \(maxLength) characters") }
    if let pattern { parts.append("matching \(pattern)") }
    return parts
  }

  func columnSQL(_ field: FieldDefinition, name: String, notNull: String, defaultSQL: String) -> [String] {
    var checks: [String] = []
    if field.required { checks.append("length(\(name)) > 0") }
    if let maxLength { checks.append("length(\(name)) <= \(maxLength)") }
    if let pattern { checks.append("\(name) GLOB \(SQLText.literal(pattern))") }
    let collate = field.caseInsensitive ? " COLLATE NOCASE" : ""
    return ["\(name) TEXT\(notNull)\(collate)\(defaultSQL)\(KindDefinition.checkSQL(checks))"]
  }

  var hasFilterIndex: Bool { false }
  func check(_ value: FieldValue, against check: KindStatements.FieldCheck) throws(ListStoreError) -> Bool {
    guard case .text(let text) = value else { return false }
    func invalid(_ reason: String) -> ListStoreError { .invalidValue(field: check.field.name, reason: reason) }
    if text.isEmpty && check.field.required { throw invalid("must not be empty") }
    if FieldValue.containsNUL(text) { throw invalid("must not contain a NUL character") }
    // Counted only when it could be too long: a text has no more characters than bytes.
    if let maxLength, text.utf8.count > maxLength, text.unicodeScalars.count > maxLength {
      throw invalid("must be at most \(maxLength) characters long")
    }
    if let pattern, let glob = check.glob,
      !glob.matches(check.field.uppercase ? FieldValue.asciiUppercased(text) : text)
    {
      throw invalid("must be \(check.field.format ?? "text matching \(pattern)"), got '\(text)'")
    }
    return true
  }

  func filterValue(
    _ raw: String, field: FieldDefinition, op: KindFilter.Operator, invalid: (String) -> ListStoreError
  ) throws(ListStoreError) -> FieldValue {
    .text(raw)
  }

  var input: FieldInput { .text }

  func writeIdentity(_ value: FieldValue, caseInsensitive: Bool, into writer: inout JSONWriter) {
    if case .text(let text) = value { writer.string(caseInsensitive ? text.lowercased() : text) }
  }
}

/// A type whose values are texts, stored, read, written and matched as they are: `text` and
/// `enum`.
protocol TextValued: FieldTypeRules {}

extension TextValued {
  static func read(_ statement: Statement, at column: Int32) -> FieldValue { .text(statement.text(at: column)) }
  func value(of field: FieldDefinition, in fields: DraftFields) throws(DraftFields.Problem) -> FieldValue {
    try fields.optionalString(field.name).map(FieldValue.text) ?? .null
  }
  func writeJSON(_ value: FieldValue?, of field: FieldDefinition, into writer: inout JSONWriter) {
    if case .text(let text)? = value { writer.string(text) } else { writer.null() }
  }
  func csvCells(_ value: FieldValue?) -> [String?] {
    if case .text(let text)? = value { [text] } else { [nil] }
  }
  var isOrdered: Bool { false }
  func filterConditions(
    _ field: FieldDefinition, _ value: FieldValue, op: String, parameter: (Int) -> String
  ) -> [(sql: String, value: KindStatements.BoundValue)]? {
    guard case .text(let text) = value else { return nil }
    return compare(field, op: "=", .text(text), parameter: parameter)
  }
  func value(typed text: String, field: FieldDefinition) throws(ListStoreError) -> FieldValue? { .text(text) }
  func display(_ value: FieldValue) -> String {
    if case .text(let text) = value { text } else { "" }
  }
  func bindLookup(_ value: FieldValue, _ statement: Statement, at index: Int32) throws(SQLiteError) {
    if case .text(let text) = value { try statement.bind(text, at: index) } else { try statement.bindNull(at: index) }
  }
  var tableColumn: (rightAligned: Bool, minimumWidth: Int, fitsHeader: Bool) { (false, 6, true) }
  var cursorKind: CursorValue.Kind { .text }
}
