import ListStore
import ListsCLI
import TextFormats

/// The first release's writers of the three built-in lists' items, kept as the oracle the
/// generic ``KindItemFormat`` is checked against: its JSON and CSV must be these, byte for byte.
protocol ListItemOutput: Sendable {
  /// The item's row id.
  var id: Int64 { get }
  /// The JSON keys and CSV header, in order.
  static var fieldNames: [String] { get }
  /// Writes the item as one JSON object.
  func writeJSON(into writer: inout JSONWriter)
  /// Writes the item's fields as one CSV record.
  func writeCSV(into writer: inout CSVWriter)
}

extension Order: ListItemOutput {
  static let fieldNames = [
    "id", "number", "status", "total", "total_minor", "currency", "placed_at",
  ]



  func writeJSON(into writer: inout JSONWriter) {
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

  func writeCSV(into writer: inout CSVWriter) {
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
  static let fieldNames = ["id", "ref", "title", "note", "added_at"]



  func writeJSON(into writer: inout JSONWriter) {
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

  func writeCSV(into writer: inout CSVWriter) {
    writer.field(Int(id))
    writer.field(ref)
    writer.field(title)
    writer.field(note)
    writer.field(addedAt.iso8601)
    writer.endRecord()
  }
}

extension Address: ListItemOutput {
  static let fieldNames = [
    "id", "label", "recipient", "line1", "line2", "city", "region", "postal_code", "country",
    "phone", "is_default", "created_at",
  ]



  func writeJSON(into writer: inout JSONWriter) {
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

  func writeCSV(into writer: inout CSVWriter) {
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
