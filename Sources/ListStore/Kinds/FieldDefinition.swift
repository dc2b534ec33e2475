/// One field of a list kind: its name, its type with the type's limits, and whether it must be
/// given.
///
/// A field is one column of the kind's table, named after the field, except a money field,
/// which is two: `<name>_minor` (the amount in the currency's minor units) and the currency
/// column (`<name>_currency` unless ``FieldType/money(currencyColumn:)`` names another).
///
/// For example:
///
/// ```swift
/// let title = FieldDefinition("title", .text(maxLength: 300), required: true)
/// let status = FieldDefinition("status", .enumeration(["want", "reading", "done"]), default: .text("want"))
/// ```
public struct FieldDefinition: Sendable, Hashable {
  /// The field's name: `[a-z][a-z0-9_]*`, at most 40 characters.
  public var name: String
  /// What the field holds, with its limits.
  public var type: FieldType
  /// Whether every item must give the field. A required text must not be empty.
  public var required: Bool
  /// The value an item that does not give the field gets; nil for none (an optional field is
  /// then null).
  public var defaultValue: FieldDefault?
  /// Text only: order and compare the field without regard to ASCII case (`COLLATE NOCASE`),
  /// as address labels are.
  public var caseInsensitive: Bool
  /// Bool only: at most one item of an account has the field set, and setting it on one item
  /// clears it on the others (the default address).
  public var onePerAccount: Bool

  /// Text only: ASCII letters are stored uppercase (`de` → `DE`), as country codes are; the
  /// pattern is checked against the uppercased text.
  public var uppercase: Bool
  /// Text with a pattern only: what the pattern accepts, in the store's message for a value it
  /// refuses (``ListStoreError/invalidValue(field:reason:)``: `The country must be a two-letter
  /// ISO 3166 code such as DE, got 'Germany'.`); nil for `text matching [A-Z][A-Z]`. Changing
  /// it is a compatible change.
  public var format: String?
  /// The texts the programs that show the kind keep with the field (`help`, `flag`,
  /// `placeholder`): kept in the field's JSON, never acted on by the store.
  public var display: DisplayTexts

  /// A field with its type and options.
  public init(
    _ name: String, _ type: FieldType, required: Bool = false, default defaultValue: FieldDefault? = nil,
    caseInsensitive: Bool = false, onePerAccount: Bool = false, uppercase: Bool = false,
    format: String? = nil, display: DisplayTexts = [:]
  ) {
    self.uppercase = uppercase
    self.format = format
    self.display = display
    self.name = name
    self.type = type
    self.required = required
    self.defaultValue = defaultValue
    self.caseInsensitive = caseInsensitive
    self.onePerAccount = onePerAccount
  }

  /// The table columns the field is stored in: one, or two for money (minor units, currency).
  public var columns: [String] { type.rules.columns(of: name) }

  /// Whether a stored value is never null: the field is required or has a default.
  public var isNotNull: Bool { required || defaultValue != nil }

  /// The field without the texts that only show it (``display`` and ``format``): what its
  /// columns and the items stored in them depend on.
  public var stored: FieldDefinition {
    var field = self
    field.display = [:]
    field.format = nil
    return field
  }
}

/// What a field holds, with the limits the type takes.
public enum FieldType: Sendable, Hashable {
  /// UTF-8 text; at most `maxLength` characters (Unicode scalars, as SQLite's `length` counts),
  /// matching `pattern`, a SQLite `GLOB` pattern such as `[A-Z][A-Z]`, when given.
  case text(maxLength: Int? = nil, pattern: String? = nil)
  /// A 64-bit integer between `min` and `max` when given.
  case integer(min: Int64? = nil, max: Int64? = nil)
  /// True or false, stored as 1 or 0.
  case bool
  /// A moment, stored as integer Unix milliseconds (UTC), ISO 8601 in JSON.
  case timestamp
  /// A day of the calendar with no time or zone (``CalendarDate``), stored as integer days
  /// since 1970-01-01, `YYYY-MM-DD` in JSON.
  case date
  /// An exact amount in an ISO 4217 currency: minor units and the currency code, in two columns.
  /// The currency column is `<name>_currency` unless named here (the built-in orders keep
  /// `currency`).
  case money(currencyColumn: String? = nil)
  /// One of a fixed set of texts.
  case enumeration([String])

  /// The type's name in a JSON definition: `text`, `integer`, `bool`, `timestamp`, `date`,
  /// `money`, `enum`.
  public var name: String {
    switch self {
    case .text: "text"
    case .integer: "integer"
    case .bool: "bool"
    case .timestamp: "timestamp"
    case .date: "date"
    case .money: "money"
    case .enumeration: "enum"
    }
  }

  /// Every type name a definition may use.
  public static let names = declared.map(\.name)

  /// Every type, by its name in a definition, with the rules that read it from a field's JSON.
  static let declared: [(name: String, rules: any FieldTypeRules.Type)] = [
    ("text", TextRules.self), ("integer", IntegerRules.self), ("bool", BoolRules.self),
    ("timestamp", TimestampRules.self), ("date", DateRules.self), ("money", MoneyRules.self),
    ("enum", EnumRules.self),
  ]

  /// Everything the store and the command line do with a value of this type: the one switch
  /// over the types, each case's rules in a file of its own (`Kinds/FieldTypes/`).
  var rules: any FieldTypeRules {
    switch self {
    case .text(let maxLength, let pattern): TextRules(maxLength: maxLength, pattern: pattern)
    case .integer(let min, let max): IntegerRules(min: min, max: max)
    case .bool: BoolRules()
    case .timestamp: TimestampRules()
    case .date: DateRules()
    case .money(let currencyColumn): MoneyRules(currencyColumn: currencyColumn)
    case .enumeration(let values): EnumRules(values: values)
    }
  }
}

/// The value a field gets when an item does not give it.
public enum FieldDefault: Sendable, Hashable {
  /// A text or enum value.
  case text(String)
  /// An integer value.
  case integer(Int64)
  /// A bool value.
  case bool(Bool)
  /// The time the item is added (timestamps only).
  case now
}
