import ListStore
import TextFormats

/// Checks a body against the remote protocol and decodes it, naming the page and the field of
/// the first thing wrong.
///
/// Beyond the shape, two bounds: a `next_cursor` longer than ``SyncState/maxCursorBytes`` bytes
/// (the next page's URL carries it, and the file keeps it), and an integer `id` outside the
/// 64-bit integers the file stores exactly. Integer ids are kept as the file stores them, so
/// `0` and `-0` are the same id, and a page that holds one id twice is refused rather than
/// letting one item silently overwrite the other.
package enum PageDecoder {
  package static func decode(_ body: [UInt8], page: Int) throws(RemoteError) -> RemotePage {
    func broken(_ detail: String) -> RemoteError {
      RemoteError(.protocolError, detail, page: page)
    }
    let value: JSONValue
    do {
      value = try JSONParser.parse(body)
    } catch {
      throw broken("the body is not JSON (\(error)).")
    }
    guard let top = value.objectValue else {
      throw broken("the body is \(article(value.typeName)), not an object.")
    }
    guard let itemsValue = top["items"] else { throw broken("the body has no \"items\".") }
    guard case .array(let elements) = itemsValue else {
      throw broken("\"items\" is \(article(itemsValue.typeName)), not an array.")
    }
    guard let cursorValue = top["next_cursor"] else {
      throw broken("the body has no \"next_cursor\".")
    }
    let nextCursor: String?
    switch cursorValue {
    case .null: nextCursor = nil
    case .string(let text) where text.utf8.count > SyncState.maxCursorBytes:
      throw broken(
        "\"next_cursor\" is \(text.utf8.count) bytes long; at most \(SyncState.maxCursorBytes) are accepted.")
    case .string(let text) where !text.isEmpty: nextCursor = text
    case .string: throw broken("\"next_cursor\" is an empty string; the last page has null.")
    default:
      throw broken(
        "\"next_cursor\" is \(article(cursorValue.typeName)), not a string or null.")
    }
    var items: [RemoteItem] = []
    items.reserveCapacity(elements.count)
    var seen: [RemoteID: Int] = [:]
    for (index, element) in elements.enumerated() {
      let position = index + 1
      guard let object = element.objectValue else {
        throw broken("item \(position) is \(article(element.typeName)), not an object.")
      }
      guard let idValue = object["id"] else { throw broken("item \(position) has no \"id\".") }
      let id = try remoteID(idValue, of: "item \(position)'s \"id\"", page: page)
      if let earlier = seen.updateValue(position, forKey: id) {
        throw broken("item \(position) has the same \"id\" as item \(earlier).")
      }
      items.append(RemoteItem(remoteID: id, object: object))
    }
    let checkpoint: String?
    switch top["checkpoint"] {
    case nil, .null?: checkpoint = nil
    case .string(let text)? where !text.isEmpty && text.utf8.count <= SyncState.maxCursorBytes: checkpoint = text
    case .string(let text)?:
      throw broken(
        "\"checkpoint\" is \(text.utf8.count) bytes long; 1 to \(SyncState.maxCursorBytes) are accepted.")
    case let other?: throw broken("\"checkpoint\" is \(article(other.typeName)), not a string or null.")
    }
    var deleted: [RemoteID] = []
    switch top["deleted"] {
    case nil, .null?: break
    case .array(let ids)?:
      deleted.reserveCapacity(ids.count)
      for (index, value) in ids.enumerated() {
        deleted.append(try remoteID(value, of: "\"deleted\" \(index + 1)", page: page))
      }
    case let other?: throw broken("\"deleted\" is \(article(other.typeName)), not an array.")
    }
    return RemotePage(number: page, items: items, nextCursor: nextCursor, checkpoint: checkpoint, deleted: deleted)
  }

  /// A remote id: a non-empty string, or an integer kept as the file stores it (a 64-bit
  /// integer, `-0` being `0`).
  private static func remoteID(_ value: JSONValue, of what: String, page: Int) throws(RemoteError) -> RemoteID {
    switch value {
    case .string(let text) where !text.isEmpty: return .string(text)
    case .number(let literal) where isInteger(literal):
      guard let number = Int64(literal) else {
        throw RemoteError(
          .protocolError,
          "\(what) \(value.shortText) is outside the 64-bit integers this client stores exactly.", page: page)
      }
      return .integer(String(number))
    default:
      throw RemoteError(
        .protocolError,
        "\(what) is \(article(value.typeName)) \(value.shortText), not a non-empty string or an integer.",
        page: page)
    }
  }

  private static func isInteger(_ literal: String) -> Bool {
    let digits = literal.hasPrefix("-") ? literal.utf8.dropFirst() : literal.utf8[...]
    return !digits.isEmpty && digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
  }

  private static func article(_ typeName: String) -> String {
    (typeName.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + typeName
  }
}

extension JSONValue {
  /// A short rendering for messages: numbers and flags as written, others by type only (a
  /// string id may be personal data).
  fileprivate var shortText: String {
    switch self {
    case .number(let literal): String(literal.prefix(24))
    case .bool(let flag): flag ? "true" : "false"
    case .string(let text): text.isEmpty ? "\"\"" : "(text)"
    default: ""
    }
  }
}
