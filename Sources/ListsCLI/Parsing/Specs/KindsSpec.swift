import CLISupport

/// `lists kinds [add FILE | update FILE | show NAME [--json] | remove NAME --yes]`.
package enum KindsSpec {
  /// `kinds add FILE`.
  package enum Add {
    /// The definition file, `-` for stdin.
    package static let file = Argument<String>("file", help: "The kind's JSON definition; - reads stdin.")
    /// The command.
    package static let command = CommandSpec(
      name: "add", abstract: "Registers the kind a JSON definition describes.",
      discussion: "Makes the kind's table, its indexes and the triggers that keep its count, in one "
        + "transaction, and prints what it made. An invalid definition changes nothing (exit 65).",
      id: .kindsAdd, arguments: [file.spec])
  }

  /// `kinds update FILE`.
  package enum Update {
    /// The changed definition file, `-` for stdin.
    package static let file = Argument<String>("file", help: "The kind's changed JSON definition; - reads stdin.")
    /// The command.
    package static let command = CommandSpec(
      name: "update", abstract: "Applies a compatible change to a registered kind.",
      discussion: "New optional fields, placeholders, show and search can change; anything that "
        + "could lose what is stored is refused (exit 65) and the file is left as it was.",
      id: .kindsUpdate, arguments: [file.spec])
  }

  /// `kinds show NAME [--json]`.
  package enum Show {
    /// The kind.
    package static let name = Argument<String>("name", help: "The kind's name.")
    /// `--json`.
    package static let json = Flag("--json", help: "Print the kind as stored, as one JSON object.")
    /// The command.
    package static let command = CommandSpec(
      name: "show", abstract: "Shows a kind's definition as stored, and the SQL that made it.",
      id: .kindsShow, arguments: [name.spec], options: [json.spec])
  }

  /// `kinds remove NAME --yes`.
  package enum Remove {
    /// The kind.
    package static let name = Argument<String>("name", help: "The kind's name.")
    /// `--yes`.
    package static let yes = Flag("--yes", help: "Required: the kind's items are removed with it.")
    /// The command.
    package static let command = CommandSpec(
      name: "remove", abstract: "Drops a kind the file's user added, with all its items.",
      discussion: "The built-in lists cannot be removed (exit 64).",
      id: .kindsRemove, arguments: [name.spec], options: [yes.spec])
  }

  /// The group; on its own it lists every kind in the file.
  package static let command = CommandSpec(
    name: "kinds", abstract: "Lists the kinds of list in the file, and adds, changes or removes them.",
    discussion: "With no command, prints every kind: its name, its item count and its fields.",
    id: .kinds, subcommands: [Add.command, Update.command, Show.command, Remove.command])
}
