/// The definition of one positional argument of a command, e.g. `<list>` or `<id> ...`.
///
/// Build one through the typed ``Argument`` declaration rather than directly.
package struct ArgumentSpec: Sendable, Equatable {
  /// The name shown as `<name>`, also the noun of errors: `Unknown list 'orderz'.`
  package var name: String
  /// The values it accepts.
  package var kind: ValueKind
  /// One sentence for help.
  package var help: String
  /// Whether the command cannot run without it.
  package var isRequired: Bool
  /// Whether it takes every remaining positional value (only the last argument may).
  package var isVariadic: Bool
  /// What shell completion offers for it; by default a choice's words.
  package var completion: ValueCompletion

  /// Creates an argument definition.
  package init(
    name: String, kind: ValueKind, help: String, isRequired: Bool = true, isVariadic: Bool = false,
    completion: ValueCompletion? = nil
  ) {
    self.name = name
    self.kind = kind
    self.help = help
    self.isRequired = isRequired
    self.isVariadic = isVariadic
    self.completion = completion ?? ValueCompletion(kind)
  }

  /// How usage shows it: `<list>`, `[<list>]`, `<id> ...` or `[<id> ...]`.
  package var usage: String {
    let core = isVariadic ? "<\(name)> ..." : "<\(name)>"
    return isRequired ? core : "[\(core)]"
  }
}
