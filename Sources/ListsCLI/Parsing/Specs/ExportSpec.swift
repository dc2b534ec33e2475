import ListStore

/// `lists export LIST [--format ndjson|csv]`.
package enum ExportSpec {
  /// The list to export.
  package static let list = Argument<ListKind>("list", help: "The list to export.")
  /// `--format`, default ndjson.
  package static let format = Option<ExportFormat>(
    "--format", placeholder: "format", help: "The output format.", default: .ndjson)

  /// The command.
  package static let command = CommandSpec(
    name: "export", abstract: "Writes every item of a list to stdout, streamed.", id: .export,
    arguments: [list.spec], options: [format.spec])
}
