import CLISupport

/// A failure of a command, with its exit code (sysexits).
struct ServerError: Error {
  /// The one line printed after `Error: `.
  var message: String
  /// The exit status.
  var code: ExitCode

  init(_ message: String, _ code: ExitCode) {
    self.message = message
    self.code = code
  }
}
