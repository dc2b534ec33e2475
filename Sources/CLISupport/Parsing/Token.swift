/// One command-line word as the tokenizer classified it.
package enum Token: Sendable, Equatable {
  /// An option: `--limit` (value nil), `--limit=5` (value `5`), `-h`, `--note=` (value `""`).
  case option(name: String, value: String?)
  /// `--`: every later word is positional.
  case terminator
  /// Anything else: a command word, an argument, an option's value, `-`, a negative number.
  case positional(String)
}
