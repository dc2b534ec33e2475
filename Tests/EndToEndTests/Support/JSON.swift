/// A JSON value as `lists` printed it, with the types kept apart (a `true` is not a `1`) and
/// object keys in the order they were written.
///
/// For example:
/// ```swift
/// let object = try JSON.parse(result.stdoutBytes)
/// object["page"]?["has_more"] == .bool(false)
/// ```
enum JSON: Equatable, CustomStringConvertible {
  case null
  case bool(Bool)
  /// A number, as its text: `2590`, `-1.5`.
  case number(String)
  case string(String)
  case array([JSON])
  case object([(key: String, value: JSON)])

  struct ParseError: Error, CustomStringConvertible {
    var description: String
  }

  /// Parses exactly one value, with only whitespace around it.
  static func parse(_ bytes: [UInt8]) throws -> JSON {
    var parser = Parser(bytes: bytes)
    let value = try parser.value()
    parser.skipWhitespace()
    guard parser.index == bytes.count else { throw parser.error("text after the value") }
    return value
  }

  /// Parses the UTF-8 of `text`.
  static func parse(_ text: String) throws -> JSON {
    try parse(Array(text.utf8))
  }

  /// The value of `key` in an object.
  subscript(key: String) -> JSON? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The element at `index` of an array.
  subscript(index: Int) -> JSON? {
    guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
    return elements[index]
  }

  /// The keys of an object, in order.
  var keys: [String] {
    guard case .object(let members) = self else { return [] }
    return members.map(\.key)
  }

  /// The object without `key`.
  func removing(_ key: String) -> JSON {
    guard case .object(let members) = self else { return self }
    return .object(members.filter { $0.key != key })
  }

  var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// An integer number.
  var intValue: Int? {
    if case .number(let text) = self { return Int(text) }
    return nil
  }

  var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  var arrayValue: [JSON]? {
    if case .array(let values) = self { return values }
    return nil
  }

  var isNull: Bool { self == .null }

  /// What kind of value this is: `null`, `bool`, `int`, `number`, `string`, `array`, `object`.
  var type: String {
    switch self {
    case .null: "null"
    case .bool: "bool"
    case .number(let text): Int(text) != nil ? "int" : "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }

  static func == (lhs: JSON, rhs: JSON) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: false
    }
  }

  var description: String {
    switch self {
    case .null: "null"
    case .bool(let value): String(value)
    case .number(let text): text
    case .string(let text): "\"\(text)\""
    case .array(let values): "[" + values.map(\.description).joined(separator: ",") + "]"
    case .object(let members):
      "{" + members.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
    }
  }
}

/// A strict recursive-descent reader of RFC 8259 JSON.
private struct Parser {
  let bytes: [UInt8]
  var index = 0

  func error(_ message: String) -> JSON.ParseError {
    JSON.ParseError(description: "\(message) at byte \(index)")
  }

  mutating func skipWhitespace() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
  }

  mutating func value() throws -> JSON {
    skipWhitespace()
    guard index < bytes.count else { throw error("unexpected end") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): try literal("true"); return .bool(true)
    case UInt8(ascii: "f"): try literal("false"); return .bool(false)
    case UInt8(ascii: "n"): try literal("null"); return .null
    default: return try number()
    }
  }

  mutating func literal(_ word: String) throws {
    let expected = Array(word.utf8)
    guard bytes.count - index >= expected.count,
      Array(bytes[index..<index + expected.count]) == expected
    else { throw error("expected \(word)") }
    index += expected.count
  }

  mutating func object() throws -> JSON {
    index += 1
    var members: [(key: String, value: JSON)] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error("expected a key")
      }
      let key = try string()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("expected ':'")
      }
      index += 1
      members.append((key, try value()))
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      } else {
        throw error("expected ',' or '}'")
      }
    }
  }

  mutating func array() throws -> JSON {
    index += 1
    var values: [JSON] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(values)
    }
    while true {
      values.append(try value())
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(values)
      } else {
        throw error("expected ',' or ']'")
      }
    }
  }

  mutating func number() throws -> JSON {
    let start = index
    let allowed = Array("+-0123456789.eE".utf8)
    while index < bytes.count, allowed.contains(bytes[index]) { index += 1 }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard !text.isEmpty, Double(text) != nil else { throw error("expected a value") }
    return .number(text)
  }

  mutating func string() throws -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    var run: [UInt8] = []
    func flushRun() throws {
      guard !run.isEmpty else { return }
      guard let text = String(validating: run, as: UTF8.self) else {
        throw error("invalid UTF-8")
      }
      scalars.append(contentsOf: text.unicodeScalars)
      run = []
    }
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        try flushRun()
        return String(scalars)
      case UInt8(ascii: "\\"):
        try flushRun()
        guard index < bytes.count else { throw error("unexpected end") }
        let escaped = bytes[index]
        index += 1
        switch escaped {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          var code = try hex4()
          if (0xD800..<0xDC00).contains(code) {
            try literal("\\u")
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("lone surrogate") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else { throw error("lone surrogate") }
          scalars.append(scalar)
        default:
          throw error("bad escape")
        }
      case 0..<0x20:
        throw error("raw control character in a string")
      default:
        run.append(byte)
      }
    }
    throw error("unterminated string")
  }

  mutating func hex4() throws -> UInt32 {
    guard bytes.count - index >= 4,
      let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
    else { throw error("bad \\u escape") }
    index += 4
    return value
  }
}
