/// One non-blank line of an NDJSON stream.
package struct NDJSONLine: Sendable, Equatable {
  /// The 1-based line number in the stream, blank lines counted.
  package var number: Int
  /// The line's bytes without the line feed (and without a carriage return before it).
  package var bytes: [UInt8]

  /// Creates a line.
  package init(number: Int, bytes: [UInt8]) {
    self.number = number
    self.bytes = bytes
  }
}
