import SQLiteCore
import TextFormats

/// Everything the store and the command line know about one field type: how a definition
/// declares it, the columns and SQL it is stored in, how a value is read from a row, checked,
/// written to and read from JSON and CSV, typed in a filter or an option, and shown.
///
/// Each type is one value conforming to this protocol, in a file of its own under `FieldTypes/`
/// (``TextRules``, ``EnumRules``, ``IntegerRules``, ``BoolRules``, ``TimestampRules``,
/// ``DateRules``, ``MoneyRules``); ``FieldType/rules`` is the one switch that picks it. A new
/// type is a case of ``FieldType`` and ``FieldValue``, its rules, and its value type: the
/// compiler names every requirement a new type still lacks. The parts the command line and the
/// server use are forwarded by `FieldDefinition`'s package members (`FieldDefinition+Rules.swift`).
protocol FieldTypeRules: Sendable {
  // MARK: The definition

  /// The keys of a field's JSON this type takes besides those every field takes (`name`,
  /// `type`, `required`, `default`, `help`, `flag`, `placeholder`).
  static var definitionKeys: [String] { get }
  /// The type with its limits, read from a field's JSON members.
  static func type(from members: Members) throws(KindDefinitionError) -> FieldType
  /// Writes the type's limits into a field's JSON object (nothing for a type without limits).
  func writeLimits(into writer: inout JSONWriter)
  /// The default a field's JSON gives, or nil when the value is not one this type takes.
  func defaultValue(from json: JSONValue, label: String) throws(KindDefinitionError) -> FieldDefault?
  /// Refuses limits that cannot hold (a min above a max, an enum without values).
  func validateLimits(label: String) throws(KindDefinitionError)
  /// The limits' texts, which must be plain text, with where each is in the field's JSON.
  var limitTexts: [(text: String?, key: String)] { get }
  /// The limits as `lists kinds show` lists them: `at most 300 characters`, `one of a, b`.
  func limitsSummary(of field: FieldDefinition) -> [String]

  // MARK: Storage

  /// The table columns a field of this type named `name` is stored in.
  func columns(of name: String) -> [String]
  /// The column definitions of `field`, as `CREATE TABLE` and `ALTER TABLE ADD COLUMN` take
  /// them, given its quoted name and its `NOT NULL` and `DEFAULT` clauses.
  func columnSQL(_ field: FieldDefinition, name: String, notNull: String, defaultSQL: String) -> [String]
  /// Whether a filter on the field gets an index of its own (a few values, each keeping a
  /// share of the list: ``KindDefinition/filterIndexSQL(for:)``).
  var hasFilterIndex: Bool { get }
  /// How a term of the order on a field of this type is kept in a cursor.
  var cursorKind: CursorValue.Kind { get }

  // MARK: Values

  /// The value stored at `column` of the row `statement` stands on, which is not null: static,
  /// as reading needs no limits, so that a page reads through the type alone (a metatype, not
  /// a value to retain for every field of every row).
  static func read(_ statement: Statement, at column: Int32) -> FieldValue
  /// Checks `value` against the field's limits; false when `value` is not of this type.
  /// - Throws: ``ListStoreError/invalidValue(field:reason:)`` naming the field.
  func check(_ value: FieldValue, against check: KindStatements.FieldCheck) throws(ListStoreError) -> Bool

  // MARK: JSON and CSV

  /// The value of `field` in an imported JSON object; `.null` when it is missing or null.
  func value(of field: FieldDefinition, in fields: DraftFields) throws(DraftFields.Problem) -> FieldValue
  /// The members of an item's JSON object that hold `field`.
  func jsonKeys(of field: FieldDefinition) -> [String]
  /// Writes `value` (nil: null) as the member `field.name`, which the caller has keyed, and any
  /// further members the type has.
  func writeJSON(_ value: FieldValue?, of field: FieldDefinition, into writer: inout JSONWriter)
  /// The CSV cells of `value` (nil: null), one per column ``jsonKeys(of:)`` names.
  func csvCells(_ value: FieldValue?) -> [String?]
  /// The members among ``jsonKeys(of:)`` that are JSON numbers, and whether the value is a
  /// JSON boolean: how a CSV cell is read back.
  func jsonNumberKeys(of field: FieldDefinition) -> [String]
  /// Whether the value is a JSON boolean.
  var isJSONBool: Bool { get }

  // MARK: Text a person types

  /// Whether a filter may compare the field with `<`, `<=`, `>` and `>=`, not only `=`.
  var isOrdered: Bool { get }
  /// The value of a filter's text `raw` (`status=done`: `done`).
  /// - Throws: `invalid(reason)`'s error for a value the field cannot hold.
  func filterValue(
    _ raw: String, field: FieldDefinition, op: KindFilter.Operator, invalid: (String) -> ListStoreError
  ) throws(ListStoreError) -> FieldValue
  /// The conditions of a filter on `field` comparing with `value` by `op`, each with the
  /// value it binds (`parameter` names the next one); nil when `value` is not of this type.
  func filterConditions(
    _ field: FieldDefinition, _ value: FieldValue, op: String, parameter: (Int) -> String
  ) -> [(sql: String, value: KindStatements.BoundValue)]?
  /// How the command line takes a value of this type.
  var input: FieldInput { get }
  /// The value of an option's text, for a ``FieldInput/text`` or ``FieldInput/written(placeholder:describes:)``
  /// input; nil to leave the field out.
  /// - Throws: ``ListStoreError`` for a value the type cannot read.
  func value(typed text: String, field: FieldDefinition) throws(ListStoreError) -> FieldValue?
  /// The value as people read it in a table.
  func display(_ value: FieldValue) -> String
  /// How a table shows a column of this type: right-aligned (numbers), its least width, and
  /// whether it is at least as wide as its header.
  var tableColumn: (rightAligned: Bool, minimumWidth: Int, fitsHeader: Bool) { get }

  // MARK: Identity

  /// Binds `value` as a lookup of the item whose unique fields are equal binds it.
  func bindLookup(_ value: FieldValue, _ statement: Statement, at index: Int32) throws(SQLiteError)
  /// Writes `value` into a JSON array that identifies an item by its unique fields (the
  /// server's key of a unique rule).
  func writeIdentity(_ value: FieldValue, caseInsensitive: Bool, into writer: inout JSONWriter)
}

extension FieldTypeRules {
  static var definitionKeys: [String] { [] }
  func writeLimits(into writer: inout JSONWriter) {}
  func validateLimits(label: String) throws(KindDefinitionError) {}
  var limitTexts: [(text: String?, key: String)] { [] }
  func limitsSummary(of field: FieldDefinition) -> [String] { [] }
  func columns(of name: String) -> [String] { [name] }
  func jsonKeys(of field: FieldDefinition) -> [String] { [field.name] }
  func jsonNumberKeys(of field: FieldDefinition) -> [String] { [] }
  var isJSONBool: Bool { false }

  /// A comparison of the field's one column with `value` by `op`.
  func compare(
    _ field: FieldDefinition, op: String, _ value: KindStatements.BoundValue, parameter: (Int) -> String
  ) -> [(sql: String, value: KindStatements.BoundValue)] {
    [("\(SQLText.identifier(field.name)) \(op) \(parameter(0))", value)]
  }
}

/// How the command line takes a field's value: the shape of its option.
package enum FieldInput: Sendable, Hashable {
  /// A flag: given, the field is true.
  case flag
  /// One of a fixed set of words.
  case choice([String])
  /// A whole number within the limits.
  case integer(min: Int64?, max: Int64?)
  /// An amount and a currency code, two options.
  case amountAndCurrency
  /// Free text, named after the field.
  case text
  /// A value written in one format: the option's placeholder and what its help says it is
  /// (`a date such as 2026-12-24`).
  case written(placeholder: String, describes: String)
}
