import TextFormats

/// Checks a push's answer against the protocol — `{"results": [...]}`, one result per change
/// sent, in order, each naming its change — and decodes it, naming the result of the first
/// thing wrong. Nothing of an answer that breaks the protocol is applied.
enum PushDecoder {
  static func decode(_ body: [UInt8], sent: [String]) throws(RemoteError) -> [PushAnswer] {
    func broken(_ detail: String) -> RemoteError { RemoteError(.protocolError, detail) }
    let value: JSONValue
    do {
      value = try JSONParser.parse(body)
    } catch {
      throw broken("the answer is not JSON (\(error)).")
    }
    guard case .array(let results)? = value.objectValue?["results"] else {
      throw broken("the answer has no \"results\" array.")
    }
    guard results.count == sent.count else {
      throw broken("the answer holds \(results.count) results for \(sent.count) changes.")
    }
    var answers: [PushAnswer] = []
    answers.reserveCapacity(results.count)
    for (index, (result, changeID)) in zip(results, sent).enumerated() {
      let position = index + 1
      guard let object = result.objectValue else { throw broken("result \(position) is not an object.") }
      guard case .string(changeID)? = object["change_id"] else {
        throw broken("result \(position) does not answer change \(position) (its \"change_id\" differs).")
      }
      var writer = JSONWriter(capacity: 128)
      writer.value(result)
      let json = String(decoding: writer.bytes, as: UTF8.self)
      func item() throws(RemoteError) -> RemoteItem? {
        switch object["item"] {
        case .null?, nil: return nil
        case .object(let fields)?:
          guard let id = RemoteID(fields["id"]) else {
            throw broken("result \(position)'s \"item\" has no valid \"id\".")
          }
          return RemoteItem(remoteID: id, object: fields)
        default: throw broken("result \(position)'s \"item\" is not an object or null.")
        }
      }
      switch object["status"] {
      case .string("applied")?:
        answers.append(PushAnswer(changeID: changeID, status: .applied, item: try item(), json: json))
      case .string("conflict")?:
        answers.append(PushAnswer(changeID: changeID, status: .conflict, item: try item(), json: json))
      case .string("rejected")?:
        guard let error = object["error"]?.objectValue, case .string(let message)? = error["message"] else {
          throw broken("result \(position) is rejected without an \"error\" with a \"message\".")
        }
        var field: String?
        if case .string(let name)? = error["field"] { field = name }
        answers.append(
          PushAnswer(changeID: changeID, status: .rejected(message: message, field: field), item: nil, json: json))
      default:
        throw broken("result \(position)'s \"status\" is not \"applied\", \"conflict\" or \"rejected\".")
      }
    }
    return answers
  }
}

extension RemoteID {
  /// The id a JSON value holds — a non-empty string, or an integer — or nil.
  init?(_ value: JSONValue?) {
    switch value {
    case .string(let text)? where !text.isEmpty: self = .string(text)
    case .number(let literal)? where literal.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }):
      self = .integer(literal)
    default: return nil
    }
  }
}
