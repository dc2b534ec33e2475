/// The string values of one key in JSON text, decoded byte for byte.
///
/// Foundation's JSON parser is not used to check verbatim round trips: it is not byte-exact on
/// every platform (a U+FEFF may be dropped). This reads the values of `"key":"..."` in the order
/// they appear, undoing JSON escapes and keeping every other byte as it is. A raw `"key":"`
/// cannot occur inside a string value, whose quotes are escaped.
func jsonStrings(_ key: String, in text: String) -> [[UInt8]] {
  let bytes = Array(text.utf8)
  let marker = Array("\"\(key)\":\"".utf8)
  var values: [[UInt8]] = []
  var index = 0
  while index + marker.count <= bytes.count {
    guard bytes[index] == marker[0], bytes[index..<(index + marker.count)].elementsEqual(marker)
    else {
      index += 1
      continue
    }
    index += marker.count
    var value: [UInt8] = []
    while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
      if bytes[index] == UInt8(ascii: "\\") && index + 1 < bytes.count {
        let escape = bytes[index + 1]
        index += 2
        switch escape {
        case UInt8(ascii: "n"): value.append(0x0A)
        case UInt8(ascii: "r"): value.append(0x0D)
        case UInt8(ascii: "t"): value.append(0x09)
        case UInt8(ascii: "b"): value.append(0x08)
        case UInt8(ascii: "f"): value.append(0x0C)
        case UInt8(ascii: "u"):
          var scalar = hexValue(bytes, at: index)
          index += 4
          if (0xD800..<0xDC00).contains(scalar) && index + 6 <= bytes.count
            && bytes[index] == UInt8(ascii: "\\") && bytes[index + 1] == UInt8(ascii: "u")
          {
            let low = hexValue(bytes, at: index + 2)
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            index += 6
          }
          value += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
        default: value.append(escape)
        }
      } else {
        value.append(bytes[index])
        index += 1
      }
    }
    values.append(value)
    index += 1
  }
  return values
}

private func hexValue(_ bytes: [UInt8], at index: Int) -> UInt32 {
  guard index + 4 <= bytes.count else { return 0xFFFD }
  return UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16) ?? 0xFFFD
}

/// `text` as a JSON string literal: quotes, backslashes and control characters escaped, every
/// other character as its UTF-8 bytes.
func jsonQuoted(_ text: String) -> String {
  var quoted = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": quoted += "\\\""
    case "\\": quoted += "\\\\"
    case "\n": quoted += "\\n"
    case "\r": quoted += "\\r"
    case "\t": quoted += "\\t"
    case _ where scalar.value < 0x20:
      let hex = String(scalar.value, radix: 16)
      quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: quoted.unicodeScalars.append(scalar)
    }
  }
  return quoted + "\""
}
