import TextFormats

/// Renders every error `lists` prints, in one place, for stderr.
///
/// A usage error takes three lines, swift-argument-parser style:
/// ```
/// Error: Unknown list 'orderz'. Did you mean 'orders'?
/// Usage: lists show <list> [--limit <n>] [--after <cursor>] [--all] [--json] [--events]
/// See 'lists show --help'.
/// ```
/// Any other error takes one line, `Error: <message>`. Control characters in messages are
/// escaped (``TerminalEscaping``); `Error:` is bold red when `style` is enabled.
package enum ErrorRenderer {
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

  /// The line for any other error, `Error: <message>` and a line feed.
  package static func render(message: String, style: TextStyle = .plain) -> String {
    prefix(style) + TerminalEscaping.escape(message) + "\n"
  }

  private static func prefix(_ style: TextStyle) -> String {
    style.bold(style.red("Error:")) + " "
  }
}
