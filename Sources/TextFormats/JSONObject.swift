/// A JSON object: members in document order, keys unique (the parser rejects duplicates).
package struct JSONObject: Sendable, Equatable {
  /// One `"key": value` pair.
  package struct Member: Sendable, Equatable {
    /// The key, unescaped.
    package var key: String
    /// The value.
    package var value: JSONValue

    /// Creates a member.
    package init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// The members in document order.
  package var members: [Member]

  /// Creates an object with `members`, whose keys the caller keeps unique.
  package init(_ members: [Member] = []) {
    self.members = members
  }

  /// The value of `key`, or nil when the object has no such key.
  package subscript(key: String) -> JSONValue? {
    members.first { $0.key == key }?.value
  }

  /// The keys in document order.
  package var keys: [String] { members.map(\.key) }
}
