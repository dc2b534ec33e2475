/// `lists add favorites --ref REF --title TITLE [--note TEXT]`.
package enum AddFavoritesSpec {
  /// `--ref REF`.
  package static let ref = Option<String>(
    "--ref", placeholder: "ref", help: "What is favorited, e.g. a product id.", isRequired: true)
  /// `--title TITLE`.
  package static let title = Option<String>(
    "--title", placeholder: "title", help: "The name shown in the list.", isRequired: true)
  /// `--note TEXT`.
  package static let note = Option<String>(
    "--note", placeholder: "text", help: "A note to keep with it.", allowsEmpty: true)

  /// The command.
  package static let command = CommandSpec(
    name: "favorites",
    abstract: "Adds a favorite; favoriting the same ref again changes nothing and succeeds.",
    id: .add(.favorites), options: [ref.spec, title.spec, note.spec])
}
