/// Which command a parsed command line runs, a typed name; switch on it to dispatch.
///
/// A program declares its commands as static members in an extension, and its specs use them:
/// ```swift
/// extension CommandID {
///   static let show = CommandID("show")
/// }
/// switch parsed.id {
/// case .show: ...
/// default: preconditionFailure("No command runs \(String(describing: parsed.id)).")
/// }
/// ```
package struct CommandID: Hashable, Sendable, CustomStringConvertible {
  /// The name it is known by; two IDs with one name are the same command.
  package let name: String

  /// The command called `name`.
  package init(_ name: String) {
    self.name = name
  }

  /// The name.
  package var description: String { name }
}
