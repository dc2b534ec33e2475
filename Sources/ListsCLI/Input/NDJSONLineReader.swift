/// Splits a byte stream into NDJSON lines, in constant memory whatever the stream's size.
///
/// - Lines end at `\n`; a `\r` right before it is dropped (CRLF files work).
/// - Blank lines (empty, or only spaces and tabs) are skipped but counted in line numbers.
/// - A last line without a line feed is a line.
/// - A UTF-8 byte order mark at the very start of the stream is dropped.
/// - A line longer than `maximumLineLength` bytes is an error, so memory stays bounded by
///   about `maximumLineLength + chunkSize` bytes.
///
/// Bytes are not decoded: a multi-byte character split across two reads is joined again
/// because lines are cut only at `\n`. For example:
/// ```swift
/// var reader = NDJSONLineReader(source: FileDescriptorByteSource(fileDescriptor: 0))
/// while let line = try reader.next() {
///   let value = try JSONParser.parse(line.bytes)  // errors name line.number
/// }
/// ```
package struct NDJSONLineReader<Source: ByteSource> {
  /// The default longest line: 16 MiB.
  package static var defaultMaximumLineLength: Int { 16 * 1024 * 1024 }

  private var source: Source
  private let maximumLineLength: Int
  private var buffer: [UInt8] = []
  /// Where each read lands before it is appended to `buffer`.
  private var chunk: [UInt8]
  /// Where the current (unfinished) line starts in `buffer`.
  private var lineStart = 0
  /// Where to continue looking for `\n` in `buffer`.
  private var scanStart = 0
  private var lineNumber = 0
  private var reachedEnd = false
  private var isAtStreamStart = true

  /// Creates a reader of `source`, reading `chunkSize` bytes at a time.
  package init(
    source: Source, chunkSize: Int = 64 * 1024,
    maximumLineLength: Int = Self.defaultMaximumLineLength
  ) {
    self.source = source
    self.chunk = [UInt8](repeating: 0, count: max(chunkSize, 1))
    self.maximumLineLength = max(maximumLineLength, 1)
  }

  /// How many bytes the reader holds right now (read but not yet handed out, and consumed
  /// lines not yet dropped); at most about `maximumLineLength + chunkSize`.
  package var bufferedByteCount: Int { buffer.count }

  /// The next non-blank line, or nil at the end of the stream.
  ///
  /// - Throws: ``NDJSONReadError``; after an error the reader is not to be used again.
  package mutating func next() throws(NDJSONReadError) -> NDJSONLine? {
    while true {
      if let newline = buffer[scanStart...].firstIndex(of: UInt8(ascii: "\n")) {
        let line = try takeLine(upTo: newline)
        lineStart = newline + 1
        scanStart = lineStart
        if let line { return line }
        continue
      }
      scanStart = buffer.count
      // One byte more than the limit may be the `\r` of a CRLF still to come.
      if buffer.count - lineStart > maximumLineLength + 1 {
        throw .lineTooLong(line: lineNumber + 1, limit: maximumLineLength)
      }
      if reachedEnd {
        guard lineStart < buffer.count else { return nil }
        let line = try takeLine(upTo: buffer.count)
        lineStart = buffer.count
        scanStart = lineStart
        return line
      }
      try fill()
    }
  }

  /// The line `buffer[lineStart..<end]`, counted; nil when blank.
  private mutating func takeLine(upTo end: Int) throws(NDJSONReadError) -> NDJSONLine? {
    lineNumber += 1
    isAtStreamStart = false
    var last = end
    if last > lineStart && buffer[last - 1] == UInt8(ascii: "\r") { last -= 1 }
    if last - lineStart > maximumLineLength {
      throw .lineTooLong(line: lineNumber, limit: maximumLineLength)
    }
    let isBlank = buffer[lineStart..<last].allSatisfy {
      $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t")
    }
    return isBlank ? nil : NDJSONLine(number: lineNumber, bytes: Array(buffer[lineStart..<last]))
  }

  /// Drops consumed bytes and appends the next chunk, noting the end of the stream.
  private mutating func fill() throws(NDJSONReadError) {
    if lineStart > 0 {
      buffer.removeSubrange(0..<lineStart)
      scanStart -= lineStart
      lineStart = 0
    }
    var readResult: Result<Int, ByteSourceError> = .success(0)
    chunk.withUnsafeMutableBytes { raw in
      do throws(ByteSourceError) {
        readResult = .success(try source.read(into: raw))
      } catch {
        readResult = .failure(error)
      }
    }
    switch readResult {
    case .success(let count):
      buffer.append(contentsOf: chunk[0..<count])
      if count == 0 { reachedEnd = true }
    case .failure(let error):
      throw .readFailed(line: lineNumber + 1, errno: error.errno)
    }
    if isAtStreamStart && (buffer.count >= 3 || reachedEnd) {
      isAtStreamStart = false
      if buffer.starts(with: [0xEF, 0xBB, 0xBF]) {
        buffer.removeSubrange(0..<3)
        scanStart = 0
      }
    }
  }
}
