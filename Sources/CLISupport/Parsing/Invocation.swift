/// What a command line asks for, as the parser understood it.
package enum Invocation: Sendable {
  /// Run a command.
  case run(ParsedCommand)
  /// Print help (`--help`, `-h`, the help command) to stdout and exit 0.
  case help(HelpTopic)
  /// Print the program's version line to stdout and exit 0 (only when the parser
  /// ``CommandLineParser/answersVersion``).
  case version
}
