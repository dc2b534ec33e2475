/// A strict RFC 8259 JSON parser for one JSON text, from bytes; made for NDJSON import lines.
///
/// Strict means: only `\u0020 \t \n \r` as whitespace; no comments, trailing commas, single
/// quotes, `NaN` or leading zeros; every escape including surrogate pairs (a lone surrogate is
/// rejected); raw control characters in strings rejected; invalid UTF-8 rejected — stray
/// continuation bytes, overlong forms, UTF-8-encoded surrogates, code points above U+10FFFF,
/// truncated sequences — never replaced by U+FFFD; duplicate keys rejected; at most 64 nested
/// arrays and objects; nothing but whitespace after the value.
///
/// Numbers keep their literal text (``JSONValue/number(_:)``). Errors carry the byte offset of
/// the problem (for a UTF-8 error, of the sequence's first byte) and a one-line reason. For
/// example:
/// ```swift
/// try JSONParser.parse(Array(#"{"total": 19.99}"#.utf8))
/// // .object(["total": .number("19.99")])
/// ```
package enum JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  package static let maximumDepth = 64

  /// The value of the JSON text `bytes`.
  ///
  /// - Throws: ``JSONParseError`` with an offset from the start of `bytes`.
  package static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    try bytes.withUnsafeBufferPointer { parse(buffer: $0) }.get()
  }

  /// The value of the JSON text `bytes`; offsets count from `bytes.startIndex`.
  package static func parse(_ bytes: ArraySlice<UInt8>) throws(JSONParseError) -> JSONValue {
    try bytes.withUnsafeBufferPointer { parse(buffer: $0) }.get()
  }

  /// The value of the JSON text `text`.
  package static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    var text = text
    return try text.withUTF8 { parse(buffer: $0) }.get()
  }

  private static func parse(buffer: UnsafeBufferPointer<UInt8>) -> Result<
    JSONValue, JSONParseError
  > {
    var scanner = JSONScanner(input: buffer, maximumDepth: maximumDepth)
    do throws(JSONParseError) {
      return .success(try scanner.parseDocument())
    } catch {
      return .failure(error)
    }
  }
}
