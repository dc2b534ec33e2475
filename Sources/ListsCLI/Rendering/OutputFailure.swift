import CLISupport

/// Why an ``OutputWriter`` stopped writing.
package enum OutputFailure: Error, Sendable, Equatable {
  /// The reader went away (`EPIPE`), as in `lists export orders | head`: not an error for the
  /// user, the command stops producing output and exits 0.
  case brokenPipe
  /// `write(2)` failed with this `errno` (e.g. `ENOSPC`): an I/O error, exit 74.
  case writeFailed(errno: Int32)
}

extension OutputWriter {
  /// The error for a write that failed (`ENOSPC`, `EIO`, ...) after flushing what is buffered;
  /// `nil` when everything was written or the reader closed the pipe, which is not an error.
  /// `what` names the output in the message, e.g. "the export".
  package func writeError(_ what: String = "the output") -> CLIError? {
    flush()
    guard case .writeFailed(let code)? = failure else { return nil }
    return .cannotWrite(what, errno: code)
  }
}

extension CLIError {
  /// Writing `what` ("the output", "the export") failed with `errno`: an I/O error, exit 74.
  package static func cannotWrite(_ what: String, errno code: Int32) -> CLIError {
    .other("Cannot write \(what): \(System.describe(code)).", .ioError)
  }
}
