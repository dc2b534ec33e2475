import FuzzSupport
import ListStore

/// What must hold for the cursor decoder on any token.
///
/// Input layout: byte 0 picks the list (`byte % 3`) and, with its bit 7, the mode; the bytes up
/// to the next zero byte are the account; the rest is the payload. In raw mode the payload is
/// the token's text. In sealed mode it is a cursor's body (version, list tag, key) that gets the
/// right checksum and a canonical base64url spelling first, so the fuzzer reaches the checks
/// behind the checksum instead of stopping at it.
///
/// The store's decoder must agree with ``ReferenceCursor`` on every list and account; a token it
/// accepts is the one spelling of its bytes; in sealed mode, the other spellings of the same
/// bytes (leftover bits set, `=` padding, the `+` `/` alphabet) are refused.
enum CursorProperties {
  static let lists: [KindName] = [.favorites, .addresses, .orders]

  static func check(_ input: [UInt8]) throws(PropertyFailure) {
    guard let selector = input.first else { return }
    let list = lists[Int(selector & 0x7F) % lists.count]
    let rest = input.dropFirst()
    let accountEnd = rest.firstIndex(of: 0) ?? rest.endIndex
    let account = String(decoding: rest[..<accountEnd], as: UTF8.self)
    let payload = Array(rest[accountEnd...].dropFirst())
    let isSealed = selector & 0x80 != 0
    let token =
      isSealed
      ? ReferenceCursor.seal(body: payload, account: account)
      : String(decoding: payload, as: UTF8.self)

    for other in lists {
      try agree(token, list: other, account: account)
    }
    try agree(token, list: list, account: account + "x")
    if ReferenceCursor.decode(token, list: list, account: account) != nil {
      let respelled = ReferenceCursor.spelling(of: ReferenceCursor.bytes(of: token)!)
      try require(
        respelled == token, "accepted token \(quoted(token)) is not the one spelling \(respelled)")
    }
    if isSealed {
      for variant in ReferenceCursor.otherSpellings(of: token) {
        try require(
          !accepts(variant, list: list, account: account),
          "\(quoted(variant)), another spelling of \(quoted(token)), was accepted")
      }
    }
  }

  /// The store and the reference both accept `token` for `list` and `account`, or both refuse.
  static func agree(_ token: String, list: KindName, account: String) throws(PropertyFailure) {
    let expected = ReferenceCursor.decode(token, list: list, account: account) != nil
    let found = try accepts(token, list: list, account: account)
    try require(
      found == expected,
      "\(list) for \(quoted(account)) \(found ? "accepted" : "refused") \(quoted(token)); "
        + "the reference \(expected ? "accepts" : "refuses") it")
  }

  /// Whether the store accepts `token`; any error but `invalidCursor` for `list` is a failure.
  static func accepts(
    _ token: String, list: KindName, account: String
  ) throws(PropertyFailure) -> Bool {
    let cursor = ListCursor(token)
    try require(cursor.description == token, "ListCursor changed \(quoted(token))")
    do {
      try cursor.validate(for: list, account: account)
      return true
    } catch {
      try require(error == .invalidCursor(kind: list), "validate(for: \(list)) threw \(error)")
      return false
    }
  }
}
