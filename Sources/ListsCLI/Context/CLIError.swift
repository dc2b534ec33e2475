import CLISupport
import ExitCodeTable
import ListStore

/// Every way a command can fail, rendered in one place: one line on stderr and its sysexits
/// code (usage errors get the three-line form with the usage and the help hint; a rejected
/// `add` value is bad data and takes one line).
package enum CLIError: Error {
  /// The command line was wrong.
  case usage(UsageError)
  /// The store refused or failed.
  case store(ListStoreError)
  /// A line of an import was not a valid item; nothing was imported.
  case badImportLine(line: Int, reason: String)
  /// An input file does not exist or cannot be read.
  case inputMissing(path: String, reason: String)
  /// A usage mistake the parser cannot see (a cursor, `clear` without `--yes`), with the
  /// command it belongs to.
  case usageMessage(String, commandPath: [String])
  /// Anything else, with the code to exit with.
  case other(String, ExitCode)

  /// The sysexits code the command ends with.
  package var exitCode: ExitCode {
    switch self {
    case .usage(let error): error.isBadData ? .dataError : .usage
    case .usageMessage: .usage
    case .badImportLine: .dataError
    case .inputMissing: .noInput
    case .other(_, let code): code
    case .store(let error): Self.exitCode(for: error)
    }
  }

  /// The sysexits code for a store error: its kind's (``ExitCode/init(failureOf:)``).
  package static func exitCode(for error: ListStoreError) -> ExitCode {
    ExitCode(failureOf: error.kind)
  }

  /// What goes to stderr: one line, or three for a usage error, its usage line taken from
  /// `root` (the command line of the file's kinds).
  package func render(style: TextStyle, root: CommandSpec = CommandTree.root) -> String {
    switch self {
    case .usage(let error) where error.isBadData:
      // A bad value, not a misuse of the command: one line, like every other bad value.
      return ErrorRenderer.render(message: error.description, style: style)
    case .usage(let error):
      return ErrorRenderer.render(error, root: root, style: style)
    case .usageMessage(let message, let path):
      return ErrorRenderer.render(usageMessage: message, commandPath: path, of: CommandLineParser(root: root), style: style)
    case .store(let error):
      return ErrorRenderer.render(message: error.message, style: style)
    case .badImportLine(let line, let reason):
      return ErrorRenderer.render(
        message: "Line \(line): \(reason) Nothing was imported.", style: style)
    case .inputMissing(let path, let reason):
      return ErrorRenderer.render(message: "Cannot read \(path): \(reason).", style: style)
    case .other(let message, _):
      return ErrorRenderer.render(message: message, style: style)
    }
  }
}
