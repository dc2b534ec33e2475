/// What a help request asks to explain.
package enum HelpTopic: Sendable, Equatable {
  /// The command at this path: `[]` for `lists`, `["add", "orders"]` for `lists add orders`.
  case command([String])
  /// The table of exit codes (`lists help exit-codes`).
  case exitCodes
}
