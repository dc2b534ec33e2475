import Testing

/// The state of a database file and its sidecars, to prove a rejected command left it as it
/// was.
struct FileSnapshot: Equatable, CustomStringConvertible {
  /// The file's bytes, nil when there is no file.
  var bytes: [UInt8]?
  /// Which of `-wal`, `-shm`, `-journal` exist next to it.
  var sidecars: [String]

  init(_ path: String, in sandbox: Sandbox) {
    bytes = sandbox.bytes(path)
    sidecars = ["-wal", "-shm", "-journal"].filter { sandbox.exists(path + $0) }
  }

  var description: String {
    "\(bytes.map { "\($0.count) bytes" } ?? "no file"), sidecars \(sidecars)"
  }
}

/// Expects a failed run: exit `code`, nothing on stdout, and exactly `line` on stderr.
func expectError(
  _ result: RunResult, code: Int32, line: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(result.exitCode == code, "\(result)", sourceLocation: sourceLocation)
  #expect(result.stdout == "", "\(result)", sourceLocation: sourceLocation)
  #expect(result.stderrLines == [line], "\(result)", sourceLocation: sourceLocation)
}

/// Expects a usage error: exit 64, nothing on stdout, and on stderr the error line, the
/// usage line of `command`, and the help hint.
func expectUsageError(
  _ result: RunResult, line: String, command: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(result.exitCode == 64, "\(result)", sourceLocation: sourceLocation)
  #expect(result.stdout == "", "\(result)", sourceLocation: sourceLocation)
  let lines = result.stderrLines
  #expect(lines.count == 3, "\(result)", sourceLocation: sourceLocation)
  #expect(lines.first == line, sourceLocation: sourceLocation)
  #expect(
    lines.dropFirst().first?.hasPrefix("Usage: \(command)") == true, "\(result)",
    sourceLocation: sourceLocation)
  #expect(lines.last == "See '\(command) --help'.", sourceLocation: sourceLocation)
}

/// Expects that stderr has no trace of a crash: no stack trace, no Swift runtime message.
func expectNoCrash(_ result: RunResult, sourceLocation: SourceLocation = #_sourceLocation) {
  for marker in ["Fatal error", "Stack dump", "Backtrace", "fatalError", "Swift/", ".swift:"] {
    #expect(!result.stderr.contains(marker), "\(result)", sourceLocation: sourceLocation)
  }
  #expect(result.exitCode != nil, "killed: \(result)", sourceLocation: sourceLocation)
}
