import TextFormats

/// The server's id of an item, kept as the item's remote id: a string or an integer.
public enum RemoteID: Sendable, Hashable, CustomStringConvertible {
  /// A string id, as the server sent it.
  case string(String)
  /// An integer id, as its literal text (exact, however large).
  case integer(String)

  /// The id as text: the string, or the integer's digits.
  public var text: String {
    switch self {
    case .string(let text), .integer(let text): text
    }
  }

  /// The id as text.
  public var description: String { text }
}

/// One item of a remote page: its remote id and its JSON object as the server sent it.
public struct RemoteItem: Sendable {
  /// The server's `id`.
  public let remoteID: RemoteID
  /// The item's members in document order, numbers as their literal text.
  package let object: JSONObject

  /// The item as compact JSON text, numbers exactly as the server wrote them.
  public var json: String {
    var writer = JSONWriter(capacity: 256)
    writer.value(.object(object))
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}

/// One decoded page of the remote protocol: `{"items": [...], "next_cursor": "..." | null}`.
public struct RemotePage: Sendable {
  /// Which page this is: 1 for the first.
  public let number: Int
  /// The items, in the server's order, each with an `id`.
  public let items: [RemoteItem]
  /// The cursor of the next page, or nil when this is the last.
  public let nextCursor: String?
}
