import TextFormats

/// What the command line and the server ask of a field's type, answered by its rules
/// (``FieldTypeRules``): none of them matches on the types itself.
extension FieldDefinition {
  /// How the command line takes the field's value.
  package var input: FieldInput { type.rules.input }

  /// The value of an option's text for the field (``FieldInput/text`` and
  /// ``FieldInput/written(placeholder:describes:)``); nil to leave the field out.
  /// - Throws: ``ListStoreError`` for text the field's type cannot read.
  package func value(typed text: String) throws(ListStoreError) -> FieldValue? {
    try type.rules.value(typed: text, field: self)
  }

  /// The value as people read it in a table; nothing for null.
  package func display(_ value: FieldValue) -> String {
    FieldDisplay(self).text(value)
  }

  /// How a column of the field shows its values, made once for all its cells.
  package var displayed: FieldDisplay { FieldDisplay(self) }

  /// How a table shows the field's column: right-aligned (numbers), its least width, and
  /// whether it is at least as wide as its header.
  package var tableColumn: (rightAligned: Bool, minimumWidth: Int, fitsHeader: Bool) { type.rules.tableColumn }

  /// The CSV cells of `value`, one per member ``jsonKeys`` names.
  package func csvCells(_ value: FieldValue) -> [String?] {
    type.rules.csvCells(value.isNull ? nil : value)
  }

  /// The members of an item's JSON object and the cells of its CSV record that hold the field.
  package var jsonKeys: [String] { type.rules.jsonKeys(of: self) }

  /// The members among ``jsonKeys`` that are JSON numbers.
  package var jsonNumberKeys: [String] { type.rules.jsonNumberKeys(of: self) }

  /// Whether the field's value is a JSON boolean.
  package var isJSONBool: Bool { type.rules.isJSONBool }

  /// The type's limits as `lists kinds show` lists them (`at most 300 characters`).
  package var limitsSummary: [String] { type.rules.limitsSummary(of: self) }

  /// Writes `value`, not null, into a JSON array identifying an item by its unique fields.
  package func writeIdentity(_ value: FieldValue, into writer: inout JSONWriter) {
    type.rules.writeIdentity(value, caseInsensitive: caseInsensitive, into: &writer)
  }
}

/// How a field's values are shown in a table, with its type's rules made once: a column keeps
/// one rather than making the rules again for every cell.
package struct FieldDisplay: Sendable {
  private let rules: any FieldTypeRules

  init(_ field: FieldDefinition) { rules = field.type.rules }

  /// The value as people read it; nothing for null.
  package func text(_ value: FieldValue) -> String {
    value.isNull ? "" : rules.display(value)
  }
}
