import CLISupport

/// `lists man`: prints the `lists(1)` manual page in roff, e.g. for `man -l -`.
package enum ManCommand {
  /// Prints the page.
  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode
  {
    context.stdout.writeVerbatim(ManPage.render())
    return .success
  }
}
