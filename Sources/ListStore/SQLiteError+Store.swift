import SQLiteCore

extension ListStoreError {
  /// The store's error for a SQLite failure on the database at `path`.
  init(_ error: SQLiteError, path: String) {
    if error.isBusy {
      self = .databaseBusy
    } else if error.isNotADatabase {
      self = .notADatabase(path: path)
    } else if error.isCorrupt {
      self = .corrupt(path: path, detail: error.message)
    } else if error.isFull {
      self = .diskFull
    } else if error.isPermission {
      self = .permissionDenied(path: path)
    } else if error.isCannotOpen {
      self = .cannotOpen(path: path, reason: error.message)
    } else if error.isIOError {
      self = .ioError(detail: error.message)
    } else if error.isSchemaMismatch || error.isDatatypeViolation {
      // The store's statements are fixed and bind every value with its column's type: a table
      // or column they name that is gone, or a value that does not fit (a kept count at the
      // integer limit), was made by the file, not by the store.
      self = .corrupt(path: path, detail: error.message)
    } else {
      self = .internalError(detail: error.description)
    }
  }

  /// Converts anything thrown while working on the database into the store's error.
  static func wrap(_ error: any Error, path: String) -> ListStoreError {
    switch error {
    case let error as ListStoreError: error
    case let error as SQLiteError: ListStoreError(error, path: path)
    default: .internalError(detail: String(describing: error))
    }
  }
}
