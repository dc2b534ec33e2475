import ListStore
import TextFormats

/// How one list's items are written: as table rows for people, as JSON objects and CSV records
/// for programs. JSON and CSV use the same field names, in the same order.
package protocol ListItemOutput: Sendable {
  /// The item's row id.
  var id: Int64 { get }
  /// The JSON keys and CSV header, in order.
  static var fieldNames: [String] { get }
  /// The columns of the human table.
  static var tableColumns: [TableColumn] { get }
  /// The item's cells for the human table, unescaped (the table escapes them).
  func tableRow() -> [String]
  /// Writes the item as one JSON object.
  func writeJSON(into writer: inout JSONWriter)
  /// Writes the item's fields as one CSV record.
  func writeCSV(into writer: inout CSVWriter)
}

extension Order: ListItemOutput {
  package static let fieldNames = [
    "id", "number", "status", "total", "total_minor", "currency", "placed_at",
  ]

  package static let tableColumns = [
    TableColumn("ID", alignment: .right, minimumWidth: 2),
    TableColumn("NUMBER", minimumWidth: 8),
    TableColumn("STATUS", minimumWidth: 6),
    TableColumn("TOTAL", alignment: .right, minimumWidth: 8),
    TableColumn("PLACED", minimumWidth: 16),
  ]

  package func tableRow() -> [String] {
    [String(id), number, status.rawValue, total.formatted, placedAt.displayString]
  }

  package func writeJSON(into writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("id")
    writer.int(Int(id))
    writer.key("number")
    writer.string(number)
    writer.key("status")
    writer.string(status.rawValue)
    writer.key("total")
    writer.string(total.decimalString)
    writer.key("total_minor")
    writer.int(Int(total.minorUnits))
    writer.key("currency")
    writer.string(total.currency.code)
    writer.key("placed_at")
    writer.string(placedAt.iso8601)
    writer.endObject()
  }

  package func writeCSV(into writer: inout CSVWriter) {
    writer.field(Int(id))
    writer.field(number)
    writer.field(status.rawValue)
    writer.field(total.decimalString)
    writer.field(Int(total.minorUnits))
    writer.field(total.currency.code)
    writer.field(placedAt.iso8601)
    writer.endRecord()
  }
}

extension Favorite: ListItemOutput {
  package static let fieldNames = ["id", "ref", "title", "note", "added_at"]

  package static let tableColumns = [
    TableColumn("ID", alignment: .right, minimumWidth: 2),
    TableColumn("REF", minimumWidth: 6),
    TableColumn("TITLE", minimumWidth: 10),
    TableColumn("NOTE", minimumWidth: 6),
    TableColumn("ADDED", minimumWidth: 16),
  ]

  package func tableRow() -> [String] {
    [String(id), ref, title, note ?? "", addedAt.displayString]
  }

  package func writeJSON(into writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("id")
    writer.int(Int(id))
    writer.key("ref")
    writer.string(ref)
    writer.key("title")
    writer.string(title)
    writer.key("note")
    writer.string(note)
    writer.key("added_at")
    writer.string(addedAt.iso8601)
    writer.endObject()
  }

  package func writeCSV(into writer: inout CSVWriter) {
    writer.field(Int(id))
    writer.field(ref)
    writer.field(title)
    writer.field(note)
    writer.field(addedAt.iso8601)
    writer.endRecord()
  }
}

extension Address: ListItemOutput {
  package static let fieldNames = [
    "id", "label", "recipient", "line1", "line2", "city", "region", "postal_code", "country",
    "phone", "is_default", "created_at",
  ]

  package static let tableColumns = [
    TableColumn("ID", alignment: .right, minimumWidth: 2),
    TableColumn("LABEL", minimumWidth: 6),
    TableColumn("RECIPIENT", minimumWidth: 8),
    TableColumn("ADDRESS", minimumWidth: 16),
    TableColumn("PHONE", minimumWidth: 6),
  ]

  package func tableRow() -> [String] {
    var place = postalCode + " " + city
    if let region, !region.isEmpty { place += ", " + region }
    let lines = [line1, line2 ?? "", place, country].filter { !$0.isEmpty }
    return [
      String(id), isDefault ? label + " (default)" : label, recipient,
      lines.joined(separator: ", "), phone ?? "",
    ]
  }

  package func writeJSON(into writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("id")
    writer.int(Int(id))
    writer.key("label")
    writer.string(label)
    writer.key("recipient")
    writer.string(recipient)
    writer.key("line1")
    writer.string(line1)
    writer.key("line2")
    writer.string(line2)
    writer.key("city")
    writer.string(city)
    writer.key("region")
    writer.string(region)
    writer.key("postal_code")
    writer.string(postalCode)
    writer.key("country")
    writer.string(country)
    writer.key("phone")
    writer.string(phone)
    writer.key("is_default")
    writer.bool(isDefault)
    writer.key("created_at")
    writer.string(createdAt.iso8601)
    writer.endObject()
  }

  package func writeCSV(into writer: inout CSVWriter) {
    writer.field(Int(id))
    writer.field(label)
    writer.field(recipient)
    writer.field(line1)
    writer.field(line2)
    writer.field(city)
    writer.field(region)
    writer.field(postalCode)
    writer.field(country)
    writer.field(phone)
    writer.field(isDefault ? "true" : "false")
    writer.field(createdAt.iso8601)
    writer.endRecord()
  }
}
