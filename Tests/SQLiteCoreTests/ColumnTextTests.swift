import SQLiteCore
import Testing

/// A text column read as a `String`: short texts through the inline path, long ones decoded,
/// both giving what `String(decoding:as:)` gives — invalid UTF-8 (another program's bytes)
/// repaired with U+FFFD, not refused — and NULL, integers and empty texts as SQLite gives them.
@Suite struct ColumnTextTests {
  static let samples: [[UInt8]] = [
    [],
    Array("EUR".utf8),
    Array("ORD-0000012345".utf8),
    Array("exactly 15 byte".utf8),
    Array("sixteen bytes ok".utf8),
    Array("Käse 🧀 and a longer title past the inline size".utf8),
    [0x41, 0xFF, 0x42],
    [0xE2, 0x82],
    [0xC3],
    Array(repeating: 0x80, count: 15),
    Array(repeating: 0x80, count: 16),
    Array("fifteen bytes".utf8) + [0xF0, 0x9F],
  ]

  @Test(arguments: samples) func aTextReadsAsDecodingReadsIt(_ bytes: [UInt8]) throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t (v TEXT)")
    // A blob literal cast to text, so that the stored text holds the bytes as they are.
    let hex = bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
    try connection.execute("INSERT INTO t VALUES (CAST(X'\(hex.joined())' AS TEXT))")
    let select = try connection.prepare("SELECT v, typeof(v) FROM t")
    #expect(try select.step())
    #expect(select.text(at: 1) == "text")
    let read = select.text(at: 0)
    #expect(read == String(decoding: bytes, as: UTF8.self))
    #expect(Array(read.utf8) == Array(String(decoding: bytes, as: UTF8.self).utf8))
    select.row.withUTF8(at: 0) { #expect(Array($0) == bytes) }
  }

  @Test func nullAndIntegersReadAsSQLiteGivesThem() throws {
    let connection = try Connection(path: ":memory:")
    let select = try connection.prepare("SELECT NULL, 42, -7.5, ''")
    #expect(try select.step())
    #expect(select.text(at: 0) == "")
    #expect(select.text(at: 1) == "42")
    #expect(select.text(at: 2) == "-7.5")
    #expect(select.text(at: 3) == "")
    select.row.withUTF8(at: 0) { #expect($0.baseAddress == nil && $0.isEmpty) }
    select.row.withUTF8(at: 3) { #expect($0.baseAddress != nil && $0.isEmpty) }
  }
}
