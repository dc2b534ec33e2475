import TextFormats

/// Writes RFC 4180 CSV into a byte buffer, field by field, for streaming exports.
///
/// A field is quoted when it contains a comma, a double quote, a carriage return or a line
/// feed; quotes inside are doubled. Records end in CRLF, as RFC 4180 specifies.
///
/// Text that a spreadsheet would run as a formula is written as text: a field that begins with
/// `=`, `+`, `-`, `@`, a tab or a carriage return gets a `'` in front, as OWASP recommends
/// against CSV injection (a favorite titled `=HYPERLINK(...)` would otherwise be a live link).
/// A field that begins with `'` gets one too, so that ``CSVWriter/unprotected(_:)`` gives every
/// value back exactly. `protectsFormulas: false` writes text verbatim. For example:
/// ```swift
/// var csv = CSVWriter()
/// csv.record(["id", "title"])       // id,title\r\n
/// csv.field(1); csv.field("Mug, \"blue\""); csv.endRecord()
/// // 1,"Mug, ""blue"""\r\n
/// csv.withBytes { output.write($0) }
/// csv.removeAll()
/// ```
package struct CSVWriter: Sendable {
  private var buffer: ByteBuffer
  private var isAtRecordStart = true
  /// Whether text that begins like a formula is written with a `'` in front.
  package let protectsFormulas: Bool

  /// Creates an empty writer reserving `capacity` bytes.
  package init(capacity: Int = 4096, protectsFormulas: Bool = true) {
    buffer = ByteBuffer(capacity: capacity)
    self.protectsFormulas = protectsFormulas
  }

  /// Whether a field that begins with `byte` is written with a `'` in front.
  package static func needsProtection(startingWith byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D,
      UInt8(ascii: "'"):
      true
    default: false
    }
  }

  /// A field as it was before a writer that protects formulas wrote it: one leading `'` less.
  package static func unprotected(_ field: String) -> String {
    field.utf8.first == UInt8(ascii: "'") ? String(field.dropFirst()) : field
  }

  /// A copy of the CSV written so far; ``withBytes(_:)`` avoids the copy.
  package var bytes: [UInt8] { buffer.bytes }

  /// How many bytes were written so far (to decide when to flush).
  package var count: Int { buffer.count }

  /// Calls `body` with the CSV written so far, without copying it.
  package func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try buffer.withBytes(body)
  }

  /// Empties the buffer (keeping its storage) after its bytes were written out.
  package mutating func removeAll() {
    buffer.removeAll()
    isAtRecordStart = true
  }

  /// Writes a whole record (a header or a row) and its CRLF.
  package mutating func record(_ fields: [String]) {
    for field in fields { self.field(field) }
    endRecord()
  }

  /// Writes a text field, quoted when needed, with a `'` in front when it begins like a
  /// formula and ``protectsFormulas`` is on.
  package mutating func field(_ text: String) {
    separate()
    var text = text
    if protectsFormulas, let first = text.utf8.first, Self.needsProtection(startingWith: first) {
      text = "'" + text
    }
    text.withUTF8 { appendField($0) }
  }

  /// Writes a text field, or an empty field for nil.
  package mutating func field(_ text: String?) {
    if let text { field(text) } else { separate() }
  }

  /// Writes an integer field.
  package mutating func field(_ number: Int) {
    separate()
    var text = String(number)
    text.withUTF8 { appendField($0) }
  }

  /// Writes an integer field, or an empty field for nil.
  package mutating func field(_ number: Int?) {
    if let number { field(number) } else { separate() }
  }

  /// Ends the record: CRLF.
  package mutating func endRecord() {
    buffer.append("\r\n")
    isAtRecordStart = true
  }

  private mutating func separate() {
    if !isAtRecordStart { buffer.append(UInt8(ascii: ",")) }
    isAtRecordStart = false
  }

  private mutating func appendField(_ utf8: UnsafeBufferPointer<UInt8>) {
    let needsQuotes = utf8.contains {
      $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0D || $0 == 0x0A
    }
    guard needsQuotes else {
      buffer.write(maximumCount: utf8.count) { out in
        out.update(from: utf8.baseAddress!, count: utf8.count)
        return utf8.count
      }
      return
    }
    buffer.write(maximumCount: utf8.count * 2 + 2) { out in
      var index = 0
      out[index] = UInt8(ascii: "\"")
      index += 1
      for byte in utf8 {
        if byte == UInt8(ascii: "\"") {
          out[index] = byte
          index += 1
        }
        out[index] = byte
        index += 1
      }
      out[index] = UInt8(ascii: "\"")
      return index + 1
    }
  }
}
