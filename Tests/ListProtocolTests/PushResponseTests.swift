import ListProtocol
import Testing
import TextFormats

@Suite struct PushResponseTests {
  @Test func encodesEachOutcomeAndDecodesBack() throws {
    let item = try #require(
      try JSONParser.parse(#"{"id":"3","version":2,"title":"Dune"}"#).objectValue)
    let answer = PushResponse(results: [
      PushResult(changeID: "a", outcome: .applied(item)),
      PushResult(changeID: "b", outcome: .applied(nil)),
      PushResult(changeID: "c", outcome: .conflict(item)),
      PushResult(changeID: "d", outcome: .conflict(nil)),
      PushResult(
        changeID: "e", outcome: .rejected(message: "The title is required.", field: "title")),
      PushResult(changeID: "f", outcome: .rejected(message: "No.", field: nil)),
    ])
    let text = String(decoding: answer.encoded, as: UTF8.self)
    #expect(
      text
        == #"{"results":[{"change_id":"a","status":"applied","item":{"id":"3","version":2,"title":"Dune"}},"#
        + #"{"change_id":"b","status":"applied","item":null},"#
        + #"{"change_id":"c","status":"conflict","item":{"id":"3","version":2,"title":"Dune"}},"#
        + #"{"change_id":"d","status":"conflict","item":null},"#
        + #"{"change_id":"e","status":"rejected","error":{"message":"The title is required.","field":"title"}},"#
        + #"{"change_id":"f","status":"rejected","error":{"message":"No.","field":null}}]}"#)
    #expect(
      try PushResponse.decode(answer.encoded, sent: ["a", "b", "c", "d", "e", "f"]) == answer)
  }

  @Test(arguments: [
    (#"{"results":[]}"#, "the answer holds 0 results for 1 changes."),
    (
      #"{"results":[{"change_id":"b","status":"applied","item":null}]}"#,
      "result 1 does not answer change 1 (its \"change_id\" differs)."
    ),
    (
      #"{"results":[{"change_id":"a","status":"done"}]}"#,
      "result 1's \"status\" is not \"applied\", \"conflict\" or \"rejected\"."
    ),
    (
      #"{"results":[{"change_id":"a","status":"rejected"}]}"#,
      "result 1 is rejected without an \"error\" with a \"message\"."
    ),
    (
      #"{"results":[{"change_id":"a","status":"applied","item":{"title":"x"}}]}"#,
      "result 1's \"item\" has no valid \"id\"."
    ),
    (#"{"result":[]}"#, "the answer has no \"results\" array."),
  ])
  func refusesWhatIsNotAnAnswer(body: String, message: String) {
    #expect(throws: ProtocolError(message)) {
      try PushResponse.decode(Array(body.utf8), sent: ["a"])
    }
  }

  @Test func errorBodiesRoundTrip() throws {
    let body = ErrorBody(ErrorBody.checkpointExpired)
    #expect(String(decoding: body.encoded, as: UTF8.self) == #"{"error":"checkpoint_expired"}"#)
    #expect(try ErrorBody.decode(body.encoded) == body)
    #expect(throws: ProtocolError("the error body has no \"error\" string.")) {
      try ErrorBody.decode(Array("{}".utf8))
    }
  }
}
