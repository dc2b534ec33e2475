/// What a command line asks for, as the parser understood it.
package enum Invocation: Sendable {
  /// Run a command.
  case run(ParsedCommand)
  /// Print help (`--help`, `-h`, `lists help ...`) to stdout and exit 0.
  case help(HelpTopic)
  /// Print ``ListsVersion/versionLine`` to stdout and exit 0.
  case version
}
