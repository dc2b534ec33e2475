import Foundation
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Testing

@testable import ListsCLI
import TextFormats

/// A source that hands out `data` in chunks of at most `chunkSize` bytes, whatever the reader
/// asks for, and can fail on a chosen read.
struct ScriptedByteSource: ByteSource {
  let data: [UInt8]
  let chunkSize: Int
  var failOnRead: Int?
  private var offset = 0
  private var reads = 0

  init(_ data: [UInt8], chunkSize: Int, failOnRead: Int? = nil) {
    self.data = data
    self.chunkSize = chunkSize
    self.failOnRead = failOnRead
  }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ByteSourceError) -> Int {
    reads += 1
    if reads == failOnRead { throw ByteSourceError(errno: EIO) }
    let count = min(chunkSize, buffer.count, data.count - offset)
    for index in 0..<count { buffer[index] = data[offset + index] }
    offset += count
    return count
  }
}

@Suite struct NDJSONLineReaderTests {
  func lines(
    _ bytes: [UInt8], chunkSize: Int, readerChunk: Int = 64 * 1024, maximum: Int = 1 << 24
  ) throws(NDJSONReadError) -> [NDJSONLine] {
    var reader = NDJSONLineReader(
      source: ScriptedByteSource(bytes, chunkSize: chunkSize), chunkSize: readerChunk,
      maximumLineLength: maximum)
    var result: [NDJSONLine] = []
    while let line = try reader.next() { result.append(line) }
    return result
  }

  func line(_ number: Int, _ text: String) -> NDJSONLine {
    NDJSONLine(number: number, bytes: Array(text.utf8))
  }

  static let chunkSizes = [1, 2, 3, 5, 7, 64, 4096]

  @Test(arguments: chunkSizes)
  func splitsAtLineFeeds(chunkSize: Int) throws {
    let text = "{\"a\":1}\n{\"b\":2}\n"
    #expect(
      try lines(Array(text.utf8), chunkSize: chunkSize) == [
        line(1, "{\"a\":1}"), line(2, "{\"b\":2}"),
      ])
  }

  @Test(arguments: chunkSizes)
  func keepsALastLineWithoutLineFeed(chunkSize: Int) throws {
    #expect(
      try lines(Array("{}\n[1]".utf8), chunkSize: chunkSize) == [
        line(1, "{}"), line(2, "[1]"),
      ])
  }

  @Test(arguments: chunkSizes)
  func dropsTheCarriageReturnOfCRLF(chunkSize: Int) throws {
    #expect(
      try lines(Array("{}\r\n[1]\r\n\"a\rb\"\r".utf8), chunkSize: chunkSize) == [
        line(1, "{}"), line(2, "[1]"), line(3, "\"a\rb\""),
      ])
  }

  @Test(arguments: chunkSizes)
  func skipsBlankLinesButCountsThem(chunkSize: Int) throws {
    let text = "\n  \n\t\n{\"a\":1}\n\r\n\n{\"b\":2}\n\n"
    #expect(
      try lines(Array(text.utf8), chunkSize: chunkSize) == [
        line(4, "{\"a\":1}"), line(7, "{\"b\":2}"),
      ])
  }

  @Test(arguments: chunkSizes)
  func joinsMultiByteCharactersSplitAcrossReads(chunkSize: Int) throws {
    let text = "{\"t\":\"東京😀é\"}\n{\"t\":\"👩‍👩‍👧\"}"
    let result = try lines(Array(text.utf8), chunkSize: chunkSize, readerChunk: chunkSize)
    #expect(result == [line(1, "{\"t\":\"東京😀é\"}"), line(2, "{\"t\":\"👩‍👩‍👧\"}")])
    #expect(try JSONParser.parse(result[0].bytes).objectValue?["t"] == .string("東京😀é"))
  }

  @Test(arguments: [1, 2, 64])
  func dropsAByteOrderMarkAtTheStartOnly(chunkSize: Int) throws {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    #expect(
      try lines(bom + Array("{}\n[]".utf8), chunkSize: chunkSize, readerChunk: chunkSize)
        == [line(1, "{}"), line(2, "[]")])
    #expect(
      try lines(Array("{}\n".utf8) + bom + Array("[]".utf8), chunkSize: chunkSize)
        == [line(1, "{}"), NDJSONLine(number: 2, bytes: bom + Array("[]".utf8))])
  }

  @Test func anEmptyStreamHasNoLines() throws {
    #expect(try lines([], chunkSize: 4).isEmpty)
    #expect(try lines(Array("\n\n".utf8), chunkSize: 4).isEmpty)
  }

  @Test(arguments: [1, 4, 64])
  func rejectsALineLongerThanTheLimit(chunkSize: Int) {
    let text = "12345678\n123456789\n{}\n"
    #expect(throws: NDJSONReadError.lineTooLong(line: 2, limit: 8)) {
      try lines(Array(text.utf8), chunkSize: chunkSize, readerChunk: chunkSize, maximum: 8)
    }
    #expect(throws: NDJSONReadError.lineTooLong(line: 1, limit: 8)) {
      try lines(Array("123456789".utf8), chunkSize: chunkSize, readerChunk: chunkSize, maximum: 8)
    }
  }

  @Test(arguments: [1, 3, 64])
  func aCarriageReturnDoesNotCountTowardsTheLimit(chunkSize: Int) throws {
    let text = "12345678\r\n1234567\r"
    #expect(
      try lines(Array(text.utf8), chunkSize: chunkSize, readerChunk: chunkSize, maximum: 8)
        == [line(1, "12345678"), line(2, "1234567")])
  }

  @Test func reportsReadFailuresWithTheLineBeingRead() throws {
    var reader = NDJSONLineReader(
      source: ScriptedByteSource(Array("{}\n{\"a\"".utf8), chunkSize: 4, failOnRead: 2),
      chunkSize: 4)
    #expect(try reader.next() == line(1, "{}"))
    #expect(throws: NDJSONReadError.readFailed(line: 2, errno: EIO)) { try reader.next() }
  }

  @Test func memoryStaysBoundedOverManyLines() throws {
    let row = Array("{\"id\":1,\"title\":\"a fairly ordinary row of text\"}\n".utf8)
    var data: [UInt8] = []
    for _ in 0..<5000 { data += row }
    var reader = NDJSONLineReader(
      source: ScriptedByteSource(data, chunkSize: 1000), chunkSize: 1000, maximumLineLength: 100)
    var count = 0
    var largestBuffer = 0
    while let line = try reader.next() {
      count += 1
      #expect(line.bytes.count == row.count - 1)
      largestBuffer = max(largestBuffer, reader.bufferedByteCount)
    }
    #expect(count == 5000)
    #expect(largestBuffer <= 1000 + 100)
  }

  @Test func readsARealFileDescriptor() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("ndjson-\(UUID().uuidString).ndjson").path
    try "{\"a\":1}\r\n\n{\"b\":\"東京\"}".write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let fd = open(path, O_RDONLY)
    try #require(fd >= 0)
    defer { close(fd) }
    var reader = NDJSONLineReader(
      source: FileDescriptorByteSource(fileDescriptor: fd), chunkSize: 3)
    var result: [NDJSONLine] = []
    while let line = try reader.next() { result.append(line) }
    #expect(result == [line(1, "{\"a\":1}"), line(3, "{\"b\":\"東京\"}")])
  }

  @Test func aDirectoryFailsToRead() {
    let fd = open("/", O_RDONLY)
    defer { close(fd) }
    var reader = NDJSONLineReader(source: FileDescriptorByteSource(fileDescriptor: fd))
    #expect(throws: NDJSONReadError.readFailed(line: 1, errno: EISDIR)) { try reader.next() }
  }
}
