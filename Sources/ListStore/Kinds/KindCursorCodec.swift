/// One value of a cursor's sort key: the last item's value of one order term.
@usableFromInline
enum CursorValue: Sendable, Hashable {
  /// An integer, timestamp or id.
  case integer(Int64)
  /// A bool.
  case bool(Bool)
  /// A text or enum value.
  case text(String)

  /// How a term of `definition`'s order is stored in a cursor.
  enum Kind: Sendable, Hashable {
    case integer, bool, text
  }

  var kind: Kind {
    switch self {
    case .integer: .integer
    case .bool: .bool
    case .text: .text
    }
  }
}

extension KindDefinition {
  /// The cursor value kind of each term of the effective order.
  var cursorValueKinds: [CursorValue.Kind] {
    effectiveOrder.map { term in
      // The implicit `id` and `added_at` are integers.
      field(named: term.field)?.type.rules.cursorKind ?? .integer
    }
  }
}

/// Encodes and decodes the cursor tokens of any kind.
///
/// Layout before base64url: version (1 byte, 1), the kind's tag (1 byte), the key, then a 32-bit
/// FNV-1a checksum over the account's UTF-8, a zero byte, (for a kind of the file's user, its
/// name and a zero byte), (for a page of a search or filters, the query's identity and a zero
/// byte) and everything before it. The key holds the last item's values of the
/// order's terms: first the fixed-size ones in term order (integers and times as 8 bytes
/// big-endian, bools as one byte), then the id, then the texts, each but the last with a 4-byte
/// length before it. The checksum binds the cursor to its kind and account and catches hand
/// edits; it is not a secret. It binds a cursor to its query too: a cursor of `--search dune`
/// is refused by a page of another search, of filters, or of the whole list.
///
/// The built-in lists have tags of their own (`f`, `a`, `o`) and no name in the checksum: this
/// is the layout of the first release's cursors, which therefore keep working.
enum KindCursorCodec {
  private static let version: UInt8 = 1
  private static let builtInTags: [String: UInt8] = [
    "favorites": UInt8(ascii: "f"), "addresses": UInt8(ascii: "a"), "orders": UInt8(ascii: "o"),
  ]
  private static let kindTag = UInt8(ascii: "k")

  /// The token of `values` (one per term of the kind's effective order, `id` last).
  static func token(_ values: [CursorValue], kind: String, account: String, query: String = "") -> String {
    var bytes: [UInt8] = [version, builtInTags[kind] ?? kindTag]
    let id = values.last
    for value in values.dropLast() {
      switch value {
      case .integer(let number): append(number, to: &bytes)
      case .bool(let flag): bytes.append(flag ? 1 : 0)
      case .text: break
      }
    }
    if case .integer(let number)? = id { append(number, to: &bytes)}
    let texts = values.dropLast().compactMap { value -> String? in
      if case .text(let text) = value { return text }
      return nil
    }
    for (index, text) in texts.enumerated() {
      if index < texts.count - 1 { append(UInt32(text.utf8.count), to: &bytes) }
      bytes += text.utf8
    }
    let sum = checksum(bytes, kind: kind, account: account, query: query)
    for slot in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: sum >> (24 - 8 * UInt32(slot)))) }
    return bytes.withUnsafeBufferPointer { Base64URL.encode($0) }
  }

  /// The values `token` holds, if it is a cursor of `kind` (whose terms are of `kinds`) for
  /// `account`; nil for anything else.
  static func values(
    of token: String, kinds: [CursorValue.Kind], kind: String, account: String, query: String = ""
  ) -> [CursorValue]? {
    checkedBody(of: token, kind: kind, account: account, query: query).flatMap { decode($0, kinds: kinds) }
  }

  /// Whether `token` is a cursor of `kind` for `account` (of a page of the whole list): read
  /// whole when the kinds of its terms are given, else checked by its version, tag and checksum.
  static func isToken(_ token: String, kinds: [CursorValue.Kind]?, kind: String, account: String) -> Bool {
    if let kinds { return values(of: token, kinds: kinds, kind: kind, account: account) != nil }
    return checkedBody(of: token, kind: kind, account: account, query: "").map { $0.count >= 2 + 8 } ?? false
  }

  /// The bytes of `token` before its checksum, when its version, its kind's tag and its
  /// checksum (over `account` and `query`) are right; nil for anything else.
  private static func checkedBody(of token: String, kind: String, account: String, query: String) -> [UInt8]? {
    var token = token
    return token.withUTF8 { text -> [UInt8]? in
      guard let count = Base64URL.decodedCount(text.count), count >= 2 + 4 else { return nil }
      var bytes = [UInt8](repeating: 0, count: count)
      let decoded = bytes.withUnsafeMutableBufferPointer { Base64URL.decode(text, into: $0) }
      guard decoded, bytes[0] == version, bytes[1] == builtInTags[kind] ?? kindTag else { return nil }
      let body = Array(bytes[..<(count - 4)])
      var stored: UInt32 = 0
      for byte in bytes[(count - 4)...] { stored = stored << 8 | UInt32(byte) }
      return stored == checksum(body, kind: kind, account: account, query: query) ? body : nil
    }
  }

  private static func decode(_ body: [UInt8], kinds: [CursorValue.Kind]) -> [CursorValue]? {
    var offset = 2
    var values = [CursorValue?](repeating: nil, count: kinds.count)
    func take(_ count: Int) -> ArraySlice<UInt8>? {
      guard count >= 0, offset + count <= body.count else { return nil }
      defer { offset += count }
      return body[offset..<(offset + count)]
    }
    for (index, kind) in kinds.dropLast().enumerated() {
      switch kind {
      case .integer:
        guard let bytes = take(8) else { return nil }
        values[index] = .integer(load(bytes))
      case .bool:
        guard let bytes = take(1), let byte = bytes.first, byte <= 1 else { return nil }
        values[index] = .bool(byte == 1)
      case .text:
        break
      }
    }
    guard kinds.last == .integer, let id = take(8) else { return nil }
    values[kinds.count - 1] = .integer(load(id))
    let textIndexes = kinds.indices.dropLast().filter { kinds[$0] == .text }
    for (position, index) in textIndexes.enumerated() {
      let length: Int
      if position < textIndexes.count - 1 {
        guard let prefix = take(4) else { return nil }
        length = Int(prefix.reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
      } else {
        length = body.count - offset
      }
      guard let bytes = take(length), let text = String(validating: bytes, as: UTF8.self) else { return nil }
      values[index] = .text(text)
    }
    guard offset == body.count else { return nil }
    return values.compactMap { $0 }
  }

  private static func append(_ value: Int64, to bytes: inout [UInt8]) {
    let bits = UInt64(bitPattern: value)
    for slot in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: bits >> (56 - 8 * UInt64(slot)))) }
  }

  private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
    for slot in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(slot)))) }
  }

  private static func load(_ bytes: ArraySlice<UInt8>) -> Int64 {
    Int64(bitPattern: bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
  }

  private static func checksum(_ bytes: [UInt8], kind: String, account: String, query: String) -> UInt32 {
    var hash: UInt32 = 0x811c_9dc5
    func mix(_ byte: UInt8) { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
    for byte in account.utf8 { mix(byte) }
    mix(0)
    if builtInTags[kind] == nil {
      for byte in kind.utf8 { mix(byte) }
      mix(0)
    }
    if !query.isEmpty {
      for byte in query.utf8 { mix(byte) }
      mix(0)
    }
    for byte in bytes { mix(byte) }
    return hash
  }
}
