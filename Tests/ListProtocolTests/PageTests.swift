import ListProtocol
import Testing
import TextFormats

@Suite struct PageTests {
  private func object(_ text: String) throws -> JSONObject {
    try #require(try JSONParser.parse(text).objectValue)
  }

  @Test func encodesMembersInOrderAndDecodesBack() throws {
    let page = Page(
      items: [try object(#"{"id":"7","version":3,"title":"Dune","price":19.99}"#)], nextCursor: nil,
      checkpoint: "12", deleted: [.string("4"), .integer("9")])
    let text = String(decoding: page.encoded, as: UTF8.self)
    #expect(
      text
        == #"{"items":[{"id":"7","version":3,"title":"Dune","price":19.99}],"next_cursor":null,"checkpoint":"12","deleted":["4",9]}"#
    )
    #expect(try Page.decode(page.encoded) == page)
  }

  @Test func itemsWrittenAlreadyMakeTheSameBytes() throws {
    let items = [#"{"id":"1","version":2,"title":"A"}"#, #"{"id":"2","version":1}"#]
    for (cursor, checkpoint, deleted) in [
      ("c", nil, nil), (nil, "7", [WireID.string("3")]), (nil, nil, []),
    ] as [(String?, String?, [WireID]?)] {
      let page = Page(
        items: try items.map(object), nextCursor: cursor, checkpoint: checkpoint, deleted: deleted)
      let written = Page.encode(
        itemsJSON: Array(items.joined(separator: ",").utf8), nextCursor: cursor,
        checkpoint: checkpoint, deleted: deleted)
      #expect(
        String(decoding: written, as: UTF8.self) == String(decoding: page.encoded, as: UTF8.self))
    }
    #expect(Page.encode(itemsJSON: [], nextCursor: nil) == Page(items: [], nextCursor: nil).encoded)
  }

  @Test func aMiddlePageHasACursorAndNoWalkMembers() throws {
    let page = Page(items: [], nextCursor: "a b&c")
    #expect(String(decoding: page.encoded, as: UTF8.self) == #"{"items":[],"next_cursor":"a b&c"}"#)
    #expect(try Page.decode(page.encoded) == page)
  }

  @Test(arguments: [
    (#"[]"#, "the body is an array, not an object."),
    (#"{"next_cursor":null}"#, "the body has no \"items\"."),
    (#"{"items":{},"next_cursor":null}"#, "\"items\" is an object, not an array."),
    (#"{"items":[1],"next_cursor":null}"#, "item 1 is a number, not an object."),
    (#"{"items":[]}"#, "the body has no \"next_cursor\"."),
    (#"{"items":[],"next_cursor":""}"#, "\"next_cursor\" is an empty string; the last page has null."),
    (#"{"items":[],"next_cursor":3}"#, "\"next_cursor\" is a number, not a string or null."),
    (#"{"items":[],"next_cursor":null,"checkpoint":""}"#, "\"checkpoint\" is an empty string."),
    (
      #"{"items":[],"next_cursor":null,"checkpoint":5}"#,
      "\"checkpoint\" is a number, not a string or null."
    ),
    (
      #"{"items":[],"next_cursor":null,"deleted":[true]}"#,
      "\"deleted\" 1 is a boolean true, not a non-empty string or an integer."
    ),
    (#"{"items":[],"next_cursor":null,"deleted":"x"}"#, "\"deleted\" is a string, not an array."),
  ])
  func refusesWhatIsNotAPage(body: String, message: String) {
    #expect(throws: ProtocolError(message)) { try Page.decode(Array(body.utf8)) }
  }

  @Test func refusesBytesThatAreNotJSON() {
    #expect(throws: ProtocolError.self) { try Page.decode(Array("{\"items\":[".utf8)) }
  }
}
