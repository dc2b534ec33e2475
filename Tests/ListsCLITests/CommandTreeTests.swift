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
    #expect(ids.count == Set(ids).count)
    #expect(
      Set(ids)
        == [
          .overview, .show, .add(.favorites), .add(.addresses), .add(.orders), .remove, .clear,
          .import, .export, .seed, .watch, .sync, .doctor, .kinds, .kindsAdd, .kindsUpdate, .kindsShow,
          .kindsRemove, .completion, .man, .complete,
        ])
  }

  @Test func commandsAreTheContractOnes() {
    #expect(
      CommandTree.root.visibleSubcommands.map(\.name)
        == [
          "show", "add", "remove", "clear", "import", "export", "seed", "watch", "sync", "doctor", "kinds",
          "completion", "man", "help",
        ])
    #expect(KindsSpec.command.subcommands.map(\.name) == ["add", "update", "show", "remove"])
    #expect(CommandTree.root.subcommands.filter(\.isHidden).map(\.name) == ["__complete"])
    #expect(AddSpec.command.subcommands.map(\.name) == ListKind.allCases.map(\.rawValue))
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
}
