/// URL-safe base64 without padding (section 5 of RFC 4648), strict: any other character, or leftover bits
/// that are not zero, make decoding fail, so every token has exactly one spelling.
///
/// Both directions work on buffers, without intermediate arrays: a cursor is encoded and decoded
/// once per page.
enum Base64URL {
  private static let alphabet: StaticString =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

  /// The text of `bytes`.
  static func encode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    let length = (bytes.count * 4 + 2) / 3
    return String(unsafeUninitializedCapacity: length) { out in
      let symbols = UnsafeBufferPointer(start: alphabet.utf8Start, count: 64)
      var written = 0
      var index = 0
      while index < bytes.count {
        let rest = bytes.count - index
        var n = UInt32(bytes[index]) << 16
        if rest > 1 { n |= UInt32(bytes[index + 1]) << 8 }
        if rest > 2 { n |= UInt32(bytes[index + 2]) }
        let produced = rest >= 3 ? 4 : rest + 1
        for slot in 0..<produced {
          out[written] = symbols[Int(n >> (18 - 6 * UInt32(slot)) & 63)]
          written += 1
        }
        index += 3
      }
      return written
    }
  }

  /// The text of `bytes`.
  static func encode(_ bytes: [UInt8]) -> String {
    bytes.withUnsafeBufferPointer { encode($0) }
  }

  /// The number of bytes a text of `count` symbols decodes to, or nil when no text has that
  /// length.
  static func decodedCount(_ count: Int) -> Int? {
    count % 4 == 1 ? nil : count / 4 * 3 + max(count % 4 - 1, 0)
  }

  /// Decodes `text` into `out`, which holds ``decodedCount(_:)`` bytes. False when the text is
  /// not strict base64url.
  static func decode(_ text: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Bool {
    guard decodedCount(text.count) == out.count else { return false }
    var written = 0
    var index = 0
    while index < text.count {
      let rest = min(4, text.count - index)
      var n: UInt32 = 0
      for slot in 0..<rest {
        guard let value = value(of: text[index + slot]) else { return false }
        n |= UInt32(value) << (18 - 6 * UInt32(slot))
      }
      let produced = rest - 1
      // Bits past the last byte must be zero: one spelling per token.
      if rest < 4 && n & (0xFF_FFFF >> (8 * UInt32(produced))) != 0 { return false }
      for slot in 0..<produced {
        out[written] = UInt8(truncatingIfNeeded: n >> (16 - 8 * UInt32(slot)))
        written += 1
      }
      index += 4
    }
    return written == out.count
  }

  @inline(__always)
  private static func value(of symbol: UInt8) -> UInt8? {
    switch symbol {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): symbol - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): symbol - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): symbol - UInt8(ascii: "0") + 52
    case UInt8(ascii: "-"): 62
    case UInt8(ascii: "_"): 63
    default: nil
    }
  }
}
