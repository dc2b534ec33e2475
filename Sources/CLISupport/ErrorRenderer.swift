import TextFormats

/// Renders every error the executables print, in one place, for stderr.
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
  /// The line for any error but a usage error, `Error: <message>` and a line feed.
  package static func render(message: String, style: TextStyle = .plain) -> String {
    prefix(style) + TerminalEscaping.escape(message) + "\n"
  }

  /// `Error: `, bold red when `style` is enabled.
  package static func prefix(_ style: TextStyle) -> String {
    style.bold(style.red("Error:")) + " "
  }
}
