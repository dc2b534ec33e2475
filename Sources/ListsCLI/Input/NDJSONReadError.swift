/// Why an NDJSON stream could not be read to its end.
package enum NDJSONReadError: Error, Sendable, Equatable {
  /// The line `line` is longer than `limit` bytes (a runaway or binary file).
  case lineTooLong(line: Int, limit: Int)
  /// Reading failed with `errno` while reading line `line`.
  case readFailed(line: Int, errno: Int32)
}
