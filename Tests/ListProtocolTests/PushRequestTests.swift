import ListProtocol
import Testing
import TextFormats

@Suite struct PushRequestTests {
  @Test func encodesEachOperationAndDecodesBack() throws {
    let item = try #require(
      try JSONParser.parse(#"{"title":"Dune","pages":412,"note":null}"#).objectValue)
    let push = PushRequest(changes: [
      PushChange(changeID: "a", operation: .add, item: item),
      PushChange(
        changeID: "b", operation: .update, id: .string("r17"), baseVersion: .number("7"), item: item
      ),
      PushChange(changeID: "c", operation: .remove, id: .integer("18"), baseVersion: .string("v3")),
    ])
    let text = String(decoding: push.encoded, as: UTF8.self)
    #expect(
      text
        == #"{"changes":[{"change_id":"a","op":"add","item":{"title":"Dune","pages":412,"note":null}},"#
        + #"{"change_id":"b","op":"update","id":"r17","base_version":7,"item":{"title":"Dune","pages":412,"note":null}},"#
        + #"{"change_id":"c","op":"remove","id":18,"base_version":"v3"}]}"#)
    #expect(try PushRequest.decode(push.encoded) == push)
  }

  @Test func decodesWhatTheClientSends() throws {
    let body =
      #"{"changes":[{"change_id":"5f0c","op":"update","id":"r17","base_version":"7","item":{"status":"done","finished_at":null}}]}"#
    let push = try PushRequest.decode(Array(body.utf8))
    #expect(push.changes.count == 1)
    #expect(push.changes[0].operation == .update)
    #expect(push.changes[0].id == .string("r17"))
    #expect(push.changes[0].baseVersion == .string("7"))
    #expect(push.changes[0].item?["finished_at"] == .null)
  }

  @Test func moreThanAHundredChangesIsTooMany() {
    let one = #"{"change_id":"x","op":"remove","id":"1"}"#
    let body = #"{"changes":["# + Array(repeating: one, count: 101).joined(separator: ",") + "]}"
    #expect(throws: PushRequest.DecodeError.tooManyChanges(101)) {
      try PushRequest.decode(Array(body.utf8))
    }
  }

  @Test(arguments: [
    (#"{}"#, "the body has no \"changes\" array."),
    (#"{"changes":[3]}"#, "change 1 is a number, not an object."),
    (
      #"{"changes":[{"op":"add","item":{}}]}"#,
      "change 1 has no \"change_id\" string of 1 to 200 bytes."
    ),
    (
      #"{"changes":[{"change_id":"a","op":"put","item":{}}]}"#,
      "change 1 has no \"op\" of add, update or remove."
    ),
    (#"{"changes":[{"change_id":"a","op":"add"}]}"#, "change 1 is an add without an \"item\"."),
    (
      #"{"changes":[{"change_id":"a","op":"update","item":{}}]}"#,
      "change 1 is an update without an \"id\" and an \"item\"."
    ),
    (#"{"changes":[{"change_id":"a","op":"remove"}]}"#, "change 1 is a remove without an \"id\"."),
    (
      #"{"changes":[{"change_id":"a","op":"remove","id":""}]}"#,
      "change 1's \"id\" is not a non-empty string or an integer."
    ),
    (
      #"{"changes":[{"change_id":"a","op":"remove","id":"1","base_version":1.5}]}"#,
      "change 1's \"base_version\" is not a string or an integer."
    ),
    (
      #"{"changes":[{"change_id":"a","op":"add","item":[]}]}"#,
      "change 1's \"item\" is not an object."
    ),
    (
      #"{"changes":[{"change_id":"a","op":"add","item":{},"extra":1}]}"#,
      "change 1 has the unknown member \"extra\"."
    ),
    (
      #"{"changes":[{"change_id":"a","op":"remove","id":"1"},{"change_id":"a","op":"remove","id":"2"}]}"#,
      "change 2 repeats an earlier change's \"change_id\"."
    ),
  ])
  func refusesWhatIsNotAPush(body: String, message: String) {
    #expect(throws: PushRequest.DecodeError.malformed(ProtocolError(message))) {
      try PushRequest.decode(Array(body.utf8))
    }
  }
}
