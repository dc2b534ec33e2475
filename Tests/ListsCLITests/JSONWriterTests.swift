import Testing

@testable import ListsCLI
import TextFormats

@Suite struct JSONWriterTests {
  func text(_ build: (inout JSONWriter) -> Void) -> String {
    var writer = JSONWriter()
    build(&writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  @Test func aDocumentWrittenOutInPartsKeepsItsCommas() {
    var writer = JSONWriter()
    var out: [UInt8] = []
    writer.beginObject()
    writer.key("items")
    writer.beginArray()
    writer.int(1)
    out += writer.bytes
    writer.removeWritten()
    #expect(writer.count == 0)
    writer.int(2)
    writer.endArray()
    writer.key("done")
    writer.bool(true)
    writer.endObject()
    out += writer.bytes
    #expect(String(decoding: out, as: UTF8.self) == #"{"items":[1,2],"done":true}"#)
  }

  @Test(
    arguments: [
      ("plain", #""plain""#),
      ("", #""""#),
      ("say \"hi\"", #""say \"hi\"""#),
      ("C:\\dir", #""C:\\dir""#),
      ("a\nb\rc\td", #""a\nb\rc\td""#),
      ("\u{0}", #""\u0000""#),
      ("\u{1B}[31m", #""\u001b[31m""#),
      ("\u{8}\u{C}\u{1F}", #""\u0008\u000c\u001f""#),
      ("\u{7F}", "\"\u{7F}\""),
      ("é東😀", "\"é東😀\""),
      ("\u{2028}\u{202E}", "\"\u{2028}\u{202E}\""),
      ("/", #""/""#),
    ] as [(String, String)])
  func escapesOnlyWhatJSONRequires(value: String, json: String) {
    #expect(text { $0.string(value) } == json)
  }

  @Test(
    arguments: [
      (0, "0"), (7, "7"), (10, "10"), (-5, "-5"), (1999, "1999"),
      (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808"),
    ] as [(Int, String)])
  func writesIntegers(value: Int, json: String) {
    #expect(text { $0.int(value) } == json)
  }

  @Test func placesCommasAndColons() {
    let json = text { writer in
      writer.beginObject()
      writer.key("list")
      writer.string("orders")
      writer.key("items")
      writer.beginArray()
      writer.beginObject()
      writer.key("id")
      writer.int(1)
      writer.key("note")
      writer.string(nil as String?)
      writer.endObject()
      writer.beginObject()
      writer.endObject()
      writer.endArray()
      writer.key("page")
      writer.beginObject()
      writer.key("has_more")
      writer.bool(false)
      writer.key("next_cursor")
      writer.null()
      writer.key("count")
      writer.int(nil as Int?)
      writer.endObject()
      writer.key("empty")
      writer.beginArray()
      writer.endArray()
      writer.key("ok")
      writer.bool(true)
      writer.endObject()
    }
    #expect(
      json
        == #"{"list":"orders","items":[{"id":1,"note":null},{}],"#
        + #""page":{"has_more":false,"next_cursor":null,"count":null},"empty":[],"ok":true}"#)
  }

  @Test func newlineStartsAnotherTopLevelValue() {
    var writer = JSONWriter()
    for id in 1...2 {
      writer.beginObject()
      writer.key("event")
      writer.string("loaded")
      writer.key("page")
      writer.int(id)
      writer.endObject()
      writer.newline()
    }
    #expect(
      String(decoding: writer.bytes, as: UTF8.self)
        == "{\"event\":\"loaded\",\"page\":1}\n{\"event\":\"loaded\",\"page\":2}\n")
    writer.removeAll()
    #expect(writer.bytes.isEmpty)
    writer.int(3)
    #expect(writer.bytes == Array("3".utf8))
  }

  @Test func writesParsedValuesBackWithExactNumbers() throws {
    let source =
      #"{"total":19.99,"big":123456789012345678901234567890,"e":1E-7,"#
      + #""tags":["a",null,true],"nested":{"k":"\u001b"}}"#
    let value = try JSONParser.parse(source)
    #expect(text { $0.value(value) } == source)
  }

  @Test func growsPastItsCapacityAndHandsOutBytesWithoutCopying() {
    var writer = JSONWriter(capacity: 1)
    let long = String(repeating: "a\"\u{1}東", count: 2000)
    writer.beginArray()
    writer.string(long)
    writer.int(Int.min)
    writer.endArray()
    let expected =
      "[\"" + String(repeating: "a\\\"\\u0001東", count: 2000) + "\","
      + "-9223372036854775808]"
    #expect(writer.count == expected.utf8.count)
    #expect(writer.withBytes { Array($0) } == Array(expected.utf8))
    #expect(writer.bytes == Array(expected.utf8))
  }
}
