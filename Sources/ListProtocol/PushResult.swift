import TextFormats

/// The remote's answer to one change of a push: `{"change_id", "status", "item" | "error"}`.
package struct PushResult: Sendable, Equatable {
  /// What the remote did with the change.
  package enum Outcome: Sendable, Equatable {
    /// Applied: the remote's item after the change, with `id` and `version` (nil for a remove).
    case applied(JSONObject?)
    /// The item had moved past the change's `base_version`, or is gone: the remote's item as it
    /// is (nil when gone).
    case conflict(JSONObject?)
    /// Refused for good: why, and the field at fault when one is.
    case rejected(message: String, field: String?)
  }

  /// The change answered.
  package var changeID: String
  /// What the remote did.
  package var outcome: Outcome

  /// A result.
  package init(changeID: String, outcome: Outcome) {
    self.changeID = changeID
    self.outcome = outcome
  }

  /// Writes the result as one JSON object.
  package func write(into writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("change_id")
    writer.string(changeID)
    writer.key("status")
    switch outcome {
    case .applied(let item), .conflict(let item):
      writer.string(outcome.status)
      writer.key("item")
      if let item { writer.value(.object(item)) } else { writer.null() }
    case .rejected(let message, let field):
      writer.string(outcome.status)
      writer.key("error")
      writer.beginObject()
      writer.key("message")
      writer.string(message)
      writer.key("field")
      writer.string(field)
      writer.endObject()
    }
    writer.endObject()
  }

  /// The result as JSON text: what a server stores as the change's answer.
  package var json: String {
    var writer = JSONWriter(capacity: 256)
    write(into: &writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// The result `value` describes, the `position`th of its answer.
  /// - Throws: ``ProtocolError`` naming the result and the member.
  package static func decode(_ value: JSONValue, position: Int) throws(ProtocolError) -> PushResult
  {
    let what = "result \(position)"
    let object = try ProtocolJSON.object(value, what: what)
    guard case .string(let changeID)? = object["change_id"] else {
      throw ProtocolError("\(what) has no \"change_id\" string.")
    }
    func item() throws(ProtocolError) -> JSONObject? {
      switch object["item"] {
      case nil, .null?: return nil
      case .object(let fields)?:
        guard WireID(fields["id"]) != nil else {
          throw ProtocolError("\(what)'s \"item\" has no valid \"id\".")
        }
        return fields
      default: throw ProtocolError("\(what)'s \"item\" is not an object or null.")
      }
    }
    switch object["status"] {
    case .string("applied")?: return PushResult(changeID: changeID, outcome: .applied(try item()))
    case .string("conflict")?: return PushResult(changeID: changeID, outcome: .conflict(try item()))
    case .string("rejected")?:
      guard let error = object["error"]?.objectValue, case .string(let message)? = error["message"]
      else {
        throw ProtocolError("\(what) is rejected without an \"error\" with a \"message\".")
      }
      var field: String?
      if case .string(let name)? = error["field"] { field = name }
      return PushResult(changeID: changeID, outcome: .rejected(message: message, field: field))
    default:
      throw ProtocolError("\(what)'s \"status\" is not \"applied\", \"conflict\" or \"rejected\".")
    }
  }
}

extension PushResult.Outcome {
  /// The `status` word: `applied`, `conflict` or `rejected`.
  package var status: String {
    switch self {
    case .applied: "applied"
    case .conflict: "conflict"
    case .rejected: "rejected"
    }
  }
}
