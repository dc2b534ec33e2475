import ListStore

/// The whole `lists` command line as data: the root and every command below it.
package enum CommandTree {
  /// `lists` for a file that holds the built-in kinds only; with no command it runs the
  /// overview.
  package static let root = tree(kinds: KindDefinition.builtIns)

  /// ``root`` without `add`'s subcommands: what a command line that does not add is parsed
  /// with, so that it does not build every kind's options at each start.
  package static let rootWithoutAdd = tree(kinds: KindDefinition.builtIns, addsKinds: [])

  /// `lists` for a file that holds `kinds`: every `<list>` argument takes their names, and
  /// `add` has a subcommand for each.
  package static func tree(kinds: [KindDefinition], addsKinds: [KindDefinition]? = nil) -> CommandSpec {
    let names = kinds.map(\.name)
    var root = CommandSpec(
      name: "lists",
      abstract: "Keeps your lists — favorites, addresses, orders — in one SQLite file.",
      discussion: "With no command, prints every list with its count, or its empty placeholder "
        + "title.",
      id: .overview,
      subcommands: [
        ShowSpec.command, AddSpec.command(kinds: addsKinds ?? kinds), RemoveSpec.command, ClearSpec.command,
        ImportSpec.command, ExportSpec.command, SeedSpec.command, WatchSpec.command,
        SyncSpec.command, BrowseSpec.command, DoctorSpec.command, KindsSpec.command, CompletionSpec.command, ManSpec.command,
        HelpSpec.command, CompleteSpec.command,
      ])
    if names != KindDefinition.builtIns.map(\.name) { root.takeKinds(names) }
    return root
  }
}

extension CommandSpec {
  /// Makes every `<list>` argument below this command take `names`.
  fileprivate mutating func takeKinds(_ names: [String]) {
    for index in arguments.indices where arguments[index].completion == .lists {
      arguments[index].kind = .choice(names)
    }
    for index in subcommands.indices { subcommands[index].takeKinds(names) }
  }
}
