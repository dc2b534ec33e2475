import ListProtocol
import TextFormats

/// How `lists` hands a sync's headers to `lists-sync`: the variable `LISTS_SYNC_HEADERS`, one
/// `ORIGIN Name: value` line per header (also the form a person's own variable takes).
///
/// Never in the child's arguments, which `ps` shows to every user. The child refuses a line of
/// an origin other than its remote's, and no message quotes a line (it may hold a secret).
package enum HeaderHandoff {
  /// The environment variable of origin-bound headers, for `lists` and for its child.
  package static let variable = "LISTS_SYNC_HEADERS"

  /// A line of the variable that is not `ORIGIN Name: value`; the message names its number.
  package struct Problem: Error, Sendable, Equatable {
    /// One sentence, quoting no header value.
    package var message: String
  }

  /// Every line of `text` as `ORIGIN Name: value`; blank lines are skipped.
  ///
  /// - Throws: ``Problem`` naming the first line that names no origin or holds no header.
  package static func originLines(_ text: String) throws(Problem) -> [(RemoteOrigin, (name: String, value: String))] {
    var lines: [(RemoteOrigin, (name: String, value: String))] = []
    for (number, line) in numberedLines(text) {
      let word = line.prefix { $0 != " " && $0 != "\t" }
      guard let origin = RemoteOrigin(origin: word) else {
        throw Problem(
          message: "Line \(number) of \(variable) names no origin; each line is \"https://host[:port] Name: value\" "
            + "and nothing was sent.")
      }
      guard let field = HTTPHeaderSyntax.split(line.dropFirst(word.count).drop { $0 == " " || $0 == "\t" }) else {
        throw Problem(message: "Line \(number) of \(variable) is not \"ORIGIN Name: value\"; nothing was sent.")
      }
      lines.append((origin, field))
    }
    return lines
  }

  /// The lines of `text` that are not blank, numbered from 1; a line ends with LF or CR LF.
  package static func numberedLines(_ text: String) -> [(Int, Substring)] {
    // CR LF is one Character in Swift: split on either.
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.enumerated().compactMap {
      index, line in line.allSatisfy({ $0 == " " || $0 == "\t" }) ? nil : (index + 1, line)
    }
  }
}
