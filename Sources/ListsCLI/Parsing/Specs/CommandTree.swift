/// The whole `lists` command line as data: the root and every command below it.
package enum CommandTree {
  /// `lists` itself; with no command it runs the overview.
  package static let root = CommandSpec(
    name: "lists",
    abstract: "Keeps your lists — favorites, addresses, orders — in one SQLite file.",
    discussion: "With no command, prints every list with its count, or its empty placeholder "
      + "title.",
    id: .overview,
    subcommands: [
      ShowSpec.command, AddSpec.command, RemoveSpec.command, ClearSpec.command,
      ImportSpec.command, ExportSpec.command, SeedSpec.command, WatchSpec.command, SyncSpec.command,
      DoctorSpec.command, KindsSpec.command, CompletionSpec.command, ManSpec.command,
      HelpSpec.command, CompleteSpec.command,
    ])
}
