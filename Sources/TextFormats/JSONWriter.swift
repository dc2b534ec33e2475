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
/// json.withBytes { output.write($0) }
/// json.removeAll()
/// ```
/// Strings are escaped as RFC 8259 requires and nothing more: `"` and `\` get a backslash;
/// line feed, carriage return and tab are `\n`, `\r`, `\t`; every other control character
/// below U+0020 is `\u00XX` (lower-case hex; NUL is `\u0000`). Everything else — DEL,
/// non-ASCII, U+2028 — is copied verbatim as UTF-8.
package struct JSONWriter: Sendable {
  private var buffer: ByteBuffer
  private var needsComma = false

  /// Creates an empty writer reserving `capacity` bytes.
  package init(capacity: Int = 4096) {
    buffer = ByteBuffer(capacity: capacity)
  }

  /// A copy of the JSON written so far; ``withBytes(_:)`` avoids the copy.
  package var bytes: [UInt8] { buffer.bytes }

  /// How many bytes were written so far (to decide when to flush).
  package var count: Int { buffer.count }

  /// Calls `body` with the JSON written so far, without copying it.
  package func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try buffer.withBytes(body)
  }

  /// Empties the buffer (keeping its storage) after its bytes were written out.
  package mutating func removeAll() {
    buffer.removeAll()
    needsComma = false
  }

  /// Empties the buffer (keeping its storage) after its bytes were written out, keeping the
  /// writer's place in the document: a long document is written out in parts, and the next
  /// value still gets its comma.
  package mutating func removeWritten() {
    buffer.removeAll()
  }

  /// Starts an object: `{`.
  package mutating func beginObject() {
    separate()
    buffer.append(UInt8(ascii: "{"))
    needsComma = false
  }

  /// Ends the current object: `}`.
  package mutating func endObject() {
    buffer.append(UInt8(ascii: "}"))
    needsComma = true
  }

  /// Starts an array: `[`.
  package mutating func beginArray() {
    separate()
    buffer.append(UInt8(ascii: "["))
    needsComma = false
  }

  /// Ends the current array: `]`.
  package mutating func endArray() {
    buffer.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// Writes an object key and its `:`; the value comes next.
  package mutating func key(_ name: String) {
    separate()
    appendQuoted(name, suffix: UInt8(ascii: ":"))
    needsComma = false
  }

  /// Writes a string value.
  package mutating func string(_ value: String) {
    separate()
    appendQuoted(value, suffix: nil)
    needsComma = true
  }

  /// Writes a string value, or `null` for nil.
  package mutating func string(_ value: String?) {
    if let value { string(value) } else { null() }
  }

  /// Writes an integer value.
  package mutating func int(_ value: Int) {
    separate()
    buffer.write(maximumCount: 20) { out in Self.writeDecimal(value, to: out) }
    needsComma = true
  }

  /// Writes an integer value, or `null` for nil.
  package mutating func int(_ value: Int?) {
    if let value { int(value) } else { null() }
  }

  /// Writes `true` or `false`.
  package mutating func bool(_ value: Bool) {
    separate()
    buffer.append(value ? "true" : "false")
    needsComma = true
  }

  /// Writes `null`.
  package mutating func null() {
    separate()
    buffer.append("null")
    needsComma = true
  }

  /// Writes a number from its literal text, unchanged (e.g. `19.99` from ``JSONValue``).
  ///
  /// The caller guarantees `literal` is a valid JSON number.
  package mutating func number(literal: String) {
    separate()
    var literal = literal
    literal.withUTF8 { utf8 in
      buffer.write(maximumCount: utf8.count) { out in
        out.update(from: utf8.baseAddress!, count: utf8.count)
        return utf8.count
      }
    }
    needsComma = true
  }

  /// Writes `json`, a complete JSON value its caller made (with this writer or checked), as it
  /// is: for a value kept as text and sent again byte for byte.
  package mutating func raw(json: String) {
    number(literal: json)
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
    buffer.append(UInt8(ascii: "\n"))
    needsComma = false
  }

  // MARK: Bytes

  private mutating func separate() {
    if needsComma { buffer.append(UInt8(ascii: ",")) }
  }

  /// `"text"` escaped, then `suffix` if any, in one reservation (6 bytes per byte at worst).
  private mutating func appendQuoted(_ text: String, suffix: UInt8?) {
    var text = text
    text.withUTF8 { utf8 in
      let isPlain = Self.needsNoEscape(utf8)
      buffer.write(maximumCount: (isPlain ? utf8.count : utf8.count * 6) + 3) { out in
        var index = 0
        out[index] = UInt8(ascii: "\"")
        index += 1
        if isPlain {
          if let base = utf8.baseAddress { (out + index).update(from: base, count: utf8.count) }
          index += utf8.count
        } else {
          for byte in utf8 {
            if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
              out[index] = byte
              index += 1
            } else {
              index += Self.writeEscape(byte, to: out + index)
            }
          }
        }
        out[index] = UInt8(ascii: "\"")
        index += 1
        if let suffix {
          out[index] = suffix
          index += 1
        }
        return index
      }
    }
  }

  /// Whether no byte of `utf8` needs an escape; branch-free so the loop vectorizes.
  private static func needsNoEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    var found: UInt8 = 0
    for byte in utf8 {
      let isControl: UInt8 = byte < 0x20 ? 1 : 0
      let isQuote: UInt8 = byte == UInt8(ascii: "\"") ? 1 : 0
      let isBackslash: UInt8 = byte == UInt8(ascii: "\\") ? 1 : 0
      found |= isControl | isQuote | isBackslash
    }
    return found == 0
  }

  /// The escape of a quote, backslash or control byte; returns its length.
  private static func writeEscape(_ byte: UInt8, to out: UnsafeMutablePointer<UInt8>) -> Int {
    out[0] = UInt8(ascii: "\\")
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"):
      out[1] = byte
    case UInt8(ascii: "\n"):
      out[1] = UInt8(ascii: "n")
    case UInt8(ascii: "\r"):
      out[1] = UInt8(ascii: "r")
    case UInt8(ascii: "\t"):
      out[1] = UInt8(ascii: "t")
    default:
      out[1] = UInt8(ascii: "u")
      out[2] = UInt8(ascii: "0")
      out[3] = UInt8(ascii: "0")
      out[4] = hexDigit(byte >> 4)
      out[5] = hexDigit(byte & 0xF)
      return 6
    }
    return 2
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
  }

  /// Writes `value` in decimal (at most 20 bytes); returns the length.
  private static func writeDecimal(_ value: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
    var magnitude = value.magnitude
    var digits = 0
    var probe = magnitude
    repeat {
      digits += 1
      probe /= 10
    } while probe > 0
    let length = digits + (value < 0 ? 1 : 0)
    var index = length
    repeat {
      index -= 1
      out[index] = UInt8(ascii: "0") &+ UInt8(magnitude % 10)
      magnitude /= 10
    } while magnitude > 0
    if value < 0 { out[0] = UInt8(ascii: "-") }
    return length
  }
}

extension Array where Element == UInt8 {
  /// Appends `value` in decimal, as JSON writes an integer.
  package mutating func appendDecimal(_ value: Int) {
    if value < 0 { append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var divisor: UInt = 1
    while magnitude / divisor >= 10 { divisor &*= 10 }
    repeat {
      append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude / divisor))
      magnitude %= divisor
      divisor /= 10
    } while divisor > 0
  }
}
