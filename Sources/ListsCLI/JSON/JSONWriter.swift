/// Writes compact JSON into a byte buffer, value by value, with no intermediate tree.
///
/// Commas and colons are placed for you; the caller nests begin/end calls correctly. For
/// example, one NDJSON line:
/// ```swift
/// var json = JSONWriter()
/// json.beginObject()
/// json.key("id"); json.int(1)
/// json.key("title"); json.string("Blue mug")
/// json.key("note"); json.null()
/// json.endObject()
/// json.newline()  // {"id":1,"title":"Blue mug","note":null}\n
/// output.write(json.bytes); json.removeAll()
/// ```
/// Strings are escaped as RFC 8259 requires and nothing more: `"` and `\` get a backslash;
/// line feed, carriage return and tab are `\n`, `\r`, `\t`; every other control character
/// below U+0020 is `\u00XX` (lower-case hex; NUL is `\u0000`). Everything else — DEL,
/// non-ASCII, U+2028 — is copied verbatim as UTF-8.
package struct JSONWriter: Sendable {
  /// The JSON written so far.
  package private(set) var bytes: [UInt8] = []
  private var needsComma = false

  /// Creates an empty writer reserving `capacity` bytes.
  package init(capacity: Int = 4096) {
    bytes.reserveCapacity(capacity)
  }

  /// Empties the buffer (keeping its storage) after its bytes were written out.
  package mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    needsComma = false
  }

  /// Starts an object: `{`.
  package mutating func beginObject() {
    separate()
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
  }

  /// Ends the current object: `}`.
  package mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
    needsComma = true
  }

  /// Starts an array: `[`.
  package mutating func beginArray() {
    separate()
    bytes.append(UInt8(ascii: "["))
    needsComma = false
  }

  /// Ends the current array: `]`.
  package mutating func endArray() {
    bytes.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// Writes an object key and its `:`; the value comes next.
  package mutating func key(_ name: String) {
    separate()
    appendQuoted(name)
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  /// Writes a string value.
  package mutating func string(_ value: String) {
    separate()
    appendQuoted(value)
    needsComma = true
  }

  /// Writes a string value, or `null` for nil.
  package mutating func string(_ value: String?) {
    if let value { string(value) } else { null() }
  }

  /// Writes an integer value.
  package mutating func int(_ value: Int) {
    separate()
    appendDecimal(value)
    needsComma = true
  }

  /// Writes an integer value, or `null` for nil.
  package mutating func int(_ value: Int?) {
    if let value { int(value) } else { null() }
  }

  /// Writes `true` or `false`.
  package mutating func bool(_ value: Bool) {
    separate()
    appendASCII(value ? "true" : "false")
    needsComma = true
  }

  /// Writes `null`.
  package mutating func null() {
    separate()
    appendASCII("null")
    needsComma = true
  }

  /// Writes a number from its literal text, unchanged (e.g. `19.99` from ``JSONValue``).
  ///
  /// The caller guarantees `literal` is a valid JSON number.
  package mutating func number(literal: String) {
    separate()
    appendASCII(literal)
    needsComma = true
  }

  /// Writes a parsed value back out, numbers as their exact literal text.
  package mutating func value(_ value: JSONValue) {
    switch value {
    case .null: null()
    case .bool(let flag): bool(flag)
    case .number(let literal): number(literal: literal)
    case .string(let text): string(text)
    case .array(let elements):
      beginArray()
      for element in elements { self.value(element) }
      endArray()
    case .object(let object):
      beginObject()
      for member in object.members {
        key(member.key)
        self.value(member.value)
      }
      endObject()
    }
  }

  /// Ends an NDJSON line: a line feed; the next value starts a new top-level value.
  package mutating func newline() {
    bytes.append(UInt8(ascii: "\n"))
    needsComma = false
  }

  // MARK: Bytes

  private mutating func separate() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
  }

  private mutating func appendASCII(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  private mutating func appendASCII(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  private mutating func appendDecimal(_ value: Int) {
    if value >= 0 && value < 10 {
      bytes.append(UInt8(ascii: "0") &+ UInt8(value))
      return
    }
    var magnitude = value.magnitude
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var index = 20
      repeat {
        index -= 1
        digits[index] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if value < 0 { bytes.append(UInt8(ascii: "-")) }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[index..<20]))
    }
  }

  private mutating func appendQuoted(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { appendEscaped($0) }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Copies runs of bytes that need no escape in one go.
  private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
    var runStart = 0
    for index in 0..<utf8.count {
      let byte = utf8[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
        continue
      }
      if runStart < index {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
      }
      runStart = index + 1
      bytes.append(UInt8(ascii: "\\"))
      switch byte {
      case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
      case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
      case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
      case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
      case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
      default:
        bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30])
        bytes.append(Self.hexDigits[Int(byte >> 4)])
        bytes.append(Self.hexDigits[Int(byte & 0xF)])
      }
    }
    if runStart < utf8.count {
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
    }
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
