import CLISupport
import ListStore

/// `lists clear LIST [--yes]`.
package enum ClearSpec {
  /// The list to clear.
  package static let list = Argument<KindName>("list", help: "The list to clear.")
  /// `--yes`.
  package static let yes = Flag(
    "--yes", help: "Do not ask. Without it, clear asks on a terminal and refuses otherwise.")

  /// The command.
  package static let command = CommandSpec(
    name: "clear", abstract: "Removes every item of the account's list.", id: .clear,
    arguments: [list.spec], options: [yes.spec])
}
