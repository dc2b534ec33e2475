/// Why an ``OutputWriter`` stopped writing.
package enum OutputFailure: Error, Sendable, Equatable {
  /// The reader went away (`EPIPE`), as in `lists export orders | head`: not an error for the
  /// user, the command stops producing output and exits 0.
  case brokenPipe
  /// `write(2)` failed with this `errno` (e.g. `ENOSPC`): an I/O error, exit 74.
  case writeFailed(errno: Int32)
}
