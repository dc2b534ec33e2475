/// Why a JSON text was rejected, and where.
package struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The 0-based offset of the offending byte in the input.
  package var offset: Int
  /// One lower-case phrase: `unexpected end of input`, `duplicate key "id"`.
  package var reason: String

  /// Creates an error at byte `offset`.
  package init(offset: Int, reason: String) {
    self.offset = offset
    self.reason = reason
  }

  /// The 1-based byte column of the offending byte, as messages show it.
  package var column: Int { offset + 1 }

  /// `column 12: unexpected character '}'`.
  package var description: String { "column \(column): \(reason)" }
}
