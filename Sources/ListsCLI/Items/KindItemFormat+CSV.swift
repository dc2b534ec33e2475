import ListStore

extension KindItemFormat {
  /// Writes `item` as one CSV record, in the order of ``fieldNames``.
  package func writeCSV(_ item: DynamicItem, into writer: inout CSVWriter) {
    writer.field(Int(item.id))
    for (field, value) in zip(definition.fields, item.values) {
      switch value {
      case .null:
        writer.field(nil as String?)
        if case .money = field.type {
          writer.field(nil as String?)
          writer.field(nil as String?)
        }
      case .text(let text): writer.field(text)
      case .integer(let number): writer.field(String(number))
      case .bool(let flag): writer.field(flag ? "true" : "false")
      case .timestamp(let time): writer.field(time.iso8601)
      case .date(let day): writer.field(day.iso8601)
      case .money(let money):
        writer.field(money.decimalString)
        writer.field(String(money.minorUnits))
        writer.field(money.currency.code)
      }
    }
    if let addedAt = item.addedAt { writer.field(addedAt.iso8601) }
    writer.endRecord()
  }

  /// The fields that are JSON numbers, for reading CSV cells.
  package var integerFields: Set<String> {
    var names: Set<String> = ["id"]
    for field in definition.fields {
      switch field.type {
      case .integer: names.insert(field.name)
      case .money: names.insert(field.columns[0])
      case .text, .bool, .timestamp, .date, .enumeration: break
      }
    }
    return names
  }

  /// The fields that are JSON booleans, for reading CSV cells.
  package var booleanFields: Set<String> {
    Set(definition.fields.filter { $0.type == .bool }.map(\.name))
  }
}
