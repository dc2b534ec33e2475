import Testing

@testable import ListsCLI

@Suite struct CSVWriterTests {
  @Test(
    arguments: [
      ("plain", "plain"),
      ("", ""),
      (" spaced ", " spaced "),
      ("a,b", "\"a,b\""),
      ("say \"hi\"", "\"say \"\"hi\"\"\""),
      ("\"", "\"\"\"\""),
      ("line\nbreak", "\"line\nbreak\""),
      ("carriage\rreturn", "\"carriage\rreturn\""),
      ("東京, 日本", "\"東京, 日本\""),
      ("semi;colon\ttab", "semi;colon\ttab"),
    ] as [(String, String)])
  func quotesOnlyWhenNeeded(field: String, csv: String) {
    var writer = CSVWriter()
    writer.field(field)
    #expect(String(decoding: writer.bytes, as: UTF8.self) == csv)
  }

  @Test func writesAHeaderAndRecordsWithCRLF() {
    var writer = CSVWriter()
    writer.record(["id", "title", "note"])
    writer.field(1)
    writer.field("Mug, \"blue\"")
    writer.field(nil as String?)
    writer.endRecord()
    writer.field(-20)
    writer.field(nil as Int?)
    writer.field("x")
    writer.endRecord()
    #expect(
      String(decoding: writer.bytes, as: UTF8.self)
        == "id,title,note\r\n1,\"Mug, \"\"blue\"\"\",\r\n-20,,x\r\n")
  }

  @Test func removeAllStartsAFreshRecord() {
    var writer = CSVWriter()
    writer.field("a")
    writer.removeAll()
    writer.field("b")
    writer.endRecord()
    #expect(writer.bytes == Array("b\r\n".utf8))
  }

  @Test func growsPastItsCapacity() {
    var writer = CSVWriter(capacity: 1)
    let long = String(repeating: "\"東,", count: 1000)
    writer.record([long, "x"])
    let expected = "\"" + String(repeating: "\"\"東,", count: 1000) + "\",x\r\n"
    #expect(writer.count == expected.utf8.count)
    #expect(writer.withBytes { Array($0) } == Array(expected.utf8))
  }
}
