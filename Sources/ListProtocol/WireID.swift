import TextFormats

/// An item's id as the protocol carries it: a non-empty string (what `lists-server` sends) or an
/// integer (what other remotes may send), kept as its literal text.
package enum WireID: Sendable, Hashable, CustomStringConvertible {
  /// A string id.
  case string(String)
  /// An integer id, as its literal text.
  case integer(String)

  /// The id a JSON value holds — a non-empty string, or an integer literal — or nil.
  package init?(_ value: JSONValue?) {
    switch value {
    case .string(let text)? where !text.isEmpty: self = .string(text)
    case .number(let literal)? where Self.isIntegerLiteral(literal): self = .integer(literal)
    default: return nil
    }
  }

  /// The id as text: the string, or the integer's digits.
  package var text: String {
    switch self {
    case .string(let text), .integer(let text): text
    }
  }

  /// The id as text.
  package var description: String { text }

  /// The id as a JSON value, with the type it came with.
  package var jsonValue: JSONValue {
    switch self {
    case .string(let text): .string(text)
    case .integer(let literal): .number(literal)
    }
  }

  /// Whether `literal` is an integer: an optional minus and at least one digit.
  static func isIntegerLiteral(_ literal: String) -> Bool {
    let digits =
      literal.utf8.first == UInt8(ascii: "-") ? literal.utf8.dropFirst() : literal.utf8[...]
    return !digits.isEmpty
      && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }
}
