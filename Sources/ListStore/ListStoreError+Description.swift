import ListPaging
import TextFormats

extension ListStoreError: CustomStringConvertible {
  /// One sentence for people: what was wrong and what to do.
  public var message: String {
    switch self {
    case .invalidCurrency(let code):
      "'\(code)' is not an ISO 4217 currency code; use a code such as EUR, USD or JPY."
    case .invalidAmount(let text, let reason):
      "Amount '\(text)' \(reason)."
    case .invalidTimestamp(let text):
      "'\(text)' is not an ISO 8601 time; use a form such as 2026-11-30T13:40:00Z."
    case .invalidValue(let field, let reason):
      // A field's name read as words: `postal_code` → `postal code`.
      "The \(field.split(separator: "_", omittingEmptySubsequences: false).joined(separator: " ")) \(reason)."
    case .invalidStatus(let text):
      "'\(text)' is not an order status; use one of: \(OrderStatus.allNames)."
    case .invalidCursor(let kind):
      "The cursor was not made by the \(kind) list; use the next_cursor of a page of this list."
    case .invalidLimit(let limit, let allowed):
      "A page holds \(allowed.lowerBound) to \(allowed.upperBound) items, not \(limit)."
    case .itemsNotFound(let kind, let ids, let removing):
      "No \(kind.itemName) with id \(ids.map(String.init).joined(separator: ", "))"
        + (removing ? "; nothing was removed." : ".")
    case .importRejected(let position, let reason):
      "Item \(position) was rejected, so nothing was imported: \(reason.message)"
    case .databaseBusy:
      "The database is busy: another program held its lock past the busy timeout; try again."
    case .notADatabase(let path):
      "\(path) is not a lists database (not SQLite); check the path."
    case .corrupt(let path, let detail):
      "\(path) is damaged (\(detail)); restore it from a backup."
    case .foreignDatabase(let path):
      "\(path) is another program's SQLite database; lists will not touch it. Use another path."
    case .schemaTooNew(nil, let found, let supported):
      "The database has schema version \(found) but this build knows only up to \(supported); "
        + "upgrade lists."
    case .schemaTooNew(let app?, let found, let supported):
      "The database has \(found) migrations of \(app) but this version of the app knows only \(supported); "
        + "it was left untouched: update the app."
    case .countDrift(let kind, let account, let kept, let actual):
      "The kept count of \(kind) for account '\(account)' is \(kept), but the list has "
        + "\(actual) \(actual == 1 ? kind.itemName : kind.rawValue); recount with 'lists doctor --repair'."
    case .syncStateDamaged(let kind, let account, let detail):
      "The sync state of \(kind) for account '\(account)' is damaged (\(detail)); no item is lost: "
        + "'lists sync \(kind) --from URL' replaces it."
    case .remoteHasChanges(let kind, let count):
      "\(kind) has \(count == 1 ? "a change" : "\(count) changes") for its remote not synced or resolved yet; "
        + "sync or resolve them before giving another remote."
    case .bookkeepingDamaged(let path, let detail):
      "\(path) is damaged (\(detail)); no item is lost: repair it with 'lists doctor --repair'."
    case .migrationChanged(nil, let number, let name):
      "Migration \(number) (\(name)) differs from the one applied to this database; "
        + "it was made by another build of lists: open it with that build."
    case .migrationChanged(let app?, let number, let name):
      "Migration \(number) (\(name)) of \(app) differs from the one applied to this database; "
        + "a shipped migration must not change: add a new one instead."
    case .migrationFailed(nil, let number, let name, let detail):
      "Migration \(number) (\(name)) failed and was rolled back: \(detail)."
    case .migrationFailed(let app?, let number, let name, let detail):
      "Migration \(number) (\(name)) of \(app) failed and was rolled back: \(detail)."
    case .cannotCreate(let path, let reason):
      "Cannot create the database \(path): \(reason)."
    case .cannotOpen(let path, let reason):
      "Cannot open the database \(path): \(reason)."
    case .permissionDenied(let path):
      "Permission denied for \(path); check the file's permissions."
    case .diskFull:
      "The disk is full (or the file-size limit was reached); nothing was written. Free some space."
    case .ioError(let detail):
      "An I/O error occurred: \(detail)."
    case .nestedWrite:
      "A write was started inside a call that holds the write transaction open: inside a write's "
        + "closure, write through the transaction it gives; inside an import's draft source or a read, "
        + "write after the import returns."
    case .invalidDefinition(let reason):
      reason
    case .unknownKind(let name):
      "No list named '\(TerminalEscaping.escape(name))' is in the file; 'lists kinds' shows the lists it has."
    case .builtInKind(let name):
      "'\(name)' is built in and cannot be removed; 'lists clear \(name) --yes' removes its items."
    case .duplicateItem(let kind, let item, let fields, let values):
      Self.duplicateMessage(kind: kind, item: item, fields: fields, values: values)
    case .invalidFilter(let filter, let reason):
      "The filter '\(TerminalEscaping.escape(filter))' \(reason)."
    case .unknownField(let kind, let field, let known):
      "\(kind) has no field '\(TerminalEscaping.escape(field))'; its fields are \(known.joined(separator: ", "))."
    case .search(let error):
      error.message
    case .internalError(let detail):
      "Internal error: \(detail)."
    }
  }

  /// The error's ``message``.
  public var description: String { message }

  /// Whether trying again later may succeed: only a busy database.
  public var isRetryable: Bool {
    if case .databaseBusy = self { return true }
    return false
  }

  /// What kind of failure it is, as in `show --json`'s `error.kind`.
  public var kind: ErrorKind {
    switch self {
    case .invalidCurrency: .invalidCurrency
    case .invalidAmount: .invalidAmount
    case .invalidTimestamp: .invalidTime
    case .invalidValue: .invalidValue
    case .invalidStatus: .invalidStatus
    case .invalidCursor: .invalidCursor
    case .invalidLimit: .invalidLimit
    case .itemsNotFound: .notFound
    case .importRejected: .importRejected
    case .databaseBusy: .busy
    case .notADatabase: .notADatabase
    case .corrupt: .corrupt
    case .foreignDatabase: .foreignDatabase
    case .schemaTooNew: .schemaTooNew
    case .countDrift: .countDrift
    case .bookkeepingDamaged: .damagedBookkeeping
    case .syncStateDamaged: .damagedSyncState
    case .remoteHasChanges: .invalidRequest
    case .migrationChanged: .migrationChanged
    case .migrationFailed: .migrationFailed
    case .cannotCreate: .cannotCreate
    case .cannotOpen: .cannotOpen
    case .permissionDenied: .permissionDenied
    case .diskFull: .diskFull
    case .ioError: .ioFailure
    case .nestedWrite: .nestedWrite
    case .invalidDefinition: .invalidDefinition
    case .unknownKind: .unknownKind
    case .builtInKind: .builtInKind
    case .duplicateItem: .duplicate
    case .invalidFilter: .invalidFilter
    case .unknownField: .unknownField
    case .search(.nulCharacter), .search(.notSearchable): .invalidSearch
    case .search(.fullTextSearchUnavailable): .searchUnavailable
    case .internalError: .internalError
    }
  }
}

extension ListStoreError {
  /// `An order numbered 'A-1002' already exists; give the new order another number.` for a
  /// rule of one field; `A book with this title and author is already in books; ...` for more.
  static func duplicateMessage(kind: String, item: String, fields: [String], values: [String]) -> String {
    let article = "aeiou".unicodeScalars.contains(item.unicodeScalars.first ?? "x") ? "An" : "A"
    guard fields.count == 1, let field = fields.first, let value = values.first else {
      return "\(article) \(item) with this \(fields.joined(separator: " and ")) is already in \(kind); change it or add another."
    }
    let words = field.split(separator: "_").joined(separator: " ")
    // `numbered 'A-1'` reads better than `with number 'A-1'`.
    let named = field == "number" ? "numbered" : "with \(words)"
    return "\(article) \(item) \(named) '\(value)' already exists; give the new \(item) another \(words)."
  }
}
