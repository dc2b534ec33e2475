import FuzzSupport
import ListStore
import ListSync
import TextFormats

/// What must hold for the remote page decoder on any body.
///
/// Input layout: the whole input is the response body; the page number is 1 + its length
/// modulo 5 (so messages name pages other than the first).
///
/// - The decoder accepts exactly the bodies a second reading of the protocol accepts: a JSON
///   object with an `items` array of objects, each with an `id` that is a non-empty string or
///   an integer literal within the 64-bit integers (the file stores ids exactly), no two ids
///   alike — integers compared as numbers, so `0` and `-0` are one id, and `1` and `"1"` two —,
///   and a `next_cursor` that is null or a non-empty string of at most
///   `SyncState.maxCursorBytes` bytes.
/// - An accepted page has the page's number, the body's items in order with their ids (an
///   integer id spelled as the file stores it), and the body's cursor; each item's JSON parses
///   back to the object the body holds.
/// - A refused body is a protocol error naming the page, in one line without a terminal
///   control (ESC, BEL, C1, U+202E): messages quote what the server sent.
///
/// Not here: a page with more items than the `limit` asked for is refused by `RemoteClient`
/// (which knows the limit), and tested with it in ListSyncTests.
enum PageProperties {
  static func check(_ input: [UInt8]) throws(PropertyFailure) {
    let page = 1 + input.count % 5
    let expected = reference(input)
    do {
      let decoded = try PageDecoder.decode(input, page: page)
      guard let expected else { throw PropertyFailure("accepted \(hexDump(input)), which breaks the protocol") }
      try require(decoded.number == page, "page \(decoded.number), asked for \(page)")
      try require(decoded.nextCursor == expected.cursor, "cursor \(String(describing: decoded.nextCursor))")
      try require(decoded.items.count == expected.items.count, "\(decoded.items.count) items, not \(expected.items.count)")
      for (item, object) in zip(decoded.items, expected.items) {
        try require(item.remoteID == object.id, "id \(item.remoteID), not \(object.id)")
        let again = try? JSONParser.parse(item.json)
        try require(again == .object(object.object), "item \(quoted(item.json)) is not the body's")
      }
    } catch let failure as PropertyFailure {
      throw failure
    } catch let error as RemoteError {
      try require(expected == nil, "refused a body the protocol allows: \(error.message) (\(hexDump(input)))")
      try require(error.kind == .protocolError, "\(error.kind), not a protocol error: \(error.message)")
      try require(error.page == page, "the error names page \(String(describing: error.page)), not \(page)")
      try requirePlainLine(error.message, "the message")
    } catch {
      throw PropertyFailure("threw \(error)")
    }
  }

  /// A page as the protocol describes it, read a second time.
  struct Page {
    var items: [(id: RemoteID, object: JSONObject)]
    var cursor: String?
  }

  /// The page `body` holds, or nil when it breaks the protocol.
  static func reference(_ body: [UInt8]) -> Page? {
    guard let value = try? JSONParser.parse(body), case .object(let top) = value,
      case .array(let elements)? = top["items"], let cursorValue = top["next_cursor"]
    else { return nil }
    var page = Page(items: [], cursor: nil)
    switch cursorValue {
    case .null: break
    case .string(let text) where !text.isEmpty && text.utf8.count <= SyncState.maxCursorBytes: page.cursor = text
    default: return nil
    }
    for element in elements {
      guard case .object(let object) = element, let idValue = object["id"] else { return nil }
      let id: RemoteID
      switch idValue {
      case .string(let text) where !text.isEmpty: id = .string(text)
      case .number(let literal) where isIntegerLiteral(literal):
        guard let number = Int64(literal) else { return nil }
        id = .integer(String(number))
      default: return nil
      }
      guard !page.items.contains(where: { $0.id == id }) else { return nil }
      page.items.append((id, object))
    }
    return page
  }

  /// `-?[0-9]+`: JSON's integers (the parser has already refused leading zeros and the like).
  static func isIntegerLiteral(_ literal: String) -> Bool {
    let digits = literal.utf8.first == UInt8(ascii: "-") ? literal.utf8.dropFirst() : literal.utf8[...]
    return !digits.isEmpty && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
  }
}
