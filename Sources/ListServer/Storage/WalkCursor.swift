/// Where a walk is: the account's change sequence when it started (its checkpoint), the
/// checkpoint it pulls since (nil for a whole walk), and the id of the last item it sent.
///
/// Written `W.S.ID` in decimal (`S` empty for a whole walk): ids are ordered as text and the
/// next page starts after `ID`, so an item that exists throughout a walk is sent exactly once,
/// whatever is written meanwhile.
package struct WalkCursor: Sendable, Equatable {
  /// The sequence when the walk started: the checkpoint its last page carries.
  package var start: Int64
  /// The checkpoint the walk pulls since, or nil for a whole walk.
  package var since: Int64?
  /// The id of the last item sent.
  package var after: String

  /// A cursor.
  package init(start: Int64, since: Int64?, after: String) {
    self.start = start
    self.since = since
    self.after = after
  }

  /// The cursor as the page's `next_cursor`.
  package var text: String { "\(start).\(since.map(String.init) ?? "").\(after)" }

  /// The cursor `text` is, or nil when this server did not make it.
  package init?(text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let start = Self.number(parts[0]), let after = Self.number(parts[2])
    else { return nil }
    let since: Int64?
    if parts[1].isEmpty {
      since = nil
    } else {
      guard let value = Self.number(parts[1]), value <= start else { return nil }
      since = value
    }
    self.init(start: start, since: since, after: String(after))
  }

  /// A non-negative decimal of at most 18 digits (so it fits an Int64), without a sign.
  static func number(_ text: Substring) -> Int64? {
    guard !text.isEmpty, text.utf8.count <= 18,
      text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    return Int64(text)
  }
}
