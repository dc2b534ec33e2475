/// What ``CommandLineParser`` has read so far of one command line.
struct ParseState {
  /// The command reached so far.
  var spec: CommandSpec
  /// The subcommand words that reached it.
  var path: [String] = []
  /// Whether `--` was seen.
  var afterTerminator = false
  /// Positional values bound to arguments, in order.
  var positionals: [String] = []
  /// Raw values of the command's options, by name.
  var optionValues: [String: [String]] = [:]
  /// Raw values of the global options, by name.
  var globalValues: [String: [String]] = [:]
  /// Raw values of the command's arguments, by name.
  var argumentValues: [String: [String]] = [:]

  init(root: CommandSpec) {
    spec = root
  }
}
