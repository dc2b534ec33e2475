import CLISupport

/// Text given to this process that is not valid UTF-8: a command-line argument or an
/// environment variable.
///
/// Swift decodes `CommandLine.arguments` and `getenv` with repair, each bad byte becoming
/// U+FFFD, so `--ref $'caf\xe9'` would be stored as another ref than the one given and a
/// `--db` path would name another file. lists refuses such text instead, naming where it was.
package struct InvalidText: Error, Equatable, Sendable {
  /// Where the text came from.
  package enum Source: Equatable, Sendable {
    /// The argument at this 1-based position after the program name.
    case argument(Int)
    /// The environment variable of this name.
    case variable(String)
  }

  /// Where the text came from.
  package var source: Source
  /// The text as given.
  package var bytes: [UInt8]

  /// One sentence: which text, shown with its bad bytes as `\xFF`, and what to do.
  package var message: String {
    let shown = Self.shown(bytes)
    switch source {
    case .argument(let position):
      return "Argument \(position) ('\(shown)') is not valid UTF-8; lists takes text as UTF-8."
    case .variable(let name):
      return "The environment variable \(name) ('\(shown)') is not valid UTF-8; "
        + "set it to UTF-8 text or unset it."
    }
  }

  /// `arguments` (the words after the program name) as strings, or the first one that is not
  /// valid UTF-8.
  package static func decode(arguments: [[UInt8]]) -> Result<[String], InvalidText> {
    var decoded: [String] = []
    decoded.reserveCapacity(arguments.count)
    for (index, bytes) in arguments.enumerated() {
      guard let text = String(validating: bytes, as: UTF8.self) else {
        return .failure(InvalidText(source: .argument(index + 1), bytes: bytes))
      }
      decoded.append(text)
    }
    return .success(decoded)
  }

  /// Printable ASCII as it is, every other byte as `\xHH`, at most 60 bytes.
  private static func shown(_ bytes: [UInt8]) -> String {
    var text = ""
    for byte in bytes.prefix(60) {
      if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") {
        text.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        text += "\\x" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return bytes.count > 60 ? text + "…" : text
  }
}
