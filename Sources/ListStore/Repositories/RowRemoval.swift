import SQLiteCore

/// Removing items by id, all or none, for every repository.
enum RowRemoval {
  /// Deletes each of `ids` (once, however often it is given) of `account` with `statement`
  /// (`?1` the account, `?2` the id), inside the caller's transaction.
  /// - Returns: The ids that matched no row; the caller throws, rolling every delete back.
  static func remove(
    _ ids: [Int64], account: String, with statement: Statement, _ connection: Connection
  ) throws(SQLiteError) -> [Int64] {
    var unique: [Int64] = []
    for id in ids where !unique.contains(id) { unique.append(id) }
    var missing: [Int64] = []
    for id in unique {
      statement.reset()
      try statement.bind(account, at: 1)
      try statement.bind(id, at: 2)
      try statement.run()
      if connection.changes == 0 { missing.append(id) }
    }
    return missing
  }
}
