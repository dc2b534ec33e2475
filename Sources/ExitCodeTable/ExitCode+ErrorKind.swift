import CLISupport
import ListPaging
import ListProtocol
import ListStore

extension ExitCode {
  /// The exit code of a failure of `kind`: the one table from every error's kind (the store's,
  /// a remote's, a sync's) to the code `lists` ends with. A kind it does not know (an app's own)
  /// is an internal error.
  package init(failureOf kind: ErrorKind) {
    self = Self.byKind[kind] ?? .software
  }

  private static let byKind: [ErrorKind: ExitCode] = {
    var table: [ErrorKind: ExitCode] = [:]
    func add(_ code: ExitCode, _ kinds: ErrorKind...) { for kind in kinds { table[kind] = code } }
    add(
      .dataError, .invalidCurrency, .invalidAmount, .invalidTime, .invalidValue, .invalidStatus, .duplicate,
      .notFound, .importRejected, .invalidDefinition, .rejected)
    add(
      .usage, .invalidCursor, .invalidLimit, .unknownKind, .builtInKind, .invalidFilter, .unknownField,
      .invalidSearch, .invalidRequest)
    add(.tempFail, .busy, .timeout, .connectionLost, .serverError, .rateLimited)
    add(
      .ioError, .notADatabase, .corrupt, .countDrift, .damagedBookkeeping, .damagedSyncState, .foreignDatabase,
      .diskFull, .ioFailure, .permissionDenied, .cannotOpen, .store)
    add(.cantCreate, .cannotCreate)
    add(.config, .schemaTooNew, .migrationChanged)
    add(.software, .migrationFailed, .nestedWrite, .internalError, .searchUnavailable, .cancelled, .unknown)
    add(.unavailable, .unreachable)
    add(.protocolError, .protocolError, .redirectRefused, .clientError)
    add(.noPermission, .refused)
    return table
  }()
}
