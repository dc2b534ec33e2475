/// Read access to environment variables, injectable so defaults can be tested.
///
/// For example:
/// ```swift
/// let environment = Environment(["LISTS_ACCOUNT": "work"])
/// environment["LISTS_ACCOUNT"]  // "work"
/// ```
package struct Environment: Sendable {
  private let lookup: @Sendable (String) -> String?
  private let raw: @Sendable (String) -> [UInt8]?

  /// The environment of this process, read with `getenv(3)` at each lookup.
  package static let process = Environment(
    lookup: { name in System.environmentBytes(name).map { String(decoding: $0, as: UTF8.self) } },
    raw: { name in System.environmentBytes(name) })

  /// An environment holding exactly `values`.
  package init(_ values: [String: String]) {
    self.lookup = { values[$0] }
    self.raw = { values[$0].map { Array($0.utf8) } }
  }

  private init(
    lookup: @escaping @Sendable (String) -> String?, raw: @escaping @Sendable (String) -> [UInt8]?
  ) {
    self.lookup = lookup
    self.raw = raw
  }

  /// The first of `names` that is set to bytes that are not valid UTF-8 (which the subscript
  /// would have repaired with U+FFFD), or nil.
  package func invalidText(among names: [String]) -> InvalidText? {
    for name in names {
      if let bytes = raw(name), String(validating: bytes, as: UTF8.self) == nil {
        return InvalidText(source: .variable(name), bytes: bytes)
      }
    }
    return nil
  }

  /// The value of the variable `name`: nil when unset, `""` when set to the empty string.
  package subscript(name: String) -> String? {
    lookup(name)
  }

  /// The value of `name` when it is set and not empty.
  package func nonEmpty(_ name: String) -> String? {
    guard let value = self[name], !value.isEmpty else { return nil }
    return value
  }
}
