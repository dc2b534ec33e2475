/// A type that a command-line value converts to, for typed access through ``ParsedCommand``.
///
/// The parser has already checked the text against the option's ``ValueKind``, so conversion
/// of parsed text does not fail; a failure means a declaration disagrees with its type.
package protocol ArgumentValue: Sendable {
  /// The value for `text`, or nil when `text` is not one.
  init?(argumentText text: String)
  /// What shell completion offers for a value of this type; nil for what the declaration says.
  static var completion: ValueCompletion? { get }
}

extension ArgumentValue {
  /// Nil: what the declaration's kind says.
  package static var completion: ValueCompletion? { nil }
}

extension String: ArgumentValue {
  /// The text itself.
  package init?(argumentText text: String) {
    self = text
  }
}

extension Int: ArgumentValue {
  /// A decimal integer, as `Int(_:)` reads it.
  package init?(argumentText text: String) {
    self.init(text, radix: 10)
  }
}

extension ArgumentValue where Self: RawRepresentable<String> & CaseIterable {
  /// The raw values of every case, the words the parser accepts.
  static var argumentChoices: [String] { allCases.map(\.rawValue) }
}
