/// What one run of a program printed and how it ended.
struct RunResult: Sendable, CustomStringConvertible {
  /// The words after the program name.
  var arguments: [String]
  /// The exit status; nil when the program was killed by a signal or timed out.
  var exitCode: Int32?
  /// Everything written to stdout.
  var stdoutBytes: [UInt8]
  /// Everything written to stderr.
  var stderrBytes: [UInt8]
  /// How long the run took.
  var duration: Duration

  /// stdout as UTF-8.
  var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
  /// stderr as UTF-8.
  var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }

  /// The lines of stdout, without their newlines.
  var stdoutLines: [String] { Self.lines(stdout) }
  /// The lines of stderr, without their newlines.
  var stderrLines: [String] { Self.lines(stderr) }

  /// stdout parsed as one JSON value.
  func json() throws -> JSON { try JSON.parse(stdoutBytes) }

  var description: String {
    "lists \(arguments.joined(separator: " ")) → \(exitCode.map(String.init) ?? "killed")"
      + "\n--- stdout\n\(stdout)--- stderr\n\(stderr)---"
  }

  static func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}
