import ListStore

/// A second implementation of the cursor format, written from its documentation, to fuzz the
/// store's decoder against.
///
/// A token is URL-safe base64 without padding, strict (RFC 4648 §5: no other character, zero
/// leftover bits) of: version `1`, the list's tag (`f`, `a`, `o`), the key, then the 32-bit
/// FNV-1a, big-endian, of the account's UTF-8, a zero byte and everything before it. The key is
/// two big-endian `Int64`s (time, id) for favorites and orders; for addresses the default mark
/// (0 or 1), the id and the label, which must be UTF-8.
enum ReferenceCursor {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// The key bytes `token` carries for `list` and `account`, or nil when it is not a cursor of
  /// theirs.
  static func decode(_ token: String, list: KindName, account: String) -> [UInt8]? {
    guard let bytes = bytes(of: token), bytes.count >= 6 else { return nil }
    let body = Array(bytes.dropLast(4))
    let sum = bytes.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    guard body[0] == 1, body[1] == tag(list), sum == checksum(body, account: account) else {
      return nil
    }
    let key = Array(body.dropFirst(2))
    switch list {
    case .favorites, .orders:
      return key.count == 16 ? key : nil
    case .addresses:
      guard key.count >= 9, key[0] <= 1, String(validating: key[9...], as: UTF8.self) != nil
      else { return nil }
      return key
    default:
      return nil
    }
  }

  /// The token of `body` (version, tag and key) for `account`: checksum appended, base64url.
  static func seal(body: [UInt8], account: String) -> String {
    let sum = checksum(body, account: account)
    return spelling(of: body + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: sum >> $0) })
  }

  /// The decoded bytes of a strict base64url text, or nil.
  static func bytes(of token: String) -> [UInt8]? {
    var bits: UInt32 = 0
    var bitCount = 0
    var bytes: [UInt8] = []
    for character in token.utf8 {
      guard let value = alphabet.firstIndex(of: character) else { return nil }
      bits = bits << 6 | UInt32(value)
      bitCount += 6
      if bitCount >= 8 {
        bitCount -= 8
        bytes.append(UInt8(truncatingIfNeeded: bits >> UInt32(bitCount)))
        bits &= (1 << UInt32(bitCount)) - 1
      }
    }
    // 6 leftover bits means a lone last character; 2 or 4 must all be zero.
    guard bitCount < 6, bits == 0 else { return nil }
    return bytes
  }

  /// The one base64url spelling of `bytes`, without padding.
  static func spelling(of bytes: [UInt8]) -> String {
    var text: [UInt8] = []
    var bits: UInt32 = 0
    var bitCount = 0
    for byte in bytes {
      bits = bits << 8 | UInt32(byte)
      bitCount += 8
      while bitCount >= 6 {
        bitCount -= 6
        text.append(alphabet[Int(bits >> UInt32(bitCount) & 63)])
      }
      bits &= (1 << UInt32(bitCount)) - 1
    }
    if bitCount > 0 { text.append(alphabet[Int(bits << UInt32(6 - bitCount) & 63)]) }
    return String(decoding: text, as: UTF8.self)
  }

  /// Texts that decode, by a lenient decoder, to the same bytes as `token`: leftover bits set
  /// in the last character, `=` padding, or `+` and `/` in place of `-` and `_`.
  static func otherSpellings(of token: String) -> [String] {
    var variants: [String] = []
    let utf8 = Array(token.utf8)
    let leftoverBits = [0, 0, 4, 2][utf8.count % 4]
    if leftoverBits > 0, let last = utf8.last, let value = alphabet.firstIndex(of: last) {
      for extra in 1..<(1 << leftoverBits) {
        variants.append(
          String(decoding: utf8.dropLast() + [alphabet[value | extra]], as: UTF8.self))
      }
    }
    if utf8.count % 4 != 0 {
      variants.append(token + String(repeating: "=", count: 4 - utf8.count % 4))
    }
    if utf8.contains(UInt8(ascii: "-")) || utf8.contains(UInt8(ascii: "_")) {
      let standard = utf8.map { byte -> UInt8 in
        switch byte {
        case UInt8(ascii: "-"): UInt8(ascii: "+")
        case UInt8(ascii: "_"): UInt8(ascii: "/")
        default: byte
        }
      }
      variants.append(String(decoding: standard, as: UTF8.self))
    }
    return variants
  }

  static func tag(_ list: KindName) -> UInt8 {
    switch list {
    case .favorites: UInt8(ascii: "f")
    case .addresses: UInt8(ascii: "a")
    case .orders: UInt8(ascii: "o")
    default: preconditionFailure("the first release's cursors are of its three lists only")
    }
  }

  /// 32-bit FNV-1a of the account's UTF-8, a zero byte and `body`.
  static func checksum(_ body: [UInt8], account: String) -> UInt32 {
    var hash: UInt32 = 2_166_136_261
    for byte in Array(account.utf8) + [0] + body {
      hash = (hash ^ UInt32(byte)) &* 16_777_619
    }
    return hash
  }
}
