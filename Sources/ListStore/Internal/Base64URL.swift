/// URL-safe base64 without padding (RFC 4648 §5), strict: any other character, or leftover bits
/// that are not zero, make decoding fail, so every token has exactly one spelling.
enum Base64URL {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count * 4 + 2) / 3)
    var index = 0
    while index + 3 <= bytes.count {
      let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
      out.append(alphabet[Int(n >> 18 & 63)])
      out.append(alphabet[Int(n >> 12 & 63)])
      out.append(alphabet[Int(n >> 6 & 63)])
      out.append(alphabet[Int(n & 63)])
      index += 3
    }
    let rest = bytes.count - index
    if rest == 1 {
      let n = UInt32(bytes[index]) << 16
      out.append(alphabet[Int(n >> 18 & 63)])
      out.append(alphabet[Int(n >> 12 & 63)])
    } else if rest == 2 {
      let n = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
      out.append(alphabet[Int(n >> 18 & 63)])
      out.append(alphabet[Int(n >> 12 & 63)])
      out.append(alphabet[Int(n >> 6 & 63)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  static func decode(_ text: String) -> [UInt8]? {
    var values: [UInt8] = []
    values.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(byte - UInt8(ascii: "A"))
      case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(byte - UInt8(ascii: "a") + 26)
      case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(byte - UInt8(ascii: "0") + 52)
      case UInt8(ascii: "-"): values.append(62)
      case UInt8(ascii: "_"): values.append(63)
      default: return nil
      }
    }
    if values.count % 4 == 1 { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(values.count * 3 / 4)
    var index = 0
    while index + 4 <= values.count {
      let n = UInt32(values[index]) << 18 | UInt32(values[index + 1]) << 12 | UInt32(values[index + 2]) << 6 | UInt32(values[index + 3])
      out.append(UInt8(truncatingIfNeeded: n >> 16))
      out.append(UInt8(truncatingIfNeeded: n >> 8))
      out.append(UInt8(truncatingIfNeeded: n))
      index += 4
    }
    let rest = values.count - index
    if rest == 2 {
      guard values[index + 1] & 0x0f == 0 else { return nil }
      out.append(values[index] << 2 | values[index + 1] >> 4)
    } else if rest == 3 {
      guard values[index + 2] & 0x03 == 0 else { return nil }
      let n = UInt32(values[index]) << 18 | UInt32(values[index + 1]) << 12 | UInt32(values[index + 2]) << 6
      out.append(UInt8(truncatingIfNeeded: n >> 16))
      out.append(UInt8(truncatingIfNeeded: n >> 8))
    }
    return out
  }
}
