import CLISupport
import ListStore

/// `lists watch LIST [--json]`.
package enum WatchSpec {
  /// The list to watch.
  package static let list = Argument<KindName>("list", help: "The list to watch.")
  /// `--json`.
  package static let json = Flag(
    "--json",
    help: "Print one JSON object per settled state (content, empty or error), one a line, "
      + "in the show --json shape.")

  /// `--search TEXT`, as `show` takes it.
  package static let search = ShowSpec.search
  /// `--where FIELD=VALUE`, repeatable, as `show` takes it.
  package static let filter = ShowSpec.filter

  /// The command.
  package static let command = CommandSpec(
    name: "watch", abstract: "Shows a list and shows it again whenever the file changes.",
    discussion: "Runs until interrupted (Ctrl-C).", id: .watch, arguments: [list.spec],
    options: [json.spec, search.spec, filter.spec])
}
