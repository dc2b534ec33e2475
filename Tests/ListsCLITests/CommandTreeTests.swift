import CLISupport
import ListStore
import Testing

@testable import ListsCLI

@Suite struct CommandTreeTests {
  @Test func everyRunnableCommandHasItsOwnID() {
    var ids: [CommandID] = []
    func collect(_ spec: CommandSpec) {
      if let id = spec.id { ids.append(id) }
      spec.subcommands.forEach(collect)
    }
    collect(CommandTree.root)
    // `add` and `edit` have one subcommand per kind, all running `.add` or `.edit`.
    #expect(ids.filter { $0 == .add }.count == KindDefinition.builtIns.count)
    #expect(ids.filter { $0 == .edit }.count == KindDefinition.builtIns.count)
    ids.removeAll { $0 == .add || $0 == .edit }
    #expect(ids.count == Set(ids).count)
    #expect(
      Set(ids)
        == [
          .overview, .show, .remove, .clear,
          .import, .export, .seed, .watch, .sync, .syncStatus, .syncResolve, .browse, .doctor, .kinds,
          .kindsAdd, .kindsUpdate,
          .kindsShow,
          .kindsRemove, .completion, .man, .complete,
        ])
  }

  @Test func commandsAreTheDocumentedOnes() {
    #expect(
      CommandTree.root.visibleSubcommands.map(\.name)
        == [
          "show", "add", "edit", "remove", "clear", "import", "export", "seed", "watch", "sync", "browse",
          "doctor", "kinds",
          "completion", "man", "help",
        ])
    #expect(KindsSpec.command.subcommands.map(\.name) == ["add", "update", "show", "remove"])
    #expect(SyncSpec.command.subcommands.map(\.name) == ["status", "resolve"])
    #expect(SyncSpec.command.subcommands.allSatisfy { KindDefinition.syncCommandWords.contains($0.name) })
    #expect(CommandTree.root.subcommands.filter(\.isHidden).map(\.name) == ["__complete"])
    #expect(
      CommandTree.root.subcommand(named: "add")?.subcommands.map(\.name) == KindName.builtIns.map(\.rawValue))
    #expect(
      CommandTree.root.subcommand(named: "edit")?.subcommands.map(\.name) == KindName.builtIns.map(\.rawValue))
  }

  @Test func noCommandOptionShadowsAGlobalOne() {
    let globals = Set(GlobalSpec.all.map(\.name))
    func check(_ spec: CommandSpec) {
      for option in spec.options {
        #expect(!globals.contains(option.name), "\(spec.name) \(option.name)")
        #expect(option.name != "--help" && option.name != "--version")
      }
      spec.subcommands.forEach(check)
    }
    check(CommandTree.root)
  }

  /// The one-command tree a start parses with first holds, for each command's word, exactly
  /// the whole tree's command of that word; a line naming none gets the root alone.
  @Test func theTreeOfTheCommandALineNamesIsThatCommandOfTheWholeTree() {
    for command in CommandTree.root.subcommands {
      let tree = CommandTree.tree(naming: ["--db", "x.db", command.name, "orders"])
      #expect(tree.subcommands.map(\.name) == [command.name])
      #expect(tree.subcommands[0].id == command.id)
      #expect(tree.subcommands[0].options.map(\.name) == command.options.map(\.name))
      #expect(tree.subcommands[0].subcommands.map(\.name) == command.subcommands.map(\.name))
    }
    #expect(CommandTree.tree(naming: ["--db", "x.db"]).subcommands.isEmpty)
    #expect(CommandTree.tree(naming: []).id == CommandTree.root.id)
  }
}
