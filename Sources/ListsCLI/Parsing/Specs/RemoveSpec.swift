import CLISupport
import ListStore

/// `lists remove LIST ID...`.
package enum RemoveSpec {
  /// The list to remove from.
  package static let list = Argument<KindName>("list", help: "The list to remove items from.")
  /// One or more positive ids.
  package static let ids = Argument<Int>(
    "id", help: "The ids of the items, as show prints them.", range: 1...Int.max,
    isVariadic: true)

  /// The command.
  package static let command = CommandSpec(
    name: "remove", abstract: "Removes items by id; if one is missing, none is removed.",
    id: .remove, arguments: [list.spec, ids.spec])
}
