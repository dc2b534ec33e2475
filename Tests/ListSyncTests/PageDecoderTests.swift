import Testing

@testable import ListSync

@Suite struct PageDecoderTests {
  @Test(arguments: [
    ("[1]", "page 4: the body is an array, not an object."),
    ("", "page 4: the body is not JSON (column 1: unexpected end of input)."),
    (#"{"items": [1], "next_cursor": null}"#, "page 4: item 1 is a number, not an object."),
    (
      #"{"items": [{"id": 1}, {"id": true}], "next_cursor": null}"#,
      "page 4: item 2's \"id\" is a boolean true, not a non-empty string or an integer."
    ),
    (
      #"{"items": [{"id": 1.5}], "next_cursor": null}"#,
      "page 4: item 1's \"id\" is a number 1.5, not a non-empty string or an integer."
    ),
    (
      #"{"items": [{"id": ""}], "next_cursor": null}"#,
      "page 4: item 1's \"id\" is a string \"\", not a non-empty string or an integer."
    ),
    (
      #"{"items": [{"id": 7}, {"id": "7"}, {"id": 7}], "next_cursor": null}"#,
      "page 4: item 3 has the same \"id\" as item 1."
    ),
    (
      #"{"items": [], "next_cursor": ""}"#,
      "page 4: \"next_cursor\" is an empty string; the last page has null."
    ),
    (
      #"{"items": [], "next_cursor": null, "checkpoint": 12}"#,
      "page 4: \"checkpoint\" is a number, not a string or null."
    ),
    (
      #"{"items": [], "next_cursor": null, "checkpoint": ""}"#,
      "page 4: \"checkpoint\" is an empty string."
    ),
    (
      #"{"items": [], "next_cursor": null, "deleted": "r3"}"#,
      "page 4: \"deleted\" is a string, not an array."
    ),
    (
      #"{"items": [], "next_cursor": null, "deleted": ["r3", 1.5]}"#,
      "page 4: \"deleted\" 2 is a number 1.5, not a non-empty string or an integer."
    ),
  ])
  func namesThePageAndTheField(_ body: String, _ message: String) {
    #expect(throws: RemoteError.self) { try PageDecoder.decode(Array(body.utf8), page: 4) }
    do {
      _ = try PageDecoder.decode(Array(body.utf8), page: 4)
    } catch {
      #expect(error.message == message)
      #expect(error.kind == .protocolError)
    }
  }

  @Test func decodesIdsAndTheCursor() throws {
    let body = #"{"next_cursor": "n", "items": [{"id": -3}, {"id": "a"}], "extra": 1}"#
    let page = try PageDecoder.decode(Array(body.utf8), page: 1)
    #expect(page.items.map(\.remoteID) == [.integer("-3"), .string("a")])
    #expect(page.nextCursor == "n")
    #expect(page.checkpoint == nil)
    #expect(page.deleted.isEmpty)
  }

  @Test func decodesTheCheckpointAndTheDeletedIds() throws {
    let body = #"{"items": [], "next_cursor": null, "checkpoint": "cp 9", "deleted": ["r3", 4, -0]}"#
    let page = try PageDecoder.decode(Array(body.utf8), page: 1)
    #expect(page.checkpoint == "cp 9")
    #expect(page.deleted == [.string("r3"), .integer("4"), .integer("0")])
  }
}
