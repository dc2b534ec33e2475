import ListStore

/// `lists import LIST FILE`.
package enum ImportSpec {
  /// The list to import into.
  package static let list = Argument<ListKind>("list", help: "The list to add the items to.")
  /// The file, `-` for stdin.
  package static let file = Argument<String>("file", help: "The NDJSON file; - reads stdin.")

  /// The command.
  package static let command = CommandSpec(
    name: "import", abstract: "Adds the items of an NDJSON file, all or nothing.",
    discussion: "One JSON object a line, with the fields of the JSON items; id is ignored and "
      + "new ids are given. An order needs total or total_minor.",
    id: .import, arguments: [list.spec, file.spec])
}
