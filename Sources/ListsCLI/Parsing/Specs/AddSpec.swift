/// `lists add LIST ...`: a group with one subcommand, and one option set, per list.
package enum AddSpec {
  /// The group.
  package static let command = CommandSpec(
    name: "add", abstract: "Adds an item to a list.", id: nil,
    subcommands: [AddFavoritesSpec.command, AddAddressesSpec.command, AddOrdersSpec.command],
    subcommandNoun: "list")
}
