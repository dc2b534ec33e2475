/// A typed declaration of a boolean flag, e.g. `--json`; read it with `parsed[flag]`.
package struct Flag: Sendable {
  /// The definition the parser and help use.
  package let spec: OptionSpec

  /// Declares the flag `name` (with dashes).
  package init(_ name: String, help: String) {
    spec = OptionSpec(name: name, arity: .flag, help: help)
  }
}
