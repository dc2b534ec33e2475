import CLISupport

/// `lists completion bash|zsh|fish`.
package enum CompletionSpec {
  /// The shells a script is made for.
  package enum Shell: String, CaseIterable, ArgumentValue {
    /// GNU bash, with bash-completion.
    case bash
    /// zsh, with compinit.
    case zsh
    /// fish.
    case fish

    /// The shell called `text`.
    package init?(argumentText text: String) {
      self.init(rawValue: text)
    }
  }

  /// The shell.
  package static let shell = Argument<Shell>("shell", help: "The shell to complete in.")
  /// The command.
  package static let command = CommandSpec(
    name: "completion", abstract: "Prints a shell completion script for lists.",
    discussion: "The script completes commands, options, their values and the lists of the "
      + "database, asking lists itself at each completion. Load it from your shell's start-up "
      + "file, e.g. eval \"$(lists completion bash)\" in ~/.bashrc, or save it where the shell "
      + "looks for completions.",
    id: .completion, arguments: [shell.spec])
}

/// `lists __complete WORD...`: the candidates for the last word, one a line; hidden, for the
/// completion scripts.
package enum CompleteSpec {
  /// The words after `lists`, the last one being completed (possibly empty).
  package static let words = Argument<String>(
    "word", help: "The words after lists, the last one being completed.", isRequired: false,
    isVariadic: true, allowsEmpty: true)
  /// The command.
  package static let command = CommandSpec(
    name: "__complete", abstract: "Prints completion candidates.", id: .complete,
    arguments: [words.spec], isHidden: true)
}

/// `lists man`.
package enum ManSpec {
  /// The command.
  package static let command = CommandSpec(
    name: "man", abstract: "Prints the lists(1) manual page, in roff.",
    discussion: "Read it with lists man | man -l -, or install it: "
      + "lists man > ~/.local/share/man/man1/lists.1",
    id: .man)
}
