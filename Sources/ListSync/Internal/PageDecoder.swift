import ListProtocol
import ListStore
import TextFormats

/// Decodes a body as a page of the remote protocol (``ListProtocol/Page``, the one definition
/// of its shape that the server encodes with) and checks what this client adds, naming the
/// page and the field of the first thing wrong.
///
/// Beyond the shape, two bounds: a `next_cursor` or `checkpoint` longer than
/// ``SyncState/maxCursorBytes`` bytes (the next page's URL carries it, and the file keeps it),
/// and an integer `id` outside the 64-bit integers the file stores exactly. Integer ids are kept
/// as the file stores them, so `0` and `-0` are the same id, and a page that holds one id twice is
/// refused rather than letting one item silently overwrite the other.
package enum PageDecoder {
  package static func decode(_ body: [UInt8], page: Int) throws(RemoteError) -> RemotePage {
    func broken(_ detail: String) -> RemoteError {
      RemoteError(.protocolError, detail, page: page)
    }
    let decoded: Page
    do {
      decoded = try Page.decode(body)
    } catch {
      throw broken(error.message)
    }
    if let cursor = decoded.nextCursor, cursor.utf8.count > SyncState.maxCursorBytes {
      throw broken(
        "\"next_cursor\" is \(cursor.utf8.count) bytes long; at most \(SyncState.maxCursorBytes) are accepted.")
    }
    if let checkpoint = decoded.checkpoint, checkpoint.utf8.count > SyncState.maxCursorBytes {
      throw broken(
        "\"checkpoint\" is \(checkpoint.utf8.count) bytes long; 1 to \(SyncState.maxCursorBytes) are accepted.")
    }
    var items: [RemoteItem] = []
    items.reserveCapacity(decoded.items.count)
    var seen: [RemoteID: Int] = [:]
    for (index, object) in decoded.items.enumerated() {
      let position = index + 1
      guard let idValue = object["id"] else { throw broken("item \(position) has no \"id\".") }
      let id = try remoteID(idValue, of: "item \(position)'s \"id\"", page: page)
      if let earlier = seen.updateValue(position, forKey: id) {
        throw broken("item \(position) has the same \"id\" as item \(earlier).")
      }
      items.append(RemoteItem(remoteID: id, object: object))
    }
    var deleted: [RemoteID] = []
    deleted.reserveCapacity(decoded.deleted?.count ?? 0)
    for (index, id) in (decoded.deleted ?? []).enumerated() {
      deleted.append(try remoteID(id.jsonValue, of: "\"deleted\" \(index + 1)", page: page))
    }
    return RemotePage(
      number: page, items: items, nextCursor: decoded.nextCursor, checkpoint: decoded.checkpoint, deleted: deleted)
  }

  /// A remote id: a non-empty string, or an integer kept as the file stores it (a 64-bit
  /// integer, `-0` being `0`).
  private static func remoteID(_ value: JSONValue, of what: String, page: Int) throws(RemoteError) -> RemoteID {
    switch WireID(value) {
    case .string(let text)?: return .string(text)
    case .integer(let literal)?:
      guard let number = Int64(literal) else {
        throw RemoteError(
          .protocolError,
          "\(what) \(String(literal.prefix(24))) is outside the 64-bit integers this client stores exactly.",
          page: page)
      }
      return .integer(String(number))
    case nil:
      throw RemoteError(
        .protocolError, "\(what) is \(ProtocolJSON.describe(value)), not a non-empty string or an integer.",
        page: page)
    }
  }
}
