/// A property of the code under test that one input broke, with what was expected and found.
///
/// Fuzz targets check properties by throwing it; under libFuzzer it becomes a crash (so the input
/// is saved), in the corpus replayer a failed file.
package struct PropertyFailure: Error, Sendable, CustomStringConvertible {
  /// The property and the values that break it, on one line.
  package var description: String

  /// Creates a failure described by `description`.
  package init(_ description: String) {
    self.description = description
  }
}

/// Throws a ``PropertyFailure`` with `message` unless `condition` holds.
package func require(
  _ condition: Bool, _ message: @autoclosure () -> String
) throws(PropertyFailure) {
  if !condition { throw PropertyFailure(message()) }
}

/// `text` with its bytes shown as Swift would write them, for failure messages.
package func quoted(_ text: String) -> String {
  text.debugDescription
}

/// `bytes` in hex, at most `limit` of them, for failure messages.
package func hexDump(_ bytes: some Collection<UInt8>, limit: Int = 64) -> String {
  let digits = Array("0123456789abcdef")
  var text = ""
  for byte in bytes.prefix(limit) {
    text.append(digits[Int(byte >> 4)])
    text.append(digits[Int(byte & 0xF)])
  }
  return bytes.count > limit ? text + "…(\(bytes.count) bytes)" : text
}
