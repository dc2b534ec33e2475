import CLISupport
import ListStore

/// `lists export LIST [--format ndjson|csv]`.
package enum ExportSpec {
  /// The list to export.
  package static let list = Argument<KindName>("list", help: "The list to export.")
  /// `--format`, default ndjson.
  package static let format = Option<ExportFormat>(
    "--format", placeholder: "format", help: "The output format.", default: .ndjson)
  /// `--raw`: CSV cells exactly as stored.
  package static let raw = Flag(
    "--raw",
    help: "With --format csv: write every cell exactly as stored. Without it, a cell that "
      + "begins with = + - @ ' a tab or a carriage return gets a ' in front, so a spreadsheet "
      + "reads it as text, not as a formula.")

  /// The command.
  package static let command = CommandSpec(
    name: "export", abstract: "Writes every item of a list to stdout, streamed.", id: .export,
    arguments: [list.spec], options: [format.spec, raw.spec])
}
