import CLISupport
import ListStore

/// `lists edit KIND ID ...`: a group with one subcommand per kind, its options made from the
/// kind's `add` options (``KindEditOptions``).
package enum EditSpec {
  /// The group's word.
  package static let name = "edit"
  /// The id of the item to change.
  package static let id = Argument<Int>("id", help: "The id of the item, as show prints it.", range: 1...Int.max)

  /// The group for `kinds`.
  package static func command(kinds: [KindDefinition]) -> CommandSpec {
    CommandSpec(
      name: name, abstract: "Changes an item of a list by id.", id: nil,
      subcommands: kinds.map { KindEditOptions($0).command }, subcommandNoun: "list")
  }
}
