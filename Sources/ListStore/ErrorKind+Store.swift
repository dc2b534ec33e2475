import ListPaging

/// The kinds of ``ListStoreError``: what `show --json` prints as `error.kind` and the command line
/// maps to its exit code.
extension ErrorKind {
  /// `invalid_currency`: see ``ListStoreError/kind``.
  public static let invalidCurrency: ErrorKind = "invalid_currency"
  /// `invalid_amount`: see ``ListStoreError/kind``.
  public static let invalidAmount: ErrorKind = "invalid_amount"
  /// `invalid_time`: see ``ListStoreError/kind``.
  public static let invalidTime: ErrorKind = "invalid_time"
  /// `invalid_value`: see ``ListStoreError/kind``.
  public static let invalidValue: ErrorKind = "invalid_value"
  /// `invalid_status`: see ``ListStoreError/kind``.
  public static let invalidStatus: ErrorKind = "invalid_status"
  /// `invalid_cursor`: see ``ListStoreError/kind``.
  public static let invalidCursor: ErrorKind = "invalid_cursor"
  /// `invalid_limit`: see ``ListStoreError/kind``.
  public static let invalidLimit: ErrorKind = "invalid_limit"
  /// `duplicate`: see ``ListStoreError/kind``.
  public static let duplicate: ErrorKind = "duplicate"
  /// `not_found`: see ``ListStoreError/kind``.
  public static let notFound: ErrorKind = "not_found"
  /// `import_rejected`: see ``ListStoreError/kind``.
  public static let importRejected: ErrorKind = "import_rejected"
  /// `not_a_database`: see ``ListStoreError/kind``.
  public static let notADatabase: ErrorKind = "not_a_database"
  /// `foreign_database`: see ``ListStoreError/kind``.
  public static let foreignDatabase: ErrorKind = "foreign_database"
  /// `schema_too_new`: see ``ListStoreError/kind``.
  public static let schemaTooNew: ErrorKind = "schema_too_new"
  /// `count_drift`: see ``ListStoreError/kind``.
  public static let countDrift: ErrorKind = "count_drift"
  /// `damaged_bookkeeping`: see ``ListStoreError/kind``.
  public static let damagedBookkeeping: ErrorKind = "damaged_bookkeeping"
  /// `damaged_sync_state`: see ``ListStoreError/kind``.
  public static let damagedSyncState: ErrorKind = "damaged_sync_state"
  /// `migration_changed`: see ``ListStoreError/kind``.
  public static let migrationChanged: ErrorKind = "migration_changed"
  /// `migration_failed`: see ``ListStoreError/kind``.
  public static let migrationFailed: ErrorKind = "migration_failed"
  /// `cannot_create`: see ``ListStoreError/kind``.
  public static let cannotCreate: ErrorKind = "cannot_create"
  /// `cannot_open`: see ``ListStoreError/kind``.
  public static let cannotOpen: ErrorKind = "cannot_open"
  /// `permission`: see ``ListStoreError/kind``.
  public static let permissionDenied: ErrorKind = "permission"
  /// `disk_full`: see ``ListStoreError/kind``.
  public static let diskFull: ErrorKind = "disk_full"
  /// `io`: see ``ListStoreError/kind``.
  public static let ioFailure: ErrorKind = "io"
  /// `nested_write`: see ``ListStoreError/kind``.
  public static let nestedWrite: ErrorKind = "nested_write"
  /// `invalid_definition`: see ``ListStoreError/kind``.
  public static let invalidDefinition: ErrorKind = "invalid_definition"
  /// `unknown_kind`: see ``ListStoreError/kind``.
  public static let unknownKind: ErrorKind = "unknown_kind"
  /// `built_in_kind`: see ``ListStoreError/kind``.
  public static let builtInKind: ErrorKind = "built_in_kind"
  /// `invalid_filter`: see ``ListStoreError/kind``.
  public static let invalidFilter: ErrorKind = "invalid_filter"
  /// `unknown_field`: see ``ListStoreError/kind``.
  public static let unknownField: ErrorKind = "unknown_field"
  /// `invalid_search`: see ``ListStoreError/kind``.
  public static let invalidSearch: ErrorKind = "invalid_search"
  /// `search_unavailable`: see ``ListStoreError/kind``.
  public static let searchUnavailable: ErrorKind = "search_unavailable"
  /// `internal`: see ``ListStoreError/kind``.
  public static let internalError: ErrorKind = "internal"
}
