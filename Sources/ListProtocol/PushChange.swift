import TextFormats

/// One member of a push's `changes`: what the person did to one item, under the id the client
/// made for it.
///
/// For example:
/// ```json
/// {"change_id": "0b6d...", "op": "update", "id": "r17", "base_version": 7, "item": {"status": "done"}}
/// ```
package struct PushChange: Sendable, Equatable {
  /// The id the client made for the change (a random UUID), unique per change.
  package var changeID: String
  /// What the change does.
  package var operation: ChangeOperation
  /// The remote's id of the item; nil for an add.
  package var id: WireID?
  /// The item's `version` as the remote last sent it, with the JSON type it came with (a
  /// string or an integer); nil when none is known.
  package var baseVersion: JSONValue?
  /// The item's values without `id`: every field for an add, the changed ones for an update
  /// (`null` unsets one); nil for a remove.
  package var item: JSONObject?

  /// A change.
  package init(
    changeID: String, operation: ChangeOperation, id: WireID? = nil, baseVersion: JSONValue? = nil,
    item: JSONObject? = nil
  ) {
    self.changeID = changeID
    self.operation = operation
    self.id = id
    self.baseVersion = baseVersion
    self.item = item
  }

  /// Writes the change as one JSON object.
  package func write(into writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("change_id")
    writer.string(changeID)
    writer.key("op")
    writer.string(operation.rawValue)
    if let id {
      writer.key("id")
      writer.value(id.jsonValue)
    }
    if let baseVersion {
      writer.key("base_version")
      writer.value(baseVersion)
    }
    if let item {
      writer.key("item")
      writer.value(.object(item))
    }
    writer.endObject()
  }

  /// The change `value` describes, the `position`th of its push (1 for the first).
  ///
  /// `change_id` must be a non-empty string of at most ``PushRequest/maxChangeIDBytes`` bytes;
  /// `op` one of the operations; `id` a non-empty string or an integer, present for an update
  /// and a remove; `base_version` a string or an integer when present; `item` an object, present
  /// for an add and an update.
  /// - Throws: ``ProtocolError`` naming the change and the member.
  package static func decode(_ value: JSONValue, position: Int) throws(ProtocolError) -> PushChange
  {
    let what = "change \(position)"
    let object = try ProtocolJSON.object(value, what: what)
    for key in object.keys where !["change_id", "op", "id", "base_version", "item"].contains(key) {
      throw ProtocolError("\(what) has the unknown member \"\(TerminalEscaping.escape(key))\".")
    }
    guard case .string(let changeID)? = object["change_id"], !changeID.isEmpty,
      changeID.utf8.count <= PushRequest.maxChangeIDBytes
    else {
      throw ProtocolError(
        "\(what) has no \"change_id\" string of 1 to \(PushRequest.maxChangeIDBytes) bytes.")
    }
    guard case .string(let word)? = object["op"], let operation = ChangeOperation(rawValue: word)
    else {
      throw ProtocolError("\(what) has no \"op\" of add, update or remove.")
    }
    var change = PushChange(changeID: changeID, operation: operation)
    switch object["id"] {
    case nil: break
    case let value?:
      guard let id = WireID(value) else {
        throw ProtocolError("\(what)'s \"id\" is not a non-empty string or an integer.")
      }
      change.id = id
    }
    switch object["base_version"] {
    case nil, .null?: break
    case .string(let text)?: change.baseVersion = .string(text)
    case .number(let literal)? where WireID.isIntegerLiteral(literal):
      change.baseVersion = .number(literal)
    default: throw ProtocolError("\(what)'s \"base_version\" is not a string or an integer.")
    }
    switch object["item"] {
    case nil: break
    case .object(let item)?: change.item = item
    default: throw ProtocolError("\(what)'s \"item\" is not an object.")
    }
    switch operation {
    case .add:
      guard change.item != nil else {
        throw ProtocolError("\(what) is an add without an \"item\".")
      }
    case .update:
      guard change.id != nil, change.item != nil else {
        throw ProtocolError("\(what) is an update without an \"id\" and an \"item\".")
      }
    case .remove:
      guard change.id != nil else { throw ProtocolError("\(what) is a remove without an \"id\".") }
    }
    return change
  }
}
