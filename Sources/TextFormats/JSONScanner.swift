/// The recursive-descent machinery of ``JSONParser`` over a byte buffer.
struct JSONScanner {
  private let input: UnsafeBufferPointer<UInt8>
  private let maximumDepth: Int
  private var position = 0
  /// Reused storage for strings with escapes.
  private var scratch: [UInt8] = []

  init(input: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
    self.input = input
    self.maximumDepth = maximumDepth
  }

  mutating func parseDocument() throws(JSONParseError) -> JSONValue {
    skipWhitespace()
    let value = try parseValue(depth: 0)
    skipWhitespace()
    if position < input.count {
      throw failure("unexpected \(describe(input[position])) after the value")
    }
    return value
  }

  // MARK: Values

  private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
    guard position < input.count else { throw failure("unexpected end of input") }
    switch input[position] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try parseNumber())
    case let byte:
      throw failure("unexpected \(describe(byte))")
    }
  }

  private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
    if depth > maximumDepth { throw failure("nesting deeper than \(maximumDepth)") }
    position += 1
    var members: [JSONObject.Member] = []
    var keys = Set<String>()
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      position += 1
      return .object(JSONObject(members))
    }
    while true {
      guard let byte = peek() else { throw failure("unexpected end of input") }
      guard byte == UInt8(ascii: "\"") else {
        throw failure("expected a string key, found \(describe(byte))")
      }
      let keyOffset = position
      let key = try parseString()
      if members.count < 16 ? members.contains(where: { $0.key == key }) : keys.contains(key) {
        throw JSONParseError(
          offset: keyOffset, reason: "duplicate key \"\(TerminalEscaping.escape(key))\"")
      }
      if members.count >= 15 {
        if keys.isEmpty { keys = Set(members.map(\.key)) }
        keys.insert(key)
      }
      skipWhitespace()
      try expect(UInt8(ascii: ":"), "expected ':' after the key")
      skipWhitespace()
      let value = try parseValue(depth: depth)
      members.append(JSONObject.Member(key: key, value: value))
      skipWhitespace()
      guard let next = peek() else { throw failure("unexpected end of input") }
      position += 1
      if next == UInt8(ascii: "}") { return .object(JSONObject(members)) }
      guard next == UInt8(ascii: ",") else {
        position -= 1
        throw failure("expected ',' or '}', found \(describe(next))")
      }
      skipWhitespace()
    }
  }

  private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
    if depth > maximumDepth { throw failure("nesting deeper than \(maximumDepth)") }
    position += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      position += 1
      return .array(elements)
    }
    while true {
      elements.append(try parseValue(depth: depth))
      skipWhitespace()
      guard let next = peek() else { throw failure("unexpected end of input") }
      position += 1
      if next == UInt8(ascii: "]") { return .array(elements) }
      guard next == UInt8(ascii: ",") else {
        position -= 1
        throw failure("expected ',' or ']', found \(describe(next))")
      }
      skipWhitespace()
    }
  }

  // MARK: Numbers

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, returned as its text.
  private mutating func parseNumber() throws(JSONParseError) -> String {
    let start = position
    if peek() == UInt8(ascii: "-") { position += 1 }
    guard let first = peek(), isDigit(first) else {
      throw failure("invalid number: expected a digit")
    }
    position += 1
    if first == UInt8(ascii: "0"), let next = peek(), isDigit(next) {
      throw failure("invalid number: leading zero")
    }
    skipDigits()
    if peek() == UInt8(ascii: ".") {
      position += 1
      guard let next = peek(), isDigit(next) else {
        throw failure("invalid number: expected a digit after '.'")
      }
      skipDigits()
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      position += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
      guard let next = peek(), isDigit(next) else {
        throw failure("invalid number: expected a digit in the exponent")
      }
      skipDigits()
    }
    return String(decoding: UnsafeBufferPointer(rebasing: input[start..<position]), as: UTF8.self)
  }

  private mutating func skipDigits() {
    while let byte = peek(), isDigit(byte) { position += 1 }
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  // MARK: Strings

  /// A string starting at its opening quote; escapes decoded, UTF-8 validated.
  private mutating func parseString() throws(JSONParseError) -> String {
    position += 1
    let start = position
    var runStart = position
    var hasEscapes = false
    scratch.removeAll(keepingCapacity: true)
    while true {
      guard position < input.count else { throw failure("unexpected end of input in a string") }
      let byte = input[position]
      if byte == UInt8(ascii: "\"") {
        defer { position += 1 }
        if !hasEscapes { return decode(start..<position) }
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<position]))
        return String(decoding: scratch, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") {
        hasEscapes = true
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<position]))
        try parseEscape()
        runStart = position
      } else if byte < 0x20 {
        throw failure("unescaped control character \(hex4(UInt32(byte))) in a string")
      } else if byte < 0x80 {
        position += 1
      } else {
        try skipUTF8Sequence()
      }
    }
  }

  /// One escape starting at its backslash, appended to `scratch` as UTF-8.
  private mutating func parseEscape() throws(JSONParseError) {
    let escapeStart = position
    position += 1
    guard let byte = peek() else { throw failure("unexpected end of input in a string") }
    let simple: UInt8?
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = byte
    case UInt8(ascii: "b"): simple = 0x08
    case UInt8(ascii: "f"): simple = 0x0C
    case UInt8(ascii: "n"): simple = 0x0A
    case UInt8(ascii: "r"): simple = 0x0D
    case UInt8(ascii: "t"): simple = 0x09
    case UInt8(ascii: "u"): simple = nil
    default:
      position = escapeStart
      throw failure("invalid escape '\\\(describeRaw(byte))'")
    }
    if let simple {
      scratch.append(simple)
      position += 1
      return
    }
    position = escapeStart
    let unit = try readUnicodeEscape()
    var scalarValue = unit
    if unit >= 0xD800 && unit <= 0xDBFF {
      guard peek() == UInt8(ascii: "\\"), peek(at: 1) == UInt8(ascii: "u") else {
        throw JSONParseError(offset: escapeStart, reason: "lone surrogate \\u\(hex(unit))")
      }
      let low = try readUnicodeEscape()
      guard low >= 0xDC00 && low <= 0xDFFF else {
        throw JSONParseError(offset: escapeStart, reason: "lone surrogate \\u\(hex(unit))")
      }
      scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
    } else if unit >= 0xDC00 && unit <= 0xDFFF {
      throw JSONParseError(offset: escapeStart, reason: "lone surrogate \\u\(hex(unit))")
    }
    let scalar = Unicode.Scalar(scalarValue)!
    scratch.append(contentsOf: UTF8.encode(scalar)!)
  }

  /// `\uXXXX` at `position`, returning the code unit and moving past it.
  private mutating func readUnicodeEscape() throws(JSONParseError) -> UInt32 {
    let start = position
    position += 2
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek(), let digit = hexValue(byte) else {
        position = start
        throw failure("invalid \\u escape: expected 4 hex digits")
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }

  /// Checks the multi-byte UTF-8 sequence at `position` and moves past it.
  private mutating func skipUTF8Sequence() throws(JSONParseError) {
    let lead = input[position]
    let length: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0x80...0xBF: throw failure("invalid UTF-8: unexpected continuation byte \(hex2(lead))")
    case 0xC0, 0xC1: throw failure("invalid UTF-8: overlong encoding")
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      secondRange = 0xA0...0xBF
    case 0xED:
      length = 3
      secondRange = 0x80...0x9F
    case 0xE1...0xEF: length = 3
    case 0xF0:
      length = 4
      secondRange = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      secondRange = 0x80...0x8F
    default: throw failure("invalid UTF-8: byte \(hex2(lead)) never appears in UTF-8")
    }
    guard let second = peek(at: 1), (0x80...0xBF).contains(second) else {
      throw failure("invalid UTF-8: truncated sequence")
    }
    if !secondRange.contains(second) {
      switch lead {
      case 0xED: throw failure("invalid UTF-8: encoded surrogate")
      case 0xF4: throw failure("invalid UTF-8: code point above U+10FFFF")
      default: throw failure("invalid UTF-8: overlong encoding")
      }
    }
    for index in 2..<length {
      guard let next = peek(at: index), (0x80...0xBF).contains(next) else {
        throw failure("invalid UTF-8: truncated sequence")
      }
    }
    position += length
  }

  private func decode(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: input[range]), as: UTF8.self)
  }

  // MARK: Helpers

  private mutating func expectLiteral(_ word: StaticString) throws(JSONParseError) {
    let count = word.utf8CodeUnitCount
    let matches = word.withUTF8Buffer { expected in
      (0..<count).allSatisfy { peek(at: $0) == expected[$0] }
    }
    guard matches else { throw failure("invalid literal, expected '\(word)'") }
    position += count
  }

  private mutating func expect(_ byte: UInt8, _ reason: String) throws(JSONParseError) {
    guard let next = peek() else { throw failure("unexpected end of input") }
    guard next == byte else { throw failure(reason + ", found \(describe(next))") }
    position += 1
  }

  private mutating func skipWhitespace() {
    while let byte = peek(),
      byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    {
      position += 1
    }
  }

  private func peek(at offset: Int = 0) -> UInt8? {
    let index = position + offset
    return index < input.count ? input[index] : nil
  }

  private func failure(_ reason: String) -> JSONParseError {
    JSONParseError(offset: position, reason: reason)
  }

  private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// `character 'x'` for printable ASCII, `byte 0xC3` otherwise.
  private func describe(_ byte: UInt8) -> String {
    if byte >= 0x21 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
    return "byte \(hex2(byte))"
  }

  private func describeRaw(_ byte: UInt8) -> String {
    byte >= 0x21 && byte < 0x7F ? String(Character(Unicode.Scalar(byte))) : hex2(byte)
  }

  private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  private func hex2(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count < 2 ? "0" + digits : digits)
  }

  private func hex4(_ value: UInt32) -> String { "U+" + hex(value) }
}
