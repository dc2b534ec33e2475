import ListProtocol
import TextFormats

/// Decodes a push's answer (``ListProtocol/PushResponse``: `{"results": [...]}`, one result per
/// change sent, in order, each naming its change), naming the result of the first thing wrong.
/// Nothing of an answer that breaks the protocol is applied.
enum PushDecoder {
  static func decode(_ body: [UInt8], sent: [String]) throws(RemoteError) -> [PushAnswer] {
    let response: PushResponse
    do {
      response = try PushResponse.decode(body, sent: sent)
    } catch {
      throw RemoteError(.protocolError, error.message)
    }
    return response.results.map { result in
      func item(_ fields: JSONObject?) -> RemoteItem? {
        guard let fields, let id = RemoteID(wire: WireID(fields["id"])) else { return nil }
        return RemoteItem(remoteID: id, object: fields)
      }
      switch result.outcome {
      case .applied(let fields):
        return PushAnswer(changeID: result.changeID, status: .applied, item: item(fields), json: result.json)
      case .conflict(let fields):
        return PushAnswer(changeID: result.changeID, status: .conflict, item: item(fields), json: result.json)
      case .rejected(let message, let field):
        return PushAnswer(
          changeID: result.changeID, status: .rejected(message: message, field: field), item: nil, json: result.json)
      }
    }
  }
}

extension RemoteID {
  /// The client's form of a protocol id.
  init?(wire: WireID?) {
    switch wire {
    case .string(let text)?: self = .string(text)
    case .integer(let literal)?: self = .integer(literal)
    case nil: return nil
    }
  }
}
