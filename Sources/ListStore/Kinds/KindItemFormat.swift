import TextFormats

/// How the items of any kind are written for programs and read back as JSON objects — by
/// `export` and `import`, and by sync, to and from a remote — made from the kind's definition
/// (the command line's CSV records use the same field names in the same order).
///
/// An item carries `id`, then each field by name, then `added_at` where the kind has it
/// implicitly. A money field `price` is three members, `"price": "12.50"`, `"price_minor": 1250`
/// and its currency column (`"price_currency": "EUR"`; the built-in orders call it `currency`);
/// timestamps are ISO 8601 UTC.
package struct KindItemFormat: Sendable {
  /// The kind the items are of.
  package let definition: KindDefinition
  /// The JSON keys and CSV header, in order.
  package let fieldNames: [String]

  /// The format of `definition`'s items.
  package init(_ definition: KindDefinition) {
    self.definition = definition
    var names = ["id"]
    for field in definition.fields {
      if case .money = field.type {
        names += [field.name] + field.columns
      } else {
        names.append(field.name)
      }
    }
    if definition.hasImplicitAddedAt { names.append("added_at") }
    fieldNames = names
  }

  /// Writes `item` as one JSON object.
  package func writeJSON(_ item: DynamicItem, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("id")
    writer.int(Int(item.id))
    writeMembers(item, into: &writer)
    if let addedAt = item.addedAt {
      writer.key("added_at")
      writer.string(addedAt.iso8601)
    }
    writer.endObject()
  }

  /// `item` as a push sends it: the JSON object of its fields without `id` — every field and
  /// `added_at` for an add, only `fields` for an update (`null` for an unset one).
  package func pushJSON(_ item: DynamicItem, fields: [String]?) -> String {
    var writer = JSONWriter(capacity: 256)
    writer.beginObject()
    writeMembers(item, only: fields, into: &writer)
    if fields == nil, let addedAt = item.addedAt {
      writer.key("added_at")
      writer.string(addedAt.iso8601)
    }
    writer.endObject()
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// Writes the members of `item`'s fields — all, or those named in `only` — in the
  /// definition's order.
  private func writeMembers(_ item: DynamicItem, only: [String]? = nil, into writer: inout JSONWriter) {
    for (field, value) in zip(definition.fields, item.values) where only?.contains(field.name) ?? true {
      writer.key(field.name)
      switch value {
      case .null:
        writer.null()
        if case .money = field.type {
          for column in field.columns {
            writer.key(column)
            writer.null()
          }
        }
      case .text(let text): writer.string(text)
      case .integer(let number): writer.number(literal: String(number))
      case .bool(let flag): writer.bool(flag)
      case .timestamp(let time): writer.string(time.iso8601)
      case .date(let day): writer.string(day.iso8601)
      case .money(let money):
        writer.string(money.decimalString)
        writer.key(field.columns[0])
        writer.number(literal: String(money.minorUnits))
        writer.key(field.columns[1])
        writer.string(money.currency.code)
      }
    }
  }

  /// The draft one imported JSON object describes: every key must be one of ``fieldNames``
  /// (`id` is ignored), every value of its field's type, every required field given. The
  /// field's limits are the store's to check when the draft is added.
  /// - Throws: ``DraftFields/Problem`` naming the field.
  package func draft(from value: JSONValue) throws(DraftFields.Problem) -> DynamicDraft {
    let fields = try DraftFields(value, known: Array(fieldNames.dropFirst()))
    var values: [String: FieldValue] = [:]
    for field in definition.fields {
      let parsed = try self.value(of: field, in: fields)
      if parsed == .null {
        if field.required { throw DraftFields.Problem(reason: "field '\(field.name)' is missing.") }
        continue
      }
      values[field.name] = parsed
    }
    var addedAt: Timestamp?
    if definition.hasImplicitAddedAt { addedAt = try fields.timestamp("added_at") }
    return DynamicDraft(values, addedAt: addedAt)
  }

  /// The line of an import that updates one JSON object describes: the fields it holds (a
  /// null one as `.null`; a money field when any of its members is there), its `id` and
  /// `added_at`. No field is required here: a line that changes an item holds what changes,
  /// and the store refuses an added item that lacks a required field.
  /// - Throws: ``DraftFields/Problem`` naming the field.
  package func importLine(from value: JSONValue) throws(DraftFields.Problem) -> KindItems.ImportLine {
    let fields = try DraftFields(value, known: Array(fieldNames.dropFirst()))
    var values: [String: FieldValue] = [:]
    for field in definition.fields {
      let keys = if case .money = field.type { [field.name] + field.columns } else { [field.name] }
      guard keys.contains(where: fields.holds) else { continue }
      values[field.name] = try self.value(of: field, in: fields)
    }
    var id: Int64?
    if let value = fields.value("id") {
      guard let literal = value.numberLiteral, let number = Int64(literal) else {
        throw DraftFields.Problem(reason: "field 'id' must be an integer.")
      }
      id = number
    }
    let addedAt = definition.hasImplicitAddedAt ? try fields.timestamp("added_at") : nil
    return KindItems.ImportLine(id: id, values: values, addedAt: addedAt)
  }

  private func value(of field: FieldDefinition, in fields: DraftFields) throws(DraftFields.Problem) -> FieldValue {
    switch field.type {
    case .text, .enumeration:
      return try fields.optionalString(field.name).map(FieldValue.text) ?? .null
    case .integer:
      guard let value = fields.value(field.name) else { return .null }
      guard let literal = value.numberLiteral, let number = Int64(literal) else {
        throw DraftFields.Problem(reason: "field '\(field.name)' must be an integer.")
      }
      return .integer(number)
    case .bool:
      guard let value = fields.value(field.name) else { return .null }
      guard let flag = value.boolValue else {
        throw DraftFields.Problem(reason: "field '\(field.name)' must be true or false, got \(value.typeName).")
      }
      return .bool(flag)
    case .timestamp:
      return try fields.timestamp(field.name).map(FieldValue.timestamp) ?? .null
    case .date:
      return try fields.date(field.name).map(FieldValue.date) ?? .null
    case .money:
      return try MoneyFields(field: field).read(fields).map(FieldValue.money) ?? .null
    }
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
