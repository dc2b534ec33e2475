import CLISupport

extension HelpRenderer {
  /// The usage of the command at `path` of `lists`, without `Usage: `, on one line:
  /// `lists show <list> [--limit <n>] [--after <cursor>] [--all] [--json] [--events]`.
  package static func usageLine(
    for path: [String], root: CommandSpec = CommandTree.root, globalOptions: [OptionSpec] = GlobalSpec.all
  ) -> String {
    usageLine(for: path, of: CommandLineParser(root: root, globalOptions: globalOptions))
  }

  /// The help page of `lists` for `topic`, ending in a line feed.
  package static func render(
    _ topic: HelpTopic, root: CommandSpec = CommandTree.root, globalOptions: [OptionSpec] = GlobalSpec.all,
    width: Int
  ) -> String {
    switch topic {
    case .command(let path):
      return commandPage(at: path, of: CommandLineParser(root: root, globalOptions: globalOptions), width: width)
    case .topic(let word):
      precondition(word == HelpSpec.exitCodesTopic, "lists has no help topic '\(word)'.")
      return exitCodesPage(width: width)
    }
  }

  /// `lists help exit-codes`: every code with its meaning.
  private static func exitCodesPage(width: Int) -> String {
    var lines = TextWrapper.wrap(
      "OVERVIEW: How lists exits, with the sysexits(3) codes scripts can test.", width: width)
    lines.append("")
    lines.append("EXIT CODES:")
    for code in ExitCode.documentationOrder {
      lines += entryLines(String(code.rawValue), code.meaning, labelWidth: 2, width: width)
    }
    return lines.map { $0 + "\n" }.joined()
  }
}

extension ErrorRenderer {
  /// The three lines for `error` on the `lists` command line `root`, each ending in a line feed.
  package static func render(
    _ error: UsageError, root: CommandSpec = CommandTree.root, globalOptions: [OptionSpec] = GlobalSpec.all,
    style: TextStyle = .plain
  ) -> String {
    render(error, of: CommandLineParser(root: root, globalOptions: globalOptions), style: style)
  }
}
