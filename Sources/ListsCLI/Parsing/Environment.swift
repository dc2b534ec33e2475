import Glibc

/// Read access to environment variables, injectable so defaults can be tested.
///
/// For example:
/// ```swift
/// let environment = Environment(["LISTS_ACCOUNT": "work"])
/// environment["LISTS_ACCOUNT"]  // "work"
/// ```
package struct Environment: Sendable {
  private let lookup: @Sendable (String) -> String?

  /// The environment of this process, read with `getenv(3)` at each lookup.
  package static let process = Environment { name in
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
  }

  /// An environment holding exactly `values`.
  package init(_ values: [String: String]) {
    self.lookup = { values[$0] }
  }

  private init(lookup: @escaping @Sendable (String) -> String?) {
    self.lookup = lookup
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
