import ListStore

/// `lists completion SHELL` prints a completion script; `lists __complete WORD...` (hidden)
/// prints what the script offers for the last word, one candidate a line.
package enum CompletionCommand {
  /// Prints the script for the shell asked for.
  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode
  {
    context.stdout.write(CompletionScript.text(for: parsed.value(CompletionSpec.shell)))
    return .success
  }

  /// Prints the candidates for the last of the words, one a line.
  package static func complete(_ parsed: ParsedCommand, _ context: Context) throws(CLIError)
    -> ExitCode
  {
    let request = CompletionRequest(words: parsed.values(CompleteSpec.words))
    let candidates: [String]
    switch request.completion {
    case .none: candidates = []
    case .words(let words): candidates = request.matching(words)
    case .files: candidates = [CompletionScript.filesMarker]
    case .lists:
      // The lists of the database the words name with --db/--account, else the default one.
      var globals = request.globals
      globals.noColor = true
      let named = try? Context(
        globals: globals, environment: context.environment, stdout: context.stdout,
        stderr: context.stderr)
      candidates = request.matching(named.map(listNames) ?? [])
    }
    for candidate in candidates { context.stdout.writeLine(candidate) }
    return .success
  }

  /// The names of the lists in `context`'s database, for `lists show <TAB>` and every other
  /// place a list is completed: the one place that knows which lists there are.
  package static func listNames(_ context: Context) -> [String] {
    ListKind.allCases.map(\.rawValue)
  }
}
