import ListStore

extension KindItemFormat {
  /// Writes `item` as one CSV record, in the order of ``fieldNames``.
  package func writeCSV(_ item: DynamicItem, into writer: inout CSVWriter) {
    writer.field(Int(item.id))
    for cell in csvCells(of: item) { writer.field(cell) }
    if let addedAt = item.addedAt { writer.field(addedAt.iso8601) }
    writer.endRecord()
  }

  /// The fields that are JSON numbers, for reading CSV cells.
  package var integerFields: Set<String> {
    var names: Set<String> = ["id"]
    for field in definition.fields { names.formUnion(field.jsonNumberKeys) }
    return names
  }

  /// The fields that are JSON booleans, for reading CSV cells.
  package var booleanFields: Set<String> {
    Set(definition.fields.filter(\.isJSONBool).map(\.name))
  }
}
