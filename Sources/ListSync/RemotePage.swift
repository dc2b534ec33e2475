import ListProtocol
import ListStore
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

/// One item of a remote page: its remote id, its version, and its JSON object as the server sent
/// it.
public struct RemoteItem: Sendable {
  /// The server's `id`.
  public let remoteID: RemoteID
  /// The item's `version` when the server sent a string or an integer: sent back as the
  /// `base_version` of a change to the item.
  public let version: RemoteToken?
  /// The item's members in document order, numbers as their literal text, without `version`
  /// (a word of the protocol, not a field of the kind).
  package let object: JSONObject

  /// The item `object` describes, under the id `remoteID`.
  init(remoteID: RemoteID, object: JSONObject) {
    self.remoteID = remoteID
    var fields = object
    switch object["version"] {
    case .string(let text)? where !text.isEmpty: version = RemoteToken(text: text, isInteger: false)
    case .number(let literal)? where WireID(.number(literal)) != nil:
      version = RemoteToken(text: literal, isInteger: true)
    default: version = nil
    }
    fields.members.removeAll { $0.key == "version" }
    self.object = fields
  }

  /// The item ready for the store: its remote id, its version, the draft `decode` makes of it,
  /// and its JSON as the base the person's changes start from.
  func draft(_ decode: KindSync.Decode) throws(SyncRejection) -> RemoteDraft {
    RemoteDraft(
      remoteID: remoteID.text, remoteIDIsInteger: remoteID.isInteger, draft: try decode(self), version: version,
      base: json)
  }

  /// The item as compact JSON text, numbers exactly as the server wrote them.
  public var json: String {
    var writer = JSONWriter(capacity: 256)
    writer.value(.object(object))
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}

/// One decoded page of the remote protocol: `{"items": [...], "next_cursor": "..." | null}`, with
/// a `checkpoint` and the `deleted` ids when the remote offers them.
public struct RemotePage: Sendable {
  /// Which page this is: 1 for the first.
  public let number: Int
  /// The items, in the server's order, each with an `id`.
  public let items: [RemoteItem]
  /// The cursor of the next page, or nil when this is the last.
  public let nextCursor: String?
  /// The remote's checkpoint: on a walk's last page, what the next pull asks `since`.
  public let checkpoint: String?
  /// The ids of items the remote deleted since the checkpoint the request named.
  public let deleted: [RemoteID]

  /// Creates a page.
  public init(
    number: Int, items: [RemoteItem], nextCursor: String?, checkpoint: String? = nil, deleted: [RemoteID] = []
  ) {
    self.number = number
    self.items = items
    self.nextCursor = nextCursor
    self.checkpoint = checkpoint
    self.deleted = deleted
  }
}

/// The remote's answer to one change of a push, as it sent it.
public struct PushAnswer: Sendable {
  /// What the remote did.
  public enum Status: Sendable, Equatable {
    /// The change was applied; ``PushAnswer/item`` is the remote's item after it (nil for a
    /// remove).
    case applied
    /// The remote's item had moved past the change's base; ``PushAnswer/item`` is the remote's
    /// item as it is, or nil when it is gone.
    case conflict
    /// The remote refused the change for good.
    case rejected(message: String, field: String?)
  }

  /// The change answered.
  public let changeID: String
  /// What the remote did.
  public let status: Status
  /// The remote's item, with its `id`.
  public let item: RemoteItem?
  /// The result object as the remote sent it.
  public let json: String
}
