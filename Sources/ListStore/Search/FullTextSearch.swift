import SQLiteCore

/// Whether the linked SQLite can run full-text search.
package enum FullTextSearch {
  /// Whether the SQLite behind `connection` was built with FTS5
  /// (`sqlite_compileoption_used('ENABLE_FTS5')`).
  package static func isAvailable(on connection: Connection) throws(SQLiteError) -> Bool {
    try connection.scalarInt("SELECT sqlite_compileoption_used('ENABLE_FTS5')") == 1
  }

  /// Returns when the SQLite behind `connection` has FTS5.
  ///
  /// - Throws: ``SearchError/fullTextSearchUnavailable(sqliteVersion:)`` when it was built
  ///   without it; `SQLiteError` when the check itself failed.
  package static func requireAvailable(on connection: Connection) throws {
    guard try isAvailable(on: connection) else {
      throw SearchError.fullTextSearchUnavailable(sqliteVersion: sqliteVersion)
    }
  }
}
