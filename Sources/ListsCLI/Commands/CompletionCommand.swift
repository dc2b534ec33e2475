import CLISupport
import ListStore
import TextFormats

/// `lists completion SHELL` prints a completion script; `lists __complete WORD...` (hidden)
/// prints what the script offers for the last word, one candidate a line.
package enum CompletionCommand {
  /// Prints the script for the shell asked for.
  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode
  {
    context.stdout.writeVerbatim(CompletionScript.text(for: parsed.value(CompletionSpec.shell)))
    return .success
  }

  /// Prints the candidates for the last of the words, one a line.
  package static func complete(_ parsed: ParsedCommand, _ context: Context) throws(CLIError)
    -> ExitCode
  {
    let words = parsed.values(CompleteSpec.words)
    // The words name the database with --db; its kinds make `add`'s lists and their flags.
    var globals = CompletionRequest(words: words).globals
    globals.noColor = true
    globals.database = globals.database ?? context.globals.database
    let named = try? Context(
      globals: globals, environment: context.environment, stdout: context.stdout,
      stderr: context.stderr)
    let kinds = named.map { KindCatalog.definitions(atPath: $0.databasePath) } ?? KindDefinition.builtIns
    let request = CompletionRequest(words: words, root: CommandTree.tree(kinds: kinds))
    let candidates: [String]
    switch request.completion {
    case .none: candidates = []
    case .words(let words): candidates = request.matching(words)
    case .files: candidates = [CompletionScript.filesMarker]
    case .lists:
      // The lists of the database the words name with --db, else the default one; a name
      // the file holds that is not a kind's name never reaches the shell.
      candidates = request.matching(kinds.map(\.name).filter(KindDefinition.isKindName))
    }
    // The shell inserts a candidate into the command line as it is: one with a line feed,
    // a control or a bidi control (an enum value, a field's flag from the file) is left out.
    let safe = candidates.filter { !$0.unicodeScalars.contains(where: TerminalEscaping.needsEscape) }
    for candidate in safe { context.stdout.writeVerbatimLine(candidate) }
    return .success
  }
}
