extension ErrorRenderer {
  /// The three lines for `error` on the command line `parser` reads, each ending in a line feed.
  /// The message is the error's ``UsageError/description``, which escapes the values it quotes.
  package static func render(_ error: UsageError, of parser: CommandLineParser, style: TextStyle = .plain) -> String {
    prefix(style) + error.description + "\n" + usageLines(commandPath: error.commandPath, of: parser)
  }

  /// The three lines of a usage error found after parsing (a value the command itself
  /// refuses): `Error: <message>` (escaped, as every error line is), the usage of the command at
  /// `commandPath` and where to read its help.
  package static func render(
    usageMessage message: String, commandPath: [String], of parser: CommandLineParser, style: TextStyle = .plain
  ) -> String {
    render(message: message, style: style) + usageLines(commandPath: commandPath, of: parser)
  }

  /// `Usage: ...` and `See '... --help'.`, each ending in a line feed.
  private static func usageLines(commandPath: [String], of parser: CommandLineParser) -> String {
    let usage = HelpRenderer.usageLine(for: commandPath, of: parser)
    let command = ([parser.root.name] + commandPath).joined(separator: " ")
    return "Usage: " + usage + "\n" + "See '\(command) --help'.\n"
  }
}
