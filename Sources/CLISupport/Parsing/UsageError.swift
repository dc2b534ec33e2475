import TextFormats

/// A command line the program cannot run, as a value: what was wrong, where, and a likely fix.
///
/// The parser throws it and never prints or exits; ``ErrorRenderer`` turns it into the three
/// lines for stderr and the command exits with ``ExitCode/usage``.
package struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was wrong. Values are kept raw; ``message`` escapes them for the terminal.
  package enum Kind: Sendable, Equatable {
    /// A word in the place of a command matched none.
    case unknownCommand(String)
    /// A word in the place of a list (or other choice argument) matched none.
    case unknownValue(String, noun: String, choices: [String])
    /// An option (`--limt`, `-x`) the command does not have.
    case unknownOption(String)
    /// An option value outside its allowed words.
    case invalidChoice(String, option: String, choices: [String])
    /// A required argument (or the subcommand of a group) was not given; `choices` when known.
    case missingArgument(String, choices: [String]?)
    /// A required option was not given; its label, e.g. `--number <number>`.
    case missingOption(String)
    /// An option that takes a value was last or followed by another option; its label.
    case missingValue(String)
    /// A positional value the command has no argument for.
    case unexpectedArgument(String)
    /// A non-repeatable option given again.
    case repeatedOption(String)
    /// A flag written with a value, `--all=yes`.
    case flagWithValue(String)
    /// A value that should be an integer and is not.
    case notAnInteger(String, name: String)
    /// An integer outside its allowed range.
    case outOfRange(String, name: String, range: ClosedRange<Int>)
    /// An empty value where text is required.
    case emptyValue(name: String)
  }

  /// What was wrong.
  package var kind: Kind
  /// The command the error belongs to, for its `Usage:` and `See` lines: `["show"]`.
  package var commandPath: [String]
  /// The near miss the user probably meant (`orders` for `orderz`), if exactly one is close.
  package var suggestion: String?
  /// Whether the rejected value is data the command stores (an option whose ``OptionSpec/valueIsData``)
  /// rather than a way of calling the command: an invalid value is then bad data (for `lists`,
  /// exit 65 and one line).
  package var isBadData = false

  /// Creates a usage error.
  package init(_ kind: Kind, commandPath: [String], suggestion: String? = nil) {
    self.kind = kind
    self.commandPath = commandPath
    self.suggestion = suggestion
  }

  /// One or two sentences without the suggestion: `Unknown list 'orderz'.`
  ///
  /// Where no suggestion exists and the allowed values are few, they are listed:
  /// `Unknown list 'x'. Expected one of: favorites, addresses, orders.`
  package var message: String {
    switch kind {
    case .unknownCommand(let word):
      return "Unknown command \(quoted(word))."
    case .unknownValue(let word, let noun, let choices):
      return "Unknown \(noun) \(quoted(word))." + expected(choices)
    case .unknownOption(let name):
      return "Unknown option \(quoted(name))."
    case .invalidChoice(let value, let option, let choices):
      return "Invalid value \(quoted(value)) for '\(option)'." + expected(choices)
    case .missingArgument(let name, let choices):
      return "Missing argument '<\(name)>'." + (choices.map(expected) ?? "")
    case .missingOption(let label):
      return "Missing required option '\(label)'."
    case .missingValue(let label):
      return "Missing value for '\(label)'."
    case .unexpectedArgument(let value):
      return "Unexpected argument \(quoted(value))."
    case .repeatedOption(let name):
      return "Option '\(name)' was given more than once."
    case .flagWithValue(let name):
      return "Flag '\(name)' does not take a value."
    case .notAnInteger(let value, let name):
      return "Invalid value \(quoted(value)) for '\(name)': not an integer."
    case .outOfRange(let value, let name, let range):
      return "Invalid value \(quoted(value)) for '\(name)': must be \(describe(range, value))."
    case .emptyValue(let name):
      return "Invalid value '' for '\(name)': must not be empty."
    }
  }

  /// The message with the suggestion: `Unknown list 'orderz'. Did you mean 'orders'?`
  package var description: String {
    guard let suggestion else { return message }
    return message + " Did you mean \(quoted(suggestion))?"
  }

  private func quoted(_ text: String) -> String {
    "'" + TerminalEscaping.escape(text) + "'"
  }

  private func expected(_ choices: [String]) -> String {
    guard suggestion == nil, !choices.isEmpty else { return "" }
    return " Expected one of: " + choices.joined(separator: ", ") + "."
  }

  /// The bound `value` (an integer literal, perhaps too long for `Int`) is on the wrong side
  /// of; both bounds when they are small enough to read.
  private func describe(_ range: ClosedRange<Int>, _ value: String) -> String {
    guard range.upperBound >= Int(Int32.max) || range.lowerBound == Int.min else {
      return "between \(range.lowerBound) and \(range.upperBound)"
    }
    let tooLow = Int(value).map { $0 < range.lowerBound } ?? value.hasPrefix("-")
    return tooLow ? "at least \(range.lowerBound)" : "at most \(range.upperBound)"
  }
}
