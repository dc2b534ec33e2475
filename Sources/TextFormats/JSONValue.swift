/// A JSON value as parsed by ``JSONParser``: numbers keep their exact literal text.
///
/// `19.99` stays the text `19.99` — never a `Double` — so an amount is converted to minor
/// units exactly by the code that knows the currency.
package indirect enum JSONValue: Sendable, Equatable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, as its literal text (`-0`, `1e3`, `19.99`).
  case number(String)
  /// A string, unescaped.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, its members in document order.
  case object(JSONObject)

  /// The string, when this is one.
  package var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The object, when this is one.
  package var objectValue: JSONObject? {
    if case .object(let object) = self { return object }
    return nil
  }

  /// The number's literal text, when this is a number.
  package var numberLiteral: String? {
    if case .number(let literal) = self { return literal }
    return nil
  }

  /// The number as an `Int`, when it is an integer literal (no fraction or exponent) that fits.
  package var intValue: Int? {
    guard case .number(let literal) = self else { return nil }
    return Int(literal, radix: 10)
  }

  /// The flag, when this is `true` or `false`.
  package var boolValue: Bool? {
    if case .bool(let flag) = self { return flag }
    return nil
  }

  /// Whether this is `null`.
  package var isNull: Bool { self == .null }

  /// The name of the value's type for messages: `string`, `number`, `object`...
  package var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }
}
