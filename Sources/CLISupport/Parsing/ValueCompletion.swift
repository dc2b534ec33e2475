/// What the shell completion offers for an argument or an option's value.
package enum ValueCompletion: Sendable, Equatable {
  /// Nothing: free text, a number.
  case none
  /// These words (a choice: statuses, formats, shells).
  case words([String])
  /// Paths of files.
  case files
  /// The names of the lists the program holds, which it reads when completing; such an
  /// argument may also take any name ``CommandLineParser/acceptsListName`` accepts.
  case lists

  /// What a value of `kind` completes to when nothing more is said: a choice's words.
  package init(_ kind: ValueKind) {
    if case .choice(let words) = kind { self = .words(words) } else { self = .none }
  }
}
