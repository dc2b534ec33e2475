/// The definition of one command — its arguments, options and subcommands — as data.
///
/// The parser, the usage line of errors and the help pages are all generated from it, so they
/// cannot disagree. For example:
/// ```swift
/// CommandSpec(
///   name: "show", abstract: "Shows one page of a list.", id: .show,
///   arguments: [ShowSpec.list.spec], options: [ShowSpec.limit.spec, ShowSpec.json.spec])
/// ```
package struct CommandSpec: Sendable {
  /// The word that selects it, e.g. `show`; for the root, the program's name (`lists`).
  package var name: String
  /// One sentence for OVERVIEW and the parent's SUBCOMMANDS list.
  package var abstract: String
  /// More text shown in help after USAGE, or nil.
  package var discussion: String?
  /// What to run, or nil for a group that needs a subcommand (`add`) and for the help command.
  package var id: CommandID?
  /// Positional arguments, in order; only the last may be variadic.
  package var arguments: [ArgumentSpec]
  /// Options, in the order help shows them.
  package var options: [OptionSpec]
  /// Subcommands selected by the first positional word; with ``arguments`` too, a first word
  /// that names none is the first argument.
  package var subcommands: [CommandSpec]
  /// What a subcommand is called in usage and errors: `command`, or `list` for `add`.
  package var subcommandNoun: String
  /// Whether help, the man page and completion leave it out (`__complete`, for the shells).
  package var isHidden: Bool

  /// Creates a command definition.
  package init(
    name: String, abstract: String, discussion: String? = nil, id: CommandID?,
    arguments: [ArgumentSpec] = [], options: [OptionSpec] = [], subcommands: [CommandSpec] = [],
    subcommandNoun: String = "command", isHidden: Bool = false
  ) {
    precondition(
      arguments.dropLast().allSatisfy { !$0.isVariadic },
      "Only the last argument of '\(name)' may be variadic.")
    // A command with arguments may also have subcommands (`sync KIND`, `sync status`): a first
    // word that names a subcommand selects it, any other is the first argument. Its words
    // must be words the argument never takes (`status` and `resolve` are no kind's names).
    precondition(
      subcommands.isEmpty || options.isEmpty || !arguments.isEmpty,
      "Command '\(name)' has subcommands, so its options belong to them.")
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.id = id
    self.arguments = arguments
    self.options = options
    self.subcommands = subcommands
    self.subcommandNoun = subcommandNoun
    self.isHidden = isHidden
  }

  /// The subcommands help, the man page and completion show.
  package var visibleSubcommands: [CommandSpec] { subcommands.filter { !$0.isHidden } }

  /// The subcommand called `name`.
  package func subcommand(named name: String) -> CommandSpec? {
    subcommands.first { $0.name == name }
  }

  /// The option called `name` (with dashes).
  package func option(named name: String) -> OptionSpec? {
    options.first { $0.name == name }
  }

  /// The command at `path` below this one (`["add", "orders"]`), or nil.
  package func descendant(at path: [String]) -> CommandSpec? {
    var spec = self
    for word in path {
      guard let next = spec.subcommand(named: word) else { return nil }
      spec = next
    }
    return spec
  }

  /// Whether it runs without a subcommand (the root does, `add` does not).
  package var isRunnable: Bool { id != nil }
}
