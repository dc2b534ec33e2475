import CLISupport
import ListStore

extension CommandLineParser {
  /// The parser of the `lists` command line: the tree `root` (by default the built-in kinds'),
  /// `globalOptions` (``GlobalSpec/all``; the man page's usage lines take none), `lists help`
  /// with its exit-codes topic, and `--version`.
  ///
  /// With `acceptsListName` (``KindDefinition/isKindName(_:)``), a `<list>` argument takes any
  /// kind's name, not only the tree's: the command then resolves it in the file.
  package init(
    root: CommandSpec = CommandTree.root, globalOptions: [OptionSpec] = GlobalSpec.all,
    acceptsListName: (@Sendable (String) -> Bool)? = nil
  ) {
    self.init(
      root: root, globalOptions: globalOptions, help: HelpSpec.configuration, answersVersion: true,
      acceptsListName: acceptsListName)
  }
}

extension ParsedCommand {
  /// The global options of `lists` as given (``GlobalSpec``).
  package var globals: GlobalOptions { GlobalOptions(values: globalValues) }
}

extension HelpTopic {
  /// The table of exit codes (`lists help exit-codes`).
  package static let exitCodes = HelpTopic.topic(HelpSpec.exitCodesTopic)
}
