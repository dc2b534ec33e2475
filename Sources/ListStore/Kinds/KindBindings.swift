import SQLiteCore

/// Where a draft's values go: the insert of its kind, one field after the other in the
/// definition's order. Each value is checked against its field as it is given: type, required,
/// text limits (not empty when required, no NUL, `max_length`, `pattern`), integer range, enum
/// values. A field given no value gets its default (the time of the add for `now`).
///
/// Valid only inside ``KindRecord/bind(_:to:)``.
public struct KindBindings {
  let statement: Statement
  let definition: KindDefinition
  let now: Int64
  /// The next field of the definition to bind.
  private(set) var field = 0
  /// The next parameter: `?1` is the account.
  private var parameter: Int32 = 2

  init(_ statement: Statement, definition: KindDefinition, now: Int64) {
    self.statement = statement
    self.definition = definition
    self.now = now
  }

  /// Whether every field was given a value.
  var isComplete: Bool { field == definition.fields.count }

  /// The parameter after the fields': the implicit `added_at`.
  var addedAtParameter: Int32 { parameter }

  /// Gives the next field, a text or enum, its value.
  public mutating func text(_ value: String?) throws(ListStoreError) {
    let field = try next()
    guard let value else { return try bindDefault(field) }
    try FieldValue.text(value).check(for: field)
    let stored = field.uppercase ? FieldValue.asciiUppercased(value) : value
    try bind { statement, at throws(SQLiteError) in try statement.bind(stored, at: at) }
  }

  /// Gives the next field, an integer, its value.
  public mutating func integer(_ value: Int64?) throws(ListStoreError) {
    let field = try next()
    guard let value else { return try bindDefault(field) }
    try FieldValue.integer(value).check(for: field)
    try bind { statement, at throws(SQLiteError) in try statement.bind(value, at: at) }
  }

  /// Gives the next field, a bool, its value.
  public mutating func bool(_ value: Bool?) throws(ListStoreError) {
    let field = try next()
    guard let value else { return try bindDefault(field) }
    try FieldValue.bool(value).check(for: field)
    try bind { statement, at throws(SQLiteError) in try statement.bind(value, at: at) }
  }

  /// Gives the next field, a timestamp, its value.
  public mutating func timestamp(_ value: Timestamp?) throws(ListStoreError) {
    let field = try next()
    guard let value else { return try bindDefault(field) }
    try FieldValue.timestamp(value).check(for: field)
    try bind { statement, at throws(SQLiteError) in try statement.bind(value.millisecondsSince1970, at: at) }
  }

  /// Gives the next field, money, its value.
  public mutating func money(_ value: Money?) throws(ListStoreError) {
    let field = try next()
    guard let value else { return try bindDefault(field) }
    try FieldValue.money(value).check(for: field)
    try bind { statement, at throws(SQLiteError) in
      try statement.bind(value.minorUnits, at: at)
      try statement.bind(value.currency.code, at: at + 1)
    }
  }

  /// Gives the next field `value`, whatever its type.
  mutating func value(_ value: FieldValue) throws(ListStoreError) {
    switch value {
    case .null:
      let field = try next()
      try bindDefault(field)
    case .text(let text): try self.text(text)
    case .integer(let number): try integer(number)
    case .bool(let flag): try bool(flag)
    case .timestamp(let time): try timestamp(time)
    case .money(let money): try self.money(money)
    }
  }

  private mutating func next() throws(ListStoreError) -> FieldDefinition {
    guard field < definition.fields.count else {
      throw .internalError(detail: "more values bound than \(definition.name) has fields")
    }
    defer { field += 1 }
    return definition.fields[field]
  }

  /// Binds `field`'s default, or null; a required field without a value is refused.
  private mutating func bindDefault(_ field: FieldDefinition) throws(ListStoreError) {
    if field.required { throw .invalidValue(field: field.name, reason: "is required") }
    let now = self.now
    try bind { statement, at throws(SQLiteError) in
      switch field.defaultValue {
      case .text(let text)?: try statement.bind(text, at: at)
      case .integer(let number)?: try statement.bind(number, at: at)
      case .bool(let flag)?: try statement.bind(flag, at: at)
      case .now?: try statement.bind(now, at: at)
      case nil:
        for offset in 0..<Int32(field.columns.count) { try statement.bindNull(at: at + offset) }
      }
    }
  }

  /// Runs `body` binding the current field's parameters (from the one it is given), then moves
  /// to the next field's.
  private mutating func bind(_ body: (Statement, Int32) throws(SQLiteError) -> Void) throws(ListStoreError) {
    do {
      try body(statement, parameter)
    } catch {
      throw .internalError(detail: error.description)
    }
    parameter += Int32(definition.fields[field - 1].columns.count)
  }
}
