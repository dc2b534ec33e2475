import TextFormats

/// Reads the fields of one imported JSON object, with errors that name the field.
///
/// Every key must be one the list knows (a misspelt key is an error, not a silently missing
/// value); `id` is accepted and ignored, since imported items get new ids.
package struct DraftFields {
  /// A field that is missing, of the wrong type, unknown, or invalid.
  package struct Problem: Error, Equatable {
    /// The sentence, e.g. `field 'title' is missing`.
    package var reason: String

    /// A problem saying `reason`.
    package init(reason: String) { self.reason = reason }
  }

  private let object: JSONObject

  /// Checks `value` is an object whose keys are all in `known` (or `id`).
  package init(_ value: JSONValue, known: [String]) throws(Problem) {
    guard let object = value.objectValue else {
      throw Problem(reason: "expected a JSON object, got \(value.typeName).")
    }
    for key in object.keys where key != "id" && !known.contains(key) {
      let hint = NearMiss.suggestion(for: key, among: known).map { " Did you mean '\($0)'?" } ?? ""
      throw Problem(reason: "unknown field '\(TerminalEscaping.escape(key))'.\(hint)")
    }
    self.object = object
  }

  /// A string field that must be present.
  package func string(_ key: String) throws(Problem) -> String {
    guard let value = try optionalString(key) else {
      throw Problem(reason: "field '\(key)' is missing.")
    }
    return value
  }

  /// A string field that may be missing or null.
  package func optionalString(_ key: String) throws(Problem) -> String? {
    guard let value = object[key], !value.isNull else { return nil }
    guard let text = value.stringValue else {
      throw Problem(reason: "field '\(key)' must be a string, got \(value.typeName).")
    }
    return text
  }

  /// A boolean field; `false` when missing or null.
  package func bool(_ key: String) throws(Problem) -> Bool {
    guard let value = object[key], !value.isNull else { return false }
    guard let flag = value.boolValue else {
      throw Problem(reason: "field '\(key)' must be true or false, got \(value.typeName).")
    }
    return flag
  }

  /// An ISO 8601 time field; nil when missing or null.
  package func timestamp(_ key: String) throws(Problem) -> Timestamp? {
    guard let text = try optionalString(key) else { return nil }
    return try checked(key) { () throws(ListStoreError) in try Timestamp(iso8601: text) }
  }

  /// Whether the object has `key`, null or not.
  package func holds(_ key: String) -> Bool {
    object[key] != nil
  }

  /// The raw JSON value of `key`, or nil when missing or null.
  package func value(_ key: String) -> JSONValue? {
    guard let value = object[key], !value.isNull else { return nil }
    return value
  }

  /// Runs a store validation, turning its error into a problem naming `key`.
  package func checked<T>(_ key: String, _ body: () throws(ListStoreError) -> T) throws(Problem) -> T {
    do {
      return try body()
    } catch {
      throw Problem(reason: "field '\(key)': \(error.message)")
    }
  }
}
