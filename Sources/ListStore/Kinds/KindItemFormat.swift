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
  /// The rules of each field's type, in the definition's order, made once.
  let rules: [any FieldTypeRules]

  /// The format of `definition`'s items.
  package init(_ definition: KindDefinition) {
    self.definition = definition
    rules = definition.fields.map(\.type.rules)
    var names = ["id"]
    for (field, rules) in zip(definition.fields, rules) { names += rules.jsonKeys(of: field) }
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
    for (index, value) in item.values.enumerated() {
      let field = definition.fields[index]
      if let only, !only.contains(field.name) { continue }
      writer.key(field.name)
      rules[index].writeJSON(value.isNull ? nil : value, of: field, into: &writer)
    }
  }

  /// The CSV cells of `item`'s fields, in the order of ``fieldNames`` after `id` and before
  /// `added_at`: one per member of its JSON object.
  package func csvCells(of item: DynamicItem) -> [String?] {
    var cells: [String?] = []
    cells.reserveCapacity(fieldNames.count)
    for (rules, value) in zip(rules, item.values) { cells += rules.csvCells(value.isNull ? nil : value) }
    return cells
  }

  /// The draft one imported JSON object describes: every key must be one of ``fieldNames``
  /// (`id` is ignored), every value of its field's type, every required field given. The
  /// field's limits are the store's to check when the draft is added.
  /// - Throws: ``DraftFields/Problem`` naming the field.
  package func draft(from value: JSONValue) throws(DraftFields.Problem) -> DynamicDraft {
    let fields = try DraftFields(value, known: Array(fieldNames.dropFirst()))
    var values: [String: FieldValue] = [:]
    for (field, rules) in zip(definition.fields, rules) {
      let parsed = try rules.value(of: field, in: fields)
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
    for (field, rules) in zip(definition.fields, rules) {
      guard rules.jsonKeys(of: field).contains(where: fields.holds) else { continue }
      values[field.name] = try rules.value(of: field, in: fields)
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
}
