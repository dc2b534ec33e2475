import CLISupport
import ListStore

/// `lists import LIST FILE`.
package enum ImportSpec {
  /// The list to import into.
  package static let list = Argument<KindName>("list", help: "The list to add the items to.")
  /// The file, `-` for stdin.
  package static let file = Argument<String>(
    "file", help: "The NDJSON or CSV file; - reads stdin.", completion: .files)
  /// `--format`, default ndjson.
  package static let format = Option<ExportFormat>(
    "--format", placeholder: "format", help: "The input format.", default: .ndjson)
  /// `--raw`: CSV cells taken exactly as they are.
  package static let raw = Flag(
    "--raw",
    help: "With --format csv: take every cell exactly as it is, for a file exported with "
      + "--raw. Without it, the ' that export puts in front of formula-like cells is removed.")

  /// `--update-by FIELD[,FIELD]`: lines that match a stored item on these fields change it.
  package static let updateBy = Option<String>(
    "--update-by", placeholder: "fields",
    help: "Change the item a line matches on these fields instead of adding one: the kind's "
      + "unique fields (all of them, comma-separated) or id. A matched line changes the fields "
      + "it holds and keeps the others; the other lines are added.")

  /// The command.
  package static let command = CommandSpec(
    name: "import", abstract: "Adds the items of an NDJSON or CSV file, all or nothing.",
    discussion: "NDJSON: one JSON object a line, with the fields of the JSON items. CSV: a "
      + "header row naming those fields, as export --format csv writes it. id is ignored and "
      + "new ids are given (with --update-by id, an id names the item to change). An order needs "
      + "total or total_minor.",
    id: .import, arguments: [list.spec, file.spec], options: [format.spec, raw.spec, updateBy.spec])
}
