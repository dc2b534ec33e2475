import TextFormats

/// The answer to a push: `{"results": [...]}`, one result per change, in order.
package struct PushResponse: Sendable, Equatable {
  /// The results, one per change sent, in the order sent.
  package var results: [PushResult]

  /// An answer holding `results`.
  package init(results: [PushResult]) {
    self.results = results
  }

  /// The answer as JSON bytes.
  package var encoded: [UInt8] {
    var writer = JSONWriter(capacity: 256 * (results.count + 1))
    writer.beginObject()
    writer.key("results")
    writer.beginArray()
    for result in results { result.write(into: &writer) }
    writer.endArray()
    writer.endObject()
    return writer.bytes
  }

  /// The answer `bytes` hold to the changes whose ids are `sent`: one result per change, in
  /// order, each naming its change.
  /// - Throws: ``ProtocolError`` naming the result at fault.
  package static func decode(_ bytes: [UInt8], sent: [String]) throws(ProtocolError) -> PushResponse
  {
    let top = try ProtocolJSON.object(
      ProtocolJSON.parse(bytes, what: "the answer"), what: "the answer")
    guard case .array(let elements)? = top["results"] else {
      throw ProtocolError("the answer has no \"results\" array.")
    }
    guard elements.count == sent.count else {
      throw ProtocolError("the answer holds \(elements.count) results for \(sent.count) changes.")
    }
    var results: [PushResult] = []
    results.reserveCapacity(elements.count)
    for (index, (element, changeID)) in zip(elements, sent).enumerated() {
      let result = try PushResult.decode(element, position: index + 1)
      guard result.changeID == changeID else {
        throw ProtocolError(
          "result \(index + 1) does not answer change \(index + 1) (its \"change_id\" differs).")
      }
      results.append(result)
    }
    return PushResponse(results: results)
  }
}
