import CLISupport
import ListStore

/// The whole `lists` command line as data: the root and every command below it.
package enum CommandTree {
  /// `lists` for a file that holds the built-in kinds only; with no command it runs the
  /// overview.
  package static let root = tree(kinds: KindDefinition.builtIns)

  /// `lists` for a file that holds `kinds`: every `<list>` argument takes their names, and
  /// `add` has a subcommand for each.
  package static func tree(kinds: [KindDefinition]) -> CommandSpec {
    let names = kinds.map(\.name)
    var root = root(subcommands: commands.map { $0.spec(kinds) })
    if names != KindDefinition.builtIns.map(\.name) { root.takeKinds(names) }
    return root
  }

  /// `lists` with only the first of `arguments` that names a command below it (the built-in
  /// kinds' options for `add`), or with none when no argument does (the overview). A start
  /// parses its line against this first and so builds one command's options, not every
  /// command's; a line that parses here parses the same against the whole tree, which is there
  /// for any line that does not.
  package static func tree(naming arguments: [String]) -> CommandSpec {
    let command = arguments.lazy.compactMap { argument in commands.first { $0.name == argument } }.first
    return root(subcommands: command.map { [$0.spec(KindDefinition.builtIns)] } ?? [])
  }

  /// The commands below the root, in the order help lists them, each made only when asked for.
  private static let commands: [(name: String, spec: @Sendable ([KindDefinition]) -> CommandSpec)] = [
    ("show", { _ in ShowSpec.command }), (AddSpec.name, { AddSpec.command(kinds: $0) }),
    (EditSpec.name, { EditSpec.command(kinds: $0) }),
    ("remove", { _ in RemoveSpec.command }), ("clear", { _ in ClearSpec.command }),
    ("import", { _ in ImportSpec.command }), ("export", { _ in ExportSpec.command }),
    ("seed", { _ in SeedSpec.command }), ("watch", { _ in WatchSpec.command }),
    ("sync", { _ in SyncSpec.command }), ("browse", { _ in BrowseSpec.command }),
    ("doctor", { _ in DoctorSpec.command }), ("kinds", { _ in KindsSpec.command }),
    ("completion", { _ in CompletionSpec.command }), ("man", { _ in ManSpec.command }),
    (HelpSpec.name, { _ in HelpSpec.command }), ("__complete", { _ in CompleteSpec.command }),
  ]

  private static func root(subcommands: [CommandSpec]) -> CommandSpec {
    CommandSpec(
      name: "lists",
      abstract: "Keeps your lists — favorites, addresses, orders — in one SQLite file.",
      discussion: "With no command, prints every list with its count, or its empty placeholder "
        + "title.",
      id: .overview,
      subcommands: subcommands)
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
