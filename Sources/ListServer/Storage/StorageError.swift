import SQLiteCore

/// What a storage call can fail with.
package enum StorageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The storage failed (disk full, I/O, busy past the timeout): try again later.
  case unavailable(String)
  /// The file's schema is newer than this build: the version found and the newest known.
  case schemaTooNew(found: Int, supported: Int)
  /// An applied migration differs from this build's: its number.
  case migrationChanged(Int)
  /// What the call names exists already.
  case conflict(String)
  /// What the call names does not exist.
  case notFound(String)
  /// The request is not one the storage can answer (a cursor it did not make).
  case badRequest(String)
  /// The account's bucket is held by another node now (a node of the map said so after a
  /// move): the backend reads the map again and retries; a request that still meets it is
  /// answered `503`.
  case bucketMoved(bucket: Int)

  /// The error of a failed SQLite call: the message and code, never a bound value.
  init(_ error: SQLiteError) {
    self = .unavailable(error.description)
  }

  /// One sentence for people.
  package var description: String {
    switch self {
    case .unavailable(let detail): "The storage failed: \(detail)"
    case .schemaTooNew(let found, let supported):
      "The database's schema is version \(found), newer than this lists-server knows (\(supported)); run a newer lists-server."
    case .migrationChanged(let number):
      "Migration \(number) of the database differs from this build's; the file was made by another build."
    case .conflict(let what), .notFound(let what), .badRequest(let what): what
    case .bucketMoved(let bucket): "Bucket \(bucket) moved to another node; try again."
    }
  }
}
