/// The definition of one `--option` of a command, from which parsing, usage and help derive.
///
/// Build one through the typed ``Flag`` and ``Option`` declarations rather than directly.
package struct OptionSpec: Sendable, Equatable {
  /// Whether the option is a boolean flag or takes a value.
  package enum Arity: Sendable, Equatable {
    /// A boolean flag: present or not, never followed by a value.
    case flag
    /// Takes a value shown as `<placeholder>` (e.g. `--limit <n>`) and checked against `kind`.
    case value(placeholder: String, kind: ValueKind)
  }

  /// The name with its dashes, e.g. `--limit`.
  package var name: String
  /// Flag or value, with the value's checks.
  package var arity: Arity
  /// One sentence for help, e.g. `Items per page.`
  package var help: String
  /// The value used when the option is not given, as the user would type it.
  package var defaultValue: String?
  /// What help shows as the default when that is not a literal value (`now`, an env variable).
  package var defaultDescription: String?
  /// Whether the command cannot run without it.
  package var isRequired: Bool
  /// Whether it may be given more than once (each value is kept).
  package var isRepeatable: Bool
  /// What shell completion offers for its value; by default a choice's words.
  package var completion: ValueCompletion
  /// Whether its value is data the command stores, not a way of calling the command: a value
  /// it rejects is then ``UsageError/isBadData``.
  package var valueIsData: Bool

  /// Creates an option definition.
  package init(
    name: String, arity: Arity, help: String, defaultValue: String? = nil,
    defaultDescription: String? = nil, isRequired: Bool = false, isRepeatable: Bool = false,
    completion: ValueCompletion? = nil, valueIsData: Bool = false
  ) {
    // Bytes, not Characters: every spec is built at each start of the command.
    precondition(
      name.utf8.count > 2 && name.utf8.starts(with: "--".utf8), "Option name '\(name)' needs '--'.")
    self.name = name
    self.arity = arity
    self.help = help
    self.defaultValue = defaultValue
    self.defaultDescription = defaultDescription
    self.isRequired = isRequired
    self.isRepeatable = isRepeatable
    self.valueIsData = valueIsData
    switch arity {
    case .flag: self.completion = .none
    case .value(_, let kind): self.completion = completion ?? ValueCompletion(kind)
    }
  }

  /// Whether this is a boolean flag.
  package var isFlag: Bool { arity == .flag }

  /// How usage and help show it: `--all` or `--limit <n>`.
  package var label: String {
    switch arity {
    case .flag: name
    case .value(let placeholder, _): "\(name) <\(placeholder)>"
    }
  }
}
