import CLISupport
import ListStore

/// `lists add KIND ...`: a group with one subcommand per kind, its options made from the
/// kind's definition (``KindAddOptions``).
package enum AddSpec {
  /// The group's word.
  package static let name = "add"

  /// The group for `kinds`.
  package static func command(kinds: [KindDefinition]) -> CommandSpec {
    CommandSpec(
      name: name, abstract: "Adds an item to a list.", id: nil,
      subcommands: kinds.map { KindAddOptions($0).command }, subcommandNoun: "list")
  }
}
