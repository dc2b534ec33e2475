import CLISupport

/// What `lists` needs to know about the terminal a stream is connected to.
package enum Terminal {
  /// The width used when neither `COLUMNS` nor the terminal says otherwise.
  package static let defaultWidth = 80

  /// Whether `fileDescriptor` is a terminal (`isatty(3)`).
  package static func isTerminal(_ fileDescriptor: Int32) -> Bool {
    System.isTerminal(fileDescriptor)
  }

  /// The width in columns to lay text out for on `fileDescriptor`.
  ///
  /// `COLUMNS` wins when it is a positive integer (so `COLUMNS=120 lists show orders | less`
  /// works); otherwise the terminal's size from `ioctl(TIOCGWINSZ)`; otherwise 80.
  package static func width(of fileDescriptor: Int32, environment: Environment) -> Int {
    if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 {
      return columns
    }
    return System.terminalColumns(fileDescriptor) ?? defaultWidth
  }

  /// Whether to style (color, bold) output written to `fileDescriptor`.
  ///
  /// Styling needs all of: the stream is a terminal, `--no-color` was not given, `NO_COLOR` is
  /// unset, and `TERM` is not `dumb`. `NO_COLOR` set to anything, even the empty string,
  /// disables color: the README promises color only when `NO_COLOR` "is unset", which is stricter
  /// than no-color.org (it asks only that a non-empty value disable color); when in doubt, plain.
  package static func colorEnabled(
    fileDescriptor: Int32, environment: Environment, noColorFlag: Bool
  ) -> Bool {
    colorEnabled(
      isTerminal: isTerminal(fileDescriptor), environment: environment, noColorFlag: noColorFlag)
  }

  /// The rule of ``colorEnabled(fileDescriptor:environment:noColorFlag:)`` with the terminal
  /// test already made.
  package static func colorEnabled(
    isTerminal: Bool, environment: Environment, noColorFlag: Bool
  ) -> Bool {
    guard isTerminal, !noColorFlag, environment["NO_COLOR"] == nil else { return false }
    return environment["TERM"] != "dumb"
  }

  /// The style for `fileDescriptor`: ``TextStyle/ansi`` when color is enabled, else plain.
  package static func style(
    for fileDescriptor: Int32, environment: Environment, noColorFlag: Bool
  ) -> TextStyle {
    TextStyle(
      isEnabled: colorEnabled(
        fileDescriptor: fileDescriptor, environment: environment, noColorFlag: noColorFlag))
  }
}
