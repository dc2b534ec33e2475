import TextFormats

/// What every decoder of the protocol shares: parsing with a message, and naming types.
package enum ProtocolJSON {
  /// The JSON value of `bytes`.
  /// - Throws: ``ProtocolError`` naming `what` and the parser's reason.
  static func parse(_ bytes: [UInt8], what: String) throws(ProtocolError) -> JSONValue {
    do {
      return try JSONParser.parse(bytes)
    } catch {
      throw ProtocolError("\(what) is not JSON (\(error)).")
    }
  }

  /// The object `value` is.
  /// - Throws: ``ProtocolError`` saying what `what` is instead.
  static func object(_ value: JSONValue, what: String) throws(ProtocolError) -> JSONObject {
    guard let object = value.objectValue else {
      throw ProtocolError("\(what) is \(article(value.typeName)), not an object.")
    }
    return object
  }

  /// `a string`, `an object`.
  package static func article(_ typeName: String) -> String {
    (typeName.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + typeName
  }

  /// A value as an error names it: its type, and numbers and flags as written — a string by
  /// type only (an id or a value may be personal data): `a number 1.5`, `a boolean true`,
  /// `a string ""`.
  package static func describe(_ value: JSONValue) -> String {
    let shown: String
    switch value {
    case .number(let literal): shown = " " + String(literal.prefix(24))
    case .bool(let flag): shown = flag ? " true" : " false"
    case .string(let text): shown = text.isEmpty ? " \"\"" : " (text)"
    default: shown = ""
    }
    return article(value.typeName) + shown
  }
}
