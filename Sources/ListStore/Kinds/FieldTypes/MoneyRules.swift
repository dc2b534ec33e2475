import SQLiteCore
import TextFormats

/// `money`: an exact amount in an ISO 4217 currency, in two columns: `<name>_minor` (minor
/// units) and the currency (`<name>_currency` unless `currency_column` names another). JSON
/// and CSV carry the decimal amount, the minor units and the code; a filter gives an amount
/// and its currency (`total>=20.00 EUR`).
struct MoneyRules: FieldTypeRules {
  var currencyColumn: String?

  static let definitionKeys = ["currency_column"]

  static func type(from members: Members) throws(KindDefinitionError) -> FieldType {
    .money(currencyColumn: try members.optionalString("currency_column"))
  }

  func writeLimits(into writer: inout JSONWriter) {
    if let currencyColumn {
      writer.key("currency_column")
      writer.string(currencyColumn)
    }
  }

  func defaultValue(from json: JSONValue, label: String) throws(KindDefinitionError) -> FieldDefault? { nil }

  var limitTexts: [(text: String?, key: String)] { [(currencyColumn, "currency_column")] }

  func limitsSummary(of field: FieldDefinition) -> [String] {
    ["columns \(field.name)_minor, \(currencyColumn ?? field.name + "_currency")"]
  }

  func columns(of name: String) -> [String] { [name + "_minor", currencyColumn ?? name + "_currency"] }

  func columnSQL(_ field: FieldDefinition, name: String, notNull: String, defaultSQL: String) -> [String] {
    let columns = columns(of: field.name)
    let minor = SQLText.identifier(columns[0])
    let currency = SQLText.identifier(columns[1])
    // Both columns or neither: a column constraint (SQLite lets it name the other column), so
    // that a money field added later is one ALTER TABLE ADD COLUMN each.
    let pair = field.isNotNull ? "" : " AND ((\(minor) IS NULL) = (\(currency) IS NULL))"
    return [
      "\(minor) INTEGER\(notNull) CHECK (\(minor) >= 0)",
      "\(currency) TEXT\(notNull) CHECK (length(\(currency)) = 3 AND \(currency) GLOB '[A-Z][A-Z][A-Z]'\(pair))",
    ]
  }

  var hasFilterIndex: Bool { false }
  /// A money field cannot be ordered by; its terms never reach a cursor.
  var cursorKind: CursorValue.Kind { .integer }

  /// A currency code another program stored that this build would not write is shown as it is
  /// rather than failing the page.
  static func read(_ statement: Statement, at column: Int32) -> FieldValue {
    let currency = statement.withUTF8(at: column + 1) { Currency(storedUTF8: $0) }
    return .money(Money(storedMinorUnits: statement.int64(at: column), currency: currency))
  }

  func check(_ value: FieldValue, against check: KindStatements.FieldCheck) throws(ListStoreError) -> Bool {
    if case .money = value { true } else { false }
  }

  func value(of field: FieldDefinition, in fields: DraftFields) throws(DraftFields.Problem) -> FieldValue {
    try MoneyFields(field: field).read(fields).map(FieldValue.money) ?? .null
  }

  func jsonKeys(of field: FieldDefinition) -> [String] { [field.name] + columns(of: field.name) }

  func writeJSON(_ value: FieldValue?, of field: FieldDefinition, into writer: inout JSONWriter) {
    let columns = columns(of: field.name)
    guard case .money(let money)? = value else {
      writer.null()
      for column in columns {
        writer.key(column)
        writer.null()
      }
      return
    }
    writer.string(money.decimalString)
    writer.key(columns[0])
    writer.number(literal: String(money.minorUnits))
    writer.key(columns[1])
    writer.string(money.currency.code)
  }

  func csvCells(_ value: FieldValue?) -> [String?] {
    guard case .money(let money)? = value else { return [nil, nil, nil] }
    return [money.decimalString, String(money.minorUnits), money.currency.code]
  }

  func jsonNumberKeys(of field: FieldDefinition) -> [String] { [columns(of: field.name)[0]] }

  var isOrdered: Bool { true }

  func filterValue(
    _ raw: String, field: FieldDefinition, op: KindFilter.Operator, invalid: (String) -> ListStoreError
  ) throws(ListStoreError) -> FieldValue {
    let name = field.name
    let code = String(raw.suffix(3))
    var amount = raw.dropLast(3)
    while amount.last == " " { amount = amount.dropLast() }
    guard raw.count > 3, code.allSatisfy({ $0.isASCII && $0.isLetter }),
      let currency = try? Currency(code: code.uppercased())
    else {
      throw invalid("needs an amount and its currency, such as \(name)\(op.rawValue)20.00 EUR")
    }
    do {
      return .money(try Money(parsing: String(amount), currency: currency))
    } catch {
      var why = "is not an amount"
      if case .invalidAmount(_, let reason) = error { why = reason }
      throw invalid("needs an amount and its currency, such as \(name)\(op.rawValue)20.00 EUR; the amount \(why)")
    }
  }

  /// The currency's column equal to the value's, then the minor units compared by `op`.
  func filterConditions(
    _ field: FieldDefinition, _ value: FieldValue, op: String, parameter: (Int) -> String
  ) -> [(sql: String, value: KindStatements.BoundValue)]? {
    guard case .money(let money) = value else { return nil }
    let columns = columns(of: field.name)
    return [
      ("\(SQLText.identifier(columns[1])) = \(parameter(0))", .text(money.currency.code)),
      ("\(SQLText.identifier(columns[0])) \(op) \(parameter(1))", .integer(money.minorUnits)),
    ]
  }

  var input: FieldInput { .amountAndCurrency }

  /// Money is typed as two options, which the command line reads together.
  func value(typed text: String, field: FieldDefinition) throws(ListStoreError) -> FieldValue? { nil }

  func display(_ value: FieldValue) -> String {
    if case .money(let money) = value { money.formatted } else { "" }
  }

  var tableColumn: (rightAligned: Bool, minimumWidth: Int, fitsHeader: Bool) { (true, 8, false) }

  /// A unique rule's lookup never holds money (``UniqueRule`` names no money field).
  func bindLookup(_ value: FieldValue, _ statement: Statement, at index: Int32) throws(SQLiteError) {
    try statement.bindNull(at: index)
  }

  func writeIdentity(_ value: FieldValue, caseInsensitive: Bool, into writer: inout JSONWriter) {
    if case .money(let money) = value { writer.string("\(money.minorUnits) \(money.currency.code)") }
  }
}

/// The three members of a money field in an imported object: the decimal amount, the minor
/// units, the currency; either amount will do, and when both are given they must agree.
struct MoneyFields {
  let field: FieldDefinition

  func read(_ fields: DraftFields) throws(DraftFields.Problem) -> Money? {
    let name = field.name
    let minorKey = field.columns[0]
    let currencyKey = field.columns[1]
    let amount = fields.value(name)
    let minorValue = fields.value(minorKey)
    guard let code = try fields.optionalString(currencyKey) else {
      if amount == nil && minorValue == nil { return nil }
      throw DraftFields.Problem(reason: "field '\(currencyKey)' is missing.")
    }
    let currency = try fields.checked(currencyKey) { () throws(ListStoreError) in
      // As on the command line: `eur` is EUR.
      try Currency(code: ASCIICase.uppercased(code))
    }
    var money: Money?
    if let amount {
      // A string or a bare number, parsed from its exact text: 19.99 is never a Double.
      guard let text = amount.stringValue ?? amount.numberLiteral else {
        throw DraftFields.Problem(reason: "field '\(name)' must be a decimal string such as \"19.99\".")
      }
      money = try fields.checked(name) { () throws(ListStoreError) in try Money(parsing: text, currency: currency) }
    }
    if let minorValue {
      guard let literal = minorValue.numberLiteral, let minor = Int64(literal) else {
        throw DraftFields.Problem(reason: "field '\(minorKey)' must be an integer.")
      }
      let fromMinor = try fields.checked(minorKey) { () throws(ListStoreError) in
        try Money(minorUnits: minor, currency: currency)
      }
      if let money, money != fromMinor {
        throw DraftFields.Problem(
          reason: "fields '\(name)' (\(money.decimalString)) and '\(minorKey)' (\(minor)) disagree.")
      }
      money = fromMinor
    }
    guard let money else {
      throw DraftFields.Problem(reason: "a \(field.name) needs '\(name)' or '\(minorKey)'.")
    }
    return money
  }
}
