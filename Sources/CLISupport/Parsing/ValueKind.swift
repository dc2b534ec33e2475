/// What text an option or argument accepts; the parser checks it before any command runs.
package enum ValueKind: Sendable, Equatable {
  /// Any text; the empty string only when `allowsEmpty`.
  case text(allowsEmpty: Bool)
  /// A decimal integer in `range`.
  case integer(ClosedRange<Int>)
  /// Exactly one of these words (case-sensitive).
  case choice([String])
}
