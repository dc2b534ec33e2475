import TextFormats

/// A push: `{"changes": [...]}`, at most ``maxChanges`` changes in the order they were made.
package struct PushRequest: Sendable, Equatable {
  /// The most changes one push carries.
  package static let maxChanges = 100
  /// The longest change id accepted, in bytes (a UUID is 36).
  package static let maxChangeIDBytes = 200

  /// The changes, in order.
  package var changes: [PushChange]

  /// A push of `changes`.
  package init(changes: [PushChange]) {
    self.changes = changes
  }

  /// The push as JSON bytes.
  package var encoded: [UInt8] {
    var writer = JSONWriter(capacity: 256 * (changes.count + 1))
    writer.beginObject()
    writer.key("changes")
    writer.beginArray()
    for change in changes { change.write(into: &writer) }
    writer.endArray()
    writer.endObject()
    return writer.bytes
  }

  /// Why a body is not a push the server takes.
  package enum DecodeError: Error, Sendable, Equatable {
    /// The body is not a push: the message names what is wrong.
    case malformed(ProtocolError)
    /// The push holds more than ``PushRequest/maxChanges`` changes: how many.
    case tooManyChanges(Int)
  }

  /// The push `bytes` hold. Two changes with one change id are refused.
  /// - Throws: ``DecodeError``.
  package static func decode(_ bytes: [UInt8]) throws(DecodeError) -> PushRequest {
    do {
      let top = try ProtocolJSON.object(
        ProtocolJSON.parse(bytes, what: "the body"), what: "the body")
      guard case .array(let elements)? = top["changes"] else {
        throw ProtocolError("the body has no \"changes\" array.")
      }
      if elements.count > maxChanges { throw DecodeError.tooManyChanges(elements.count) }
      var changes: [PushChange] = []
      changes.reserveCapacity(elements.count)
      var seen: Set<String> = []
      for (index, element) in elements.enumerated() {
        let change = try PushChange.decode(element, position: index + 1)
        guard seen.insert(change.changeID).inserted else {
          throw ProtocolError("change \(index + 1) repeats an earlier change's \"change_id\".")
        }
        changes.append(change)
      }
      return PushRequest(changes: changes)
    } catch let error as DecodeError {
      throw error
    } catch let error as ProtocolError {
      throw .malformed(error)
    } catch {
      throw .malformed(ProtocolError("the body is not a push."))
    }
  }
}
