import Testing

/// `lists completion bash`, loaded into a real bash with bash-completion, asked for candidates
/// the way the shell asks when Tab is pressed.
@Suite struct CompletionCommandTests {
  /// The candidates bash offers for `words` (after `lists`, the last one being completed).
  static func candidates(_ words: [String], in sandbox: Sandbox) async -> (RunResult, [String]) {
    let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
    let script = """
      source /usr/share/bash-completion/bash_completion || exit 90
      eval "$('\(ListsBinary.path)' completion bash)" || exit 91
      COMP_WORDS=('\(ListsBinary.path)' \(quoted))
      COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
      COMP_LINE="${COMP_WORDS[*]}"
      COMP_POINT=${#COMP_LINE}
      _lists
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = await sandbox.runProgram(ListsBinary.program("bash"), ["--norc", "-c", script])
    return (result, result.stdoutLines.filter { !$0.isEmpty })
  }

  @Test(arguments: [
    (["show", ""], ["favorites", "addresses", "orders"]),
    (["show", "o"], ["orders"]),
    (["--db", "other.db", "show", "--limit", "5", "a"], ["addresses"]),
    (["sh"], ["show"]),
    (["export", "orders", "--format", ""], ["ndjson", "csv"]),
    (["add", "orders", "--number", "A-1", "--status", "p"], ["pending", "paid"]),
    (["show", "--a"], ["--after", "--all", "--account"]),
    (["completion", ""], ["bash", "zsh", "fish"]),
    (["import", "orders", "ord"], ["orders.ndjson"]),
  ])
  func bashOffersTheCandidatesOfTheSpecs(words: [String], expected: [String]) async throws {
    let sandbox = try Sandbox()
    try sandbox.write("{}\n", to: sandbox.path("orders.ndjson"))
    let (result, offered) = await Self.candidates(words, in: sandbox)
    #expect(result.exitCode == 0, "\(result)")
    #expect(offered.sorted() == expected.sorted(), "\(result)")
  }

  @Test func scriptsForEveryShellCallTheHiddenCompleter() async throws {
    let sandbox = try Sandbox()
    for shell in ["bash", "zsh", "fish"] {
      let result = await sandbox.run("completion", shell)
      #expect(result.exitCode == 0, "\(result)")
      #expect(result.stdout.contains("__complete --"), "\(shell)")
    }
    let help = await sandbox.run("help")
    #expect(help.stdout.contains("completion"))
    #expect(!help.stdout.contains("__complete"))
  }
}
