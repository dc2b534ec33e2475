import CLISupport
import ExitCodeTable
import ListPaging


extension ClassifiedError {
  /// The exit code `lists` ends with for this error: the command line's table applied to the
  /// library's kind (the library itself knows no exit codes).
  var exitCode: Int32 { ExitCode(failureOf: kind).rawValue }
}
