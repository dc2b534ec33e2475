/// Writes RFC 4180 CSV into a byte buffer, field by field, for streaming exports.
///
/// A field is quoted when it contains a comma, a double quote, a carriage return or a line
/// feed; quotes inside are doubled. Records end in CRLF, as RFC 4180 specifies. Text is copied
/// verbatim as UTF-8 (no formula escaping: the export is data, not a spreadsheet). For example:
/// ```swift
/// var csv = CSVWriter()
/// csv.record(["id", "title"])       // id,title\r\n
/// csv.field(1); csv.field("Mug, \"blue\""); csv.endRecord()
/// // 1,"Mug, ""blue"""\r\n
/// output.write(csv.bytes); csv.removeAll()
/// ```
package struct CSVWriter: Sendable {
  /// The CSV written so far.
  package private(set) var bytes: [UInt8] = []
  private var isAtRecordStart = true

  /// Creates an empty writer reserving `capacity` bytes.
  package init(capacity: Int = 4096) {
    bytes.reserveCapacity(capacity)
  }

  /// Empties the buffer (keeping its storage) after its bytes were written out.
  package mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    isAtRecordStart = true
  }

  /// Writes a whole record (a header or a row) and its CRLF.
  package mutating func record(_ fields: [String]) {
    for field in fields { self.field(field) }
    endRecord()
  }

  /// Writes a text field, quoted when needed.
  package mutating func field(_ text: String) {
    separate()
    var text = text
    text.withUTF8 { appendField($0) }
  }

  /// Writes a text field, or an empty field for nil.
  package mutating func field(_ text: String?) {
    if let text { field(text) } else { separate() }
  }

  /// Writes an integer field.
  package mutating func field(_ number: Int) {
    separate()
    bytes.append(contentsOf: String(number).utf8)
  }

  /// Writes an integer field, or an empty field for nil.
  package mutating func field(_ number: Int?) {
    if let number { field(number) } else { separate() }
  }

  /// Ends the record: CRLF.
  package mutating func endRecord() {
    bytes.append(0x0D)
    bytes.append(0x0A)
    isAtRecordStart = true
  }

  private mutating func separate() {
    if !isAtRecordStart { bytes.append(UInt8(ascii: ",")) }
    isAtRecordStart = false
  }

  private mutating func appendField(_ utf8: UnsafeBufferPointer<UInt8>) {
    let needsQuotes = utf8.contains {
      $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0D || $0 == 0x0A
    }
    guard needsQuotes else {
      bytes.append(contentsOf: utf8)
      return
    }
    bytes.append(UInt8(ascii: "\""))
    for byte in utf8 {
      if byte == UInt8(ascii: "\"") { bytes.append(byte) }
      bytes.append(byte)
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
