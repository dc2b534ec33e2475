import TextFormats

/// One page of a list: `{"items": [...], "next_cursor": "..." | null}`, with `checkpoint` on the
/// last page of a walk and `deleted` on the answers to a `since` pull, when the remote offers
/// them.
package struct Page: Sendable, Equatable {
  /// The items, in the list's order, each an object with its `id` (and, from `lists-server`,
  /// its `version`).
  package var items: [JSONObject]
  /// The cursor of the next page, or nil on the last page.
  package var nextCursor: String?
  /// What the next pull asks `since`, on the last page of a walk.
  package var checkpoint: String?
  /// The ids of the items removed since the checkpoint a pull named; nil when the member is
  /// absent.
  package var deleted: [WireID]?

  /// A page.
  package init(
    items: [JSONObject], nextCursor: String?, checkpoint: String? = nil, deleted: [WireID]? = nil
  ) {
    self.items = items
    self.nextCursor = nextCursor
    self.checkpoint = checkpoint
    self.deleted = deleted
  }

  /// The page as JSON bytes, members in the protocol's order.
  package var encoded: [UInt8] {
    Self.encode(
      count: items.count, nextCursor: nextCursor, checkpoint: checkpoint, deleted: deleted
    ) { writer in
      for item in items { writer.value(.object(item)) }
    }
  }

  /// A page whose items are JSON objects written already (as a server keeps them), as JSON
  /// bytes: what ``encoded`` writes, without parsing the items first. `itemsJSON` is the
  /// items' objects separated by commas, without the brackets.
  package static func encode(
    itemsJSON: [UInt8], nextCursor: String?, checkpoint: String? = nil, deleted: [WireID]? = nil
  ) -> [UInt8] {
    // The page without items, `{"items":[],...}`, cut after its `{"items":[`.
    let rest = encode(count: 0, nextCursor: nextCursor, checkpoint: checkpoint, deleted: deleted) {
      _ in
    }
    let head = Array(#"{"items":["#.utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(head.count + itemsJSON.count + rest.count)
    bytes += head
    bytes += itemsJSON
    bytes += rest.dropFirst(head.count)
    return bytes
  }

  /// Writes a page whose `count` items `writeItems` writes.
  private static func encode(
    count: Int, nextCursor: String?, checkpoint: String?, deleted: [WireID]?,
    writeItems: (inout JSONWriter) -> Void
  ) -> [UInt8] {
    var writer = JSONWriter(capacity: 256 * (count + 1))
    writer.beginObject()
    writer.key("items")
    writer.beginArray()
    writeItems(&writer)
    writer.endArray()
    writer.key("next_cursor")
    writer.string(nextCursor)
    if let checkpoint {
      writer.key("checkpoint")
      writer.string(checkpoint)
    }
    if let deleted {
      writer.key("deleted")
      writer.beginArray()
      for id in deleted { writer.value(id.jsonValue) }
      writer.endArray()
    }
    writer.endObject()
    return writer.bytes
  }

  /// The page `bytes` hold: an object with an `items` array of objects, a `next_cursor` that
  /// is a non-empty string or null, and optionally a non-empty string `checkpoint` and an array
  /// `deleted` of ids.
  /// - Throws: ``ProtocolError`` naming the first member at fault.
  package static func decode(_ bytes: [UInt8]) throws(ProtocolError) -> Page {
    let top = try ProtocolJSON.object(ProtocolJSON.parse(bytes, what: "the body"), what: "the body")
    guard let itemsValue = top["items"] else { throw ProtocolError("the body has no \"items\".") }
    guard case .array(let elements) = itemsValue else {
      throw ProtocolError(
        "\"items\" is \(ProtocolJSON.article(itemsValue.typeName)), not an array.")
    }
    var items: [JSONObject] = []
    items.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      items.append(try ProtocolJSON.object(element, what: "item \(index + 1)"))
    }
    guard let cursorValue = top["next_cursor"] else {
      throw ProtocolError("the body has no \"next_cursor\".")
    }
    let nextCursor: String?
    switch cursorValue {
    case .null: nextCursor = nil
    case .string(let text) where !text.isEmpty: nextCursor = text
    case .string: throw ProtocolError("\"next_cursor\" is an empty string; the last page has null.")
    default:
      throw ProtocolError(
        "\"next_cursor\" is \(ProtocolJSON.article(cursorValue.typeName)), not a string or null.")
    }
    var page = Page(items: items, nextCursor: nextCursor)
    switch top["checkpoint"] {
    case nil, .null?: break
    case .string(let text)? where !text.isEmpty: page.checkpoint = text
    case .string?: throw ProtocolError("\"checkpoint\" is an empty string.")
    case let other?:
      throw ProtocolError(
        "\"checkpoint\" is \(ProtocolJSON.article(other.typeName)), not a string or null.")
    }
    switch top["deleted"] {
    case nil, .null?: break
    case .array(let values)?:
      var ids: [WireID] = []
      ids.reserveCapacity(values.count)
      for (index, value) in values.enumerated() {
        guard let id = WireID(value) else {
          throw ProtocolError(
            "\"deleted\" \(index + 1) is \(ProtocolJSON.describe(value)), not a non-empty string or an integer.")
        }
        ids.append(id)
      }
      page.deleted = ids
    case let other?:
      throw ProtocolError("\"deleted\" is \(ProtocolJSON.article(other.typeName)), not an array.")
    }
    return page
  }
}
