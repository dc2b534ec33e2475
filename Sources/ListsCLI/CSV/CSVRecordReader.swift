/// Splits a byte stream of RFC 4180 CSV into records, in constant memory whatever its size.
///
/// - Records end at CRLF or a bare LF; a last record without one is a record.
/// - A field in double quotes may hold commas, quotes (doubled) and line breaks, kept exactly.
/// - Blank lines between records are skipped, but counted in line numbers.
/// - A UTF-8 byte order mark at the very start is dropped.
/// - A record longer than `maximumRecordLength` bytes is an error, so memory stays bounded.
///
/// For example:
/// ```swift
/// var reader = CSVRecordReader(source: FileDescriptorByteSource(fileDescriptor: 0))
/// while let record = try reader.next() {
///   print(record.line, record.fields)  // 1 ["id", "title"]
/// }
/// ```
package struct CSVRecordReader<Source: ByteSource> {
  /// One record: its fields and the line it starts on (1-based).
  package struct Record: Equatable, Sendable {
    /// The line of the input the record starts on.
    package var line: Int
    /// The fields, unquoted.
    package var fields: [String]
  }

  /// Why a stream is not CSV.
  package enum ReadError: Error, Equatable {
    /// A quote in the middle of an unquoted field, or text right after a closing quote.
    case strayQuote(line: Int)
    /// The stream ended inside a quoted field.
    case unterminatedQuote(line: Int)
    /// A record longer than the limit.
    case recordTooLong(line: Int, limit: Int)
    /// Reading the input failed.
    case readFailed(ByteSourceError)
  }

  private var source: Source
  private let maximumRecordLength: Int
  private var chunk: [UInt8]
  private var chunkCount = 0
  private var position = 0
  private var reachedEnd = false
  private var line = 1
  private var isAtStreamStart = true

  /// Creates a reader of `source`, reading `chunkSize` bytes at a time.
  package init(source: Source, chunkSize: Int = 64 * 1024, maximumRecordLength: Int = 16 * 1024 * 1024) {
    self.source = source
    self.chunk = [UInt8](repeating: 0, count: max(chunkSize, 1))
    self.maximumRecordLength = max(maximumRecordLength, 1)
  }

  /// The next record, or nil at the end of the stream.
  /// - Throws: ``ReadError``; after an error the reader is not to be used again.
  package mutating func next() throws(ReadError) -> Record? {
    if isAtStreamStart {
      isAtStreamStart = false
      try skipByteOrderMark()
    }
    // Skip blank lines.
    while true {
      guard let byte = try peek() else { return nil }
      if byte == 0x0A {
        position += 1
        line += 1
      } else if byte == 0x0D {
        position += 1
      } else {
        break
      }
    }
    let start = line
    var fields: [String] = []
    var field: [UInt8] = []
    var length = 0
    var quoted = false
    var afterQuote = false
    while let byte = try peek() {
      position += 1
      length += 1
      if length > maximumRecordLength { throw .recordTooLong(line: start, limit: maximumRecordLength) }
      if quoted {
        if byte == UInt8(ascii: "\"") {
          if try peek() == UInt8(ascii: "\"") {
            position += 1
            field.append(byte)
          } else {
            quoted = false
            afterQuote = true
          }
        } else {
          if byte == 0x0A { line += 1 }
          field.append(byte)
        }
        continue
      }
      switch byte {
      case UInt8(ascii: ","):
        fields.append(String(decoding: field, as: UTF8.self))
        field.removeAll(keepingCapacity: true)
        afterQuote = false
      case 0x0A:
        line += 1
        fields.append(String(decoding: field, as: UTF8.self))
        return Record(line: start, fields: fields)
      case 0x0D where try peek() == 0x0A:
        break
      case UInt8(ascii: "\""):
        guard field.isEmpty && !afterQuote else { throw .strayQuote(line: line) }
        quoted = true
      default:
        if afterQuote { throw .strayQuote(line: line) }
        field.append(byte)
      }
    }
    if quoted { throw .unterminatedQuote(line: start) }
    fields.append(String(decoding: field, as: UTF8.self))
    return Record(line: start, fields: fields)
  }

  /// Drops a UTF-8 byte order mark at the start of the stream. The few bytes of one that is
  /// only begun are invalid UTF-8 whatever is done with them, and are dropped too.
  private mutating func skipByteOrderMark() throws(ReadError) {
    for expected: UInt8 in [0xEF, 0xBB, 0xBF] {
      guard try peek() == expected else { return }
      position += 1
    }
  }

  /// The byte at the read position, reading more when needed; nil at the end.
  private mutating func peek() throws(ReadError) -> UInt8? {
    if position == chunkCount {
      if reachedEnd { return nil }
      var failure: ByteSourceError?
      chunkCount = chunk.withUnsafeMutableBytes { buffer in
        do throws(ByteSourceError) {
          return try source.read(into: buffer)
        } catch {
          failure = error
          return 0
        }
      }
      if let failure { throw .readFailed(failure) }
      position = 0
      if chunkCount == 0 {
        reachedEnd = true
        return nil
      }
    }
    return chunk[position]
  }
}
