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

/// Throws unless `message` is one non-empty line without a terminal control that must never
/// reach a terminal: ESC, BEL, a C1 control (U+0080–U+009F), U+202E. Error messages quote
/// their input, so this is what their escaping must give.
package func requirePlainLine(_ message: String, _ what: String) throws(PropertyFailure) {
  try require(!message.isEmpty, "empty \(what)")
  let control = message.unicodeScalars.first {
    $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\n" || $0 == "\r" || (0x80...0x9F).contains($0.value)
      || $0 == "\u{202E}"
  }
  try require(
    control == nil, "\(what) holds U+\(String(control?.value ?? 0, radix: 16, uppercase: true)): \(quoted(message))")
}
