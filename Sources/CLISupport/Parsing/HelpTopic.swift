/// What a help request asks to explain.
package enum HelpTopic: Sendable, Equatable {
  /// The command at this path: `[]` for the program itself, `["add", "orders"]` for
  /// `lists add orders`.
  case command([String])
  /// A page of the help command that is no command's (`lists help exit-codes`): one of
  /// ``HelpCommand/topics``, by its word.
  case topic(String)
}
