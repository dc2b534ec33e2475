import CLISupport

extension ErrorRenderer {
  /// The three lines for `error`, each ending in a line feed.
  package static func render(
    _ error: UsageError, root: CommandSpec = CommandTree.root,
    globalOptions: [OptionSpec] = GlobalSpec.all, style: TextStyle = .plain
  ) -> String {
    let usage = HelpRenderer.usageLine(
      for: error.commandPath, root: root, globalOptions: globalOptions)
    let command = ([root.name] + error.commandPath).joined(separator: " ")
    return prefix(style) + error.description + "\n" + "Usage: " + usage + "\n"
      + "See '\(command) --help'.\n"
  }
}
