import Testing

@testable import ListsCLI
import TextFormats

@Suite struct JSONParserTests {
  struct Valid: Sendable, CustomTestStringConvertible {
    let input: String
    let value: JSONValue
    var testDescription: String { input }
  }

  struct Invalid: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let offset: Int
    let reason: String
    var testDescription: String { name }

    init(_ text: String, offset: Int, _ reason: String) {
      self.init(name: text, bytes: Array(text.utf8), offset: offset, reason)
    }

    init(name: String, bytes: [UInt8], offset: Int, _ reason: String) {
      self.name = name
      self.bytes = bytes
      self.offset = offset
      self.reason = reason
    }
  }

  static func object(_ members: [(String, JSONValue)]) -> JSONValue {
    .object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) }))
  }

  @Test(arguments: [
    Valid(input: "{}", value: object([])),
    Valid(input: "[]", value: .array([])),
    Valid(input: #""a""#, value: .string("a")),
    Valid(input: "0", value: .number("0")),
    Valid(input: "-0", value: .number("-0")),
    Valid(input: "19.99", value: .number("19.99")),
    Valid(input: "1E+10", value: .number("1E+10")),
    Valid(input: "-1.50e-3", value: .number("-1.50e-3")),
    Valid(
      input: "123456789012345678901234567890", value: .number("123456789012345678901234567890")),
    Valid(input: "true", value: .bool(true)),
    Valid(input: "false", value: .bool(false)),
    Valid(input: "null", value: .null),
    Valid(input: " \t\r\n{ \"a\" : 1 }\r\n ", value: object([("a", .number("1"))])),
    Valid(input: #""\"\\\/\b\f\n\r\t""#, value: .string("\"\\/\u{8}\u{C}\n\r\t")),
    Valid(input: #""\u00e9\u00E9""#, value: .string("éé")),
    Valid(input: #""\uD83D\uDE00""#, value: .string("😀")),
    Valid(input: #""\u0000""#, value: .string("\u{0}")),
    Valid(input: "\"é東😀\u{7F}\"", value: .string("é東😀\u{7F}")),
    Valid(input: #""a\u001bb""#, value: .string("a\u{1B}b")),
    Valid(
      input: #"{"b":[1,{"c":null}],"a":"x"}"#,
      value: object([
        ("b", .array([.number("1"), object([("c", .null)])])), ("a", .string("x")),
      ])),
    Valid(input: #"{"a":1,"A":2}"#, value: object([("a", .number("1")), ("A", .number("2"))])),
    Valid(
      input: String(repeating: "[", count: 64) + String(repeating: "]", count: 64),
      value: (0..<63).reduce(JSONValue.array([])) { inner, _ in .array([inner]) }),
  ])
  func acceptsValidJSON(_ testCase: Valid) throws {
    #expect(try JSONParser.parse(Array(testCase.input.utf8)) == testCase.value)
  }

  @Test(arguments: [
    Invalid("", offset: 0, "unexpected end of input"),
    Invalid("   ", offset: 3, "unexpected end of input"),
    Invalid(#"{"a":1,}"#, offset: 7, "expected a string key, found character '}'"),
    Invalid(#"{"a" 1}"#, offset: 5, "expected ':' after the key, found character '1'"),
    Invalid(#"{"a":1 "b":2}"#, offset: 7, "expected ',' or '}', found character '\"'"),
    Invalid("{'a':1}", offset: 1, "expected a string key, found character '''"),
    Invalid("{\"a\":1", offset: 6, "unexpected end of input"),
    Invalid("[1 2]", offset: 3, "expected ',' or ']', found character '2'"),
    Invalid("[1,]", offset: 3, "unexpected character ']'"),
    Invalid(#"{"a":1}x"#, offset: 7, "unexpected character 'x' after the value"),
    Invalid("1 2", offset: 2, "unexpected character '2' after the value"),
    Invalid(#"{"a":1,"a":2}"#, offset: 7, #"duplicate key "a""#),
    Invalid("01", offset: 1, "invalid number: leading zero"),
    Invalid("-01", offset: 2, "invalid number: leading zero"),
    Invalid("1.", offset: 2, "invalid number: expected a digit after '.'"),
    Invalid("1.e5", offset: 2, "invalid number: expected a digit after '.'"),
    Invalid("-", offset: 1, "invalid number: expected a digit"),
    Invalid("-a", offset: 1, "invalid number: expected a digit"),
    Invalid("1e", offset: 2, "invalid number: expected a digit in the exponent"),
    Invalid("1e+", offset: 3, "invalid number: expected a digit in the exponent"),
    Invalid("+1", offset: 0, "unexpected character '+'"),
    Invalid(".5", offset: 0, "unexpected character '.'"),
    Invalid("NaN", offset: 0, "unexpected character 'N'"),
    Invalid("tru", offset: 0, "invalid literal, expected 'true'"),
    Invalid("nul", offset: 0, "invalid literal, expected 'null'"),
    Invalid("// note", offset: 0, "unexpected character '/'"),
    Invalid(#""abc"#, offset: 4, "unexpected end of input in a string"),
    Invalid(#""a\x""#, offset: 2, #"invalid escape '\x'"#),
    Invalid(#""a\"#, offset: 3, "unexpected end of input in a string"),
    Invalid(#""\u12G4""#, offset: 1, #"invalid \u escape: expected 4 hex digits"#),
    Invalid(#""\u12""#, offset: 1, #"invalid \u escape: expected 4 hex digits"#),
    Invalid(#""\uD800""#, offset: 1, #"lone surrogate \uD800"#),
    Invalid(#""x\uD83D\u0041""#, offset: 2, #"lone surrogate \uD83D"#),
    Invalid(#""\uD83D\uD83D""#, offset: 1, #"lone surrogate \uD83D"#),
    Invalid(#""\uDE00""#, offset: 1, #"lone surrogate \uDE00"#),
    Invalid("\"a\nb\"", offset: 2, "unescaped control character U+000A in a string"),
    Invalid("\"\u{0}\"", offset: 1, "unescaped control character U+0000 in a string"),
    Invalid("\u{0}", offset: 0, "unexpected byte 0x00"),
    Invalid(
      String(repeating: "[", count: 65) + String(repeating: "]", count: 65), offset: 64,
      "nesting deeper than 64"),
    Invalid(
      String(repeating: #"{"a":"#, count: 65) + "1" + String(repeating: "}", count: 65),
      offset: 320, "nesting deeper than 64"),
    Invalid(
      name: "byte order mark", bytes: [0xEF, 0xBB, 0xBF, 0x7B, 0x7D], offset: 0,
      "unexpected byte 0xEF"),
    Invalid(
      name: "non-ASCII outside a string", bytes: [0x5B, 0xC3, 0xA9, 0x5D], offset: 1,
      "unexpected byte 0xC3"),
  ])
  func rejectsInvalidJSONWithAPosition(_ testCase: Invalid) {
    #expect(throws: JSONParseError(offset: testCase.offset, reason: testCase.reason)) {
      try JSONParser.parse(testCase.bytes)
    }
  }

  /// Invalid UTF-8 inside a string, at offset 5 of `{"a":"…"}`; the offset is the sequence's
  /// first byte.
  @Test(arguments: [
    Invalid(
      name: "stray continuation byte", bytes: [0x80], offset: 6,
      "invalid UTF-8: unexpected continuation byte 0x80"),
    Invalid(
      name: "overlong 2-byte '/'", bytes: [0xC0, 0xAF], offset: 6,
      "invalid UTF-8: overlong encoding"),
    Invalid(
      name: "overlong 2-byte with C1", bytes: [0xC1, 0xBF], offset: 6,
      "invalid UTF-8: overlong encoding"),
    Invalid(
      name: "overlong 3-byte '/'", bytes: [0xE0, 0x80, 0xAF], offset: 6,
      "invalid UTF-8: overlong encoding"),
    Invalid(
      name: "overlong 4-byte '/'", bytes: [0xF0, 0x80, 0x80, 0xAF], offset: 6,
      "invalid UTF-8: overlong encoding"),
    Invalid(
      name: "encoded high surrogate", bytes: [0xED, 0xA0, 0x80], offset: 6,
      "invalid UTF-8: encoded surrogate"),
    Invalid(
      name: "encoded low surrogate", bytes: [0xED, 0xBF, 0xBF], offset: 6,
      "invalid UTF-8: encoded surrogate"),
    Invalid(
      name: "above U+10FFFF", bytes: [0xF4, 0x90, 0x80, 0x80], offset: 6,
      "invalid UTF-8: code point above U+10FFFF"),
    Invalid(
      name: "F5 lead byte", bytes: [0xF5, 0x80, 0x80, 0x80], offset: 6,
      "invalid UTF-8: byte 0xF5 never appears in UTF-8"),
    Invalid(
      name: "FF byte", bytes: [0xFF], offset: 6,
      "invalid UTF-8: byte 0xFF never appears in UTF-8"),
    Invalid(
      name: "2-byte sequence cut by the quote", bytes: [0x61, 0xC3], offset: 7,
      "invalid UTF-8: truncated sequence"),
    Invalid(
      name: "3-byte sequence missing its last byte", bytes: [0xE2, 0x82, 0x41], offset: 6,
      "invalid UTF-8: truncated sequence"),
    Invalid(
      name: "4-byte sequence missing two bytes", bytes: [0xF0, 0x9F], offset: 6,
      "invalid UTF-8: truncated sequence"),
  ])
  func rejectsInvalidUTF8InStrings(_ testCase: Invalid) {
    let bytes = Array(#"{"a":""#.utf8) + testCase.bytes + Array(#""}"#.utf8)
    #expect(throws: JSONParseError(offset: testCase.offset, reason: testCase.reason)) {
      try JSONParser.parse(bytes)
    }
  }

  @Test func truncatedSequenceAtTheEndOfInput() {
    #expect(throws: JSONParseError(offset: 1, reason: "invalid UTF-8: truncated sequence")) {
      try JSONParser.parse([0x22, 0xE2, 0x82])
    }
  }

  @Test func validMultiByteCharactersOfEveryLength() throws {
    let text = "\u{80}\u{7FF}\u{800}\u{FFFF}\u{E000}\u{10000}\u{10FFFF}"
    #expect(try JSONParser.parse("\"" + text + "\"") == .string(text))
  }

  @Test func errorsKnowTheirColumn() {
    let error = JSONParseError(offset: 11, reason: "unexpected character 'x'")
    #expect(error.column == 12)
    #expect(error.description == "column 12: unexpected character 'x'")
  }

  @Test func sliceOffsetsCountFromTheSliceStart() {
    let bytes = Array(#"xx{"a":tru}"#.utf8)
    #expect(throws: JSONParseError(offset: 5, reason: "invalid literal, expected 'true'")) {
      try JSONParser.parse(bytes[2...])
    }
  }

  @Test func amountsStayExactText() throws {
    let value = try JSONParser.parse(#"{"total": 19.99, "total_minor": 1999, "id": 1.0}"#)
    let object = try #require(value.objectValue)
    #expect(object["total"]?.numberLiteral == "19.99")
    #expect(object["total_minor"]?.intValue == 1999)
    #expect(object["id"]?.intValue == nil)
    #expect(object["missing"] == nil)
    #expect(object.keys == ["total", "total_minor", "id"])
  }

  @Test func duplicateKeysAreFoundInLargeObjectsToo() {
    let members = (0..<40).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
    let text = "{" + members + #","k33":0}"#
    let offset = text.utf8.count - #""k33":0}"#.utf8.count
    #expect(throws: JSONParseError(offset: offset, reason: #"duplicate key "k33""#)) {
      try JSONParser.parse(text)
    }
  }

  @Test func duplicateKeysCompareUnescapedText() {
    #expect(throws: JSONParseError(offset: 8, reason: #"duplicate key "a""#)) {
      try JSONParser.parse(#"{"a":1, "\u0061":2}"#)
    }
  }
}
