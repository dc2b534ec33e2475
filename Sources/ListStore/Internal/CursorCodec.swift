/// The sort key a cursor carries, per list.
enum CursorKey: Equatable, Sendable {
  /// Favorites and orders: a time (`added_at` / `placed_at`) and the row id.
  case time(Int64, id: Int64)
  /// Addresses: the default mark, the label and the row id.
  case address(isDefault: Bool, label: String, id: Int64)
}

/// Encodes and decodes cursor tokens.
///
/// Layout before base64url: version (1 byte, 1), list tag (1 byte), the key (two big-endian
/// Int64s; or the default mark byte, the id and the label's UTF-8), then a 32-bit FNV-1a checksum
/// over the account's UTF-8, a zero byte and everything before it. The checksum binds the
/// cursor to its list and account and catches hand edits; it is not a secret.
///
/// A cursor is made and read once per page, so both directions work in one temporary buffer.
enum CursorCodec {
  private static let version: UInt8 = 1

  /// The cursor of `key` for `list` and `account`; its token is spelled only when asked for.
  static func encode(_ key: CursorKey, list: ListKind, account: String) -> ListCursor {
    ListCursor(key: key, list: list, account: account)
  }

  /// The token of `key` for `list` and `account`.
  static func token(_ key: CursorKey, list: ListKind, account: String) -> String {
    let payload: Int
    switch key {
    case .time: payload = 16
    case .address(_, let label, _): payload = 9 + label.utf8.count
    }
    let count = 2 + payload + 4
    let token = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { bytes in
      bytes[0] = version
      bytes[1] = tag(list)
      switch key {
      case .time(let time, let id):
        store(time, in: bytes, at: 2)
        store(id, in: bytes, at: 10)
      case .address(let isDefault, let label, let id):
        bytes[2] = isDefault ? 1 : 0
        store(id, in: bytes, at: 3)
        var offset = 11
        for byte in label.utf8 {
          bytes[offset] = byte
          offset += 1
        }
      }
      let body = UnsafeBufferPointer(rebasing: bytes[..<(count - 4)])
      let sum = checksum(body, account: account)
      for slot in 0..<4 { bytes[count - 4 + slot] = UInt8(truncatingIfNeeded: sum >> (24 - 8 * UInt32(slot))) }
      return Base64URL.encode(UnsafeBufferPointer(bytes))
    }
    return token
  }

  static func decode(_ cursor: ListCursor, list: ListKind, account: String) throws(ListStoreError) -> CursorKey {
    // A cursor this store made for the same list and account needs no token round trip.
    if case .made(let key, let made, let madeFor) = cursor.storage, made == list,
      madeFor == account
    {
      return key
    }
    var token = cursor.token
    let key: CursorKey? = token.withUTF8 { text in
      guard let count = Base64URL.decodedCount(text.count), count >= 2 + 4 else { return nil }
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { bytes -> CursorKey? in
        guard Base64URL.decode(text, into: bytes), bytes[0] == version, bytes[1] == tag(list) else {
          return nil
        }
        let body = UnsafeBufferPointer(rebasing: bytes[..<(count - 4)])
        var stored: UInt32 = 0
        for byte in bytes[(count - 4)...] { stored = stored << 8 | UInt32(byte) }
        guard stored == checksum(body, account: account) else { return nil }
        if list == .addresses {
          guard body.count >= 2 + 1 + 8, body[2] <= 1,
            let label = String(validating: body[11...], as: UTF8.self)
          else { return nil }
          return .address(isDefault: body[2] == 1, label: label, id: load(body, at: 3))
        }
        guard body.count == 2 + 16 else { return nil }
        return .time(load(body, at: 2), id: load(body, at: 10))
      }
    }
    guard let key else { throw .invalidCursor(list: list) }
    return key
  }

  /// The first letter of the list's name: `f`, `a`, `o` for the built-in lists this codec serves.
  private static func tag(_ list: ListKind) -> UInt8 {
    list.rawValue.utf8.first ?? 0
  }

  private static func store(_ value: Int64, in bytes: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
    let bits = UInt64(bitPattern: value)
    for slot in 0..<8 { bytes[offset + slot] = UInt8(truncatingIfNeeded: bits >> (56 - 8 * UInt64(slot))) }
  }

  private static func load(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int64 {
    var bits: UInt64 = 0
    for slot in 0..<8 { bits = bits << 8 | UInt64(bytes[offset + slot]) }
    return Int64(bitPattern: bits)
  }

  private static func checksum(_ bytes: UnsafeBufferPointer<UInt8>, account: String) -> UInt32 {
    var hash: UInt32 = 0x811c_9dc5
    for byte in account.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
    hash = (hash ^ 0) &* 0x0100_0193
    for byte in bytes { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
    return hash
  }
}
