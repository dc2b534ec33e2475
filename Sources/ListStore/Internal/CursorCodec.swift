/// The sort key a cursor carries, per list.
enum CursorKey: Equatable {
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
enum CursorCodec {
  private static let version: UInt8 = 1

  static func encode(_ key: CursorKey, list: ListKind, account: String) -> ListCursor {
    var bytes: [UInt8] = [version, tag(list)]
    switch key {
    case .time(let time, let id):
      append(time, to: &bytes)
      append(id, to: &bytes)
    case .address(let isDefault, let label, let id):
      bytes.append(isDefault ? 1 : 0)
      append(id, to: &bytes)
      bytes.append(contentsOf: label.utf8)
    }
    let sum = checksum(bytes[...], account: account)
    for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: sum >> UInt32(shift))) }
    return ListCursor(Base64URL.encode(bytes))
  }

  static func decode(_ cursor: ListCursor, list: ListKind, account: String) throws(ListStoreError) -> CursorKey {
    guard let bytes = Base64URL.decode(cursor.token), bytes.count >= 2 + 4,
      bytes[0] == version, bytes[1] == tag(list)
    else { throw .invalidCursor(list: list) }
    let body = bytes[..<(bytes.count - 4)]
    var stored: UInt32 = 0
    for byte in bytes[(bytes.count - 4)...] { stored = stored << 8 | UInt32(byte) }
    guard stored == checksum(body, account: account) else { throw .invalidCursor(list: list) }
    switch list {
    case .favorites, .orders:
      guard body.count == 2 + 16 else { throw .invalidCursor(list: list) }
      return .time(readInt64(body, at: 2), id: readInt64(body, at: 10))
    case .addresses:
      guard body.count >= 2 + 1 + 8, body[2] <= 1 else { throw .invalidCursor(list: list) }
      guard let label = String(validating: body[11...], as: UTF8.self) else {
        throw .invalidCursor(list: list)
      }
      return .address(isDefault: body[2] == 1, label: label, id: readInt64(body, at: 3))
    }
  }

  private static func tag(_ list: ListKind) -> UInt8 {
    switch list {
    case .favorites: UInt8(ascii: "f")
    case .addresses: UInt8(ascii: "a")
    case .orders: UInt8(ascii: "o")
    }
  }

  private static func append(_ value: Int64, to bytes: inout [UInt8]) {
    let bits = UInt64(bitPattern: value)
    for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
  }

  private static func readInt64(_ bytes: ArraySlice<UInt8>, at offset: Int) -> Int64 {
    var bits: UInt64 = 0
    let start = bytes.startIndex + offset
    for byte in bytes[start..<(start + 8)] { bits = bits << 8 | UInt64(byte) }
    return Int64(bitPattern: bits)
  }

  private static func checksum(_ bytes: ArraySlice<UInt8>, account: String) -> UInt32 {
    var hash: UInt32 = 0x811c_9dc5
    func mix(_ byte: UInt8) {
      hash ^= UInt32(byte)
      hash = hash &* 0x0100_0193
    }
    for byte in account.utf8 { mix(byte) }
    mix(0)
    for byte in bytes { mix(byte) }
    return hash
  }
}
