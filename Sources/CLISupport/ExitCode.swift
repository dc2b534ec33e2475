
/// The process exit statuses of `lists`, from BSD's `sysexits.h`.
///
/// Every command ends with one of these; scripts can tell a usage mistake from bad data, a busy
/// database from a broken one. `lists help exit-codes` prints the same table.
package enum ExitCode: Int32, Sendable, CaseIterable {
  /// The command did what it was asked; an empty list is a success too.
  case success = 0
  /// The command line was wrong: unknown command, list, flag or cursor; a missing argument.
  case usage = 64
  /// The input data was wrong: an invalid value, a bad import line, a duplicate order number.
  case dataError = 65
  /// An input file does not exist or cannot be read.
  case noInput = 66
  /// Something unexpected happened inside `lists`: a bug.
  case software = 70
  /// The database file or its folder cannot be created.
  case cantCreate = 73
  /// Reading or writing failed: disk full, not a database, a corrupt or foreign file.
  case ioError = 74
  /// The database stayed busy or locked past the busy timeout; trying again may succeed.
  case tempFail = 75
  /// The database's schema is newer than this build of `lists`.
  case config = 78
  /// Sync: the remote could not be reached (refused, unreachable, DNS).
  case unavailable = 69
  /// Sync: the remote broke the protocol (bad JSON, a missing field, another 4xx).
  case protocolError = 76
  /// Sync: the remote refused the request (401, 403).
  case noPermission = 77

  /// The order in which `lists help exit-codes` and the README list the codes.
  package static let documentationOrder: [ExitCode] = [
    .success, .usage, .dataError, .noInput, .unavailable, .cantCreate, .ioError, .tempFail,
    .protocolError, .noPermission, .config, .software,
  ]

  /// One sentence saying when a command exits with this code, for `lists help exit-codes`.
  package var meaning: String {
    switch self {
    case .success: "Success, an empty list included."
    case .usage: "Usage error: unknown command, list, flag or cursor; missing argument."
    case .dataError: "Bad data: invalid value, bad import line, duplicate order number."
    case .noInput: "Input file missing or unreadable."
    case .software: "Internal error (a bug in lists)."
    case .cantCreate: "The database file cannot be created."
    case .ioError:
      "I/O error: disk full, not a database, corrupt file, another program's database."
    case .tempFail:
      "Busy or locked past the busy timeout, or a remote's timeout, 5xx or 429; trying again may succeed."
    case .config: "The database's schema is newer than this build of lists."
    case .unavailable: "Sync: the remote is unreachable (refused connection, unknown host)."
    case .protocolError: "Sync: the remote broke the protocol (bad JSON, missing field, 4xx)."
    case .noPermission: "Sync: the remote refused the request (401, 403)."
    }
  }
}
