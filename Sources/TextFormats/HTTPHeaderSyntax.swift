/// What a request header `Name: value` may hold, checked in one place for `lists` (which gathers
/// headers) and for the sync library (which sends them).
package enum HTTPHeaderSyntax {
  /// Whether `name` is a non-empty HTTP token (RFC 9110 `tchar`s).
  package static func isName(_ name: some StringProtocol) -> Bool {
    !name.isEmpty && name.utf8.allSatisfy(isTokenByte)
  }

  /// Whether a value (already trimmed) holds no control character but tab.
  package static func isValue(_ value: some StringProtocol) -> Bool {
    value.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }
  }

  /// `text` without leading and trailing spaces and tabs.
  package static func trimmed(_ text: some StringProtocol) -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = text.firstIndex(where: { !isSpace($0) }),
      let last = text.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(text[first...last])
  }

  /// Splits `Name: value` at its first colon, the value trimmed; nil when the line has no
  /// colon, the name is not a token, or the value holds a control character.
  package static func split(_ line: some StringProtocol) -> (name: String, value: String)? {
    guard let colon = line.firstIndex(of: ":") else { return nil }
    let name = line[..<colon]
    let value = trimmed(line[line.index(after: colon)...])
    guard isName(name), isValue(value) else { return nil }
    return (String(name), value)
  }

  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }
}
