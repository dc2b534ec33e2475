/// Why a benchmark run stopped. Each case says what went wrong in one line.
enum BenchError: Error, CustomStringConvertible {
  /// A command-line argument the harness does not understand.
  case usage(String)
  /// A call of the C baseline failed with a SQLite result code.
  case sqlite(code: Int32, message: String, during: String)
  /// The two sides read or wrote different data: the comparison would be meaningless.
  case mismatch(String)
  /// A child process could not be started or did not behave.
  case child(String)

  /// Whether the command line was wrong (exit 64) rather than the run (exit 70).
  var isUsage: Bool {
    if case .usage = self { return true }
    return false
  }

  var description: String {
    switch self {
    case .usage(let message): message
    case .sqlite(let code, let message, let during):
      "SQLite error \(code) during \(during): \(message)"
    case .mismatch(let message): "The Swift and C sides disagree: \(message)"
    case .child(let message): message
    }
  }
}
