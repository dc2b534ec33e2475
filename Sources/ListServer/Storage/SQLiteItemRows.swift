import SQLiteCore

/// The items of one kind of one account in the server's SQLite file, inside a push's
/// transaction (one writer: the account is not written by anyone else meanwhile).
struct SQLiteItemRows: ItemRows {
  let account: String
  let kind: String
  let connection: Connection

  func stored(_ id: Int64) throws -> (version: Int64, body: String)? {
    let statement = try scoped(
      "SELECT version, body FROM server_items WHERE account = ?1 AND kind = ?2 AND id = ?3")
    defer { statement.reset() }
    try statement.bind(id, at: 3)
    guard try statement.step() else { return nil }
    return (statement.int64(at: 0), statement.text(at: 1))
  }

  func holder(of key: String, except: Int64?) throws -> Int64? {
    let statement = try scoped(
      "SELECT id FROM server_items WHERE account = ?1 AND kind = ?2 AND unique_key = ?3 AND id IS NOT ?4"
    )
    defer { statement.reset() }
    try statement.bind(key, at: 3)
    if let except { try statement.bind(except, at: 4) } else { try statement.bindNull(at: 4) }
    return try statement.step() ? statement.int64(at: 0) : nil
  }

  func flagged(_ field: String, except: Int64) throws -> [(id: Int64, body: String)] {
    let holders = try scoped(
      """
      SELECT id, body FROM server_items
      WHERE account = ?1 AND kind = ?2 AND id IS NOT ?3 AND json_extract(body, ?4) = 1
      """)
    defer { holders.reset() }
    try holders.bind(except, at: 3)
    try holders.bind("$.\"\(field)\"", at: 4)
    var found: [(id: Int64, body: String)] = []
    while try holders.step() { found.append((holders.int64(at: 0), holders.text(at: 1))) }
    return found
  }

  /// `sql` from the statement cache with the account bound to `?1` and the kind to `?2`.
  private func scoped(_ sql: StaticString) throws -> Statement {
    let statement = try connection.cachedStatement(sql)
    try statement.bind(account, at: 1)
    try statement.bind(kind, at: 2)
    return statement
  }

  func nextSequence() throws -> Int64 {
    try bump(
      "UPDATE server_accounts SET seq = seq + 1 WHERE account = ?1 RETURNING seq")
  }

  func nextID() throws -> Int64 {
    try bump(
      "UPDATE server_accounts SET last_id = last_id + 1 WHERE account = ?1 RETURNING last_id")
  }

  /// Runs one of the two bumps of the account's row and returns the new value.
  private func bump(_ sql: StaticString) throws -> Int64 {
    let statement = try connection.cachedStatement(sql)
    defer { statement.reset() }
    try statement.bind(account, at: 1)
    guard try statement.step() else {
      throw StorageError.unavailable("the account's row is missing")
    }
    return statement.int64(at: 0)
  }

  func insert(id: Int64, seq: Int64, body: String, uniqueKey: String?) throws {
    let insert = try scoped(
      """
      INSERT INTO server_items (account, kind, id, version, seq, body, unique_key)
      VALUES (?1, ?2, ?3, 1, ?4, ?5, ?6)
      """)
    defer { insert.reset() }
    try insert.bind(id, at: 3)
    try insert.bind(seq, at: 4)
    try insert.bind(body, at: 5)
    try insert.bind(uniqueKey, at: 6)
    try insert.run()
  }

  func update(id: Int64, seq: Int64, body: String, uniqueKey: String??) throws {
    let update =
      uniqueKey == nil
      ? try connection.cachedStatement(
        """
        UPDATE server_items SET version = version + 1, seq = ?4, body = ?5
        WHERE account = ?1 AND kind = ?2 AND id = ?3
        """)
      : try connection.cachedStatement(
        """
        UPDATE server_items SET version = version + 1, seq = ?4, body = ?5, unique_key = ?6
        WHERE account = ?1 AND kind = ?2 AND id = ?3
        """)
    defer { update.reset() }
    try update.bind(account, at: 1)
    try update.bind(kind, at: 2)
    try update.bind(id, at: 3)
    try update.bind(seq, at: 4)
    try update.bind(body, at: 5)
    if let uniqueKey { try update.bind(uniqueKey, at: 6) }
    try update.run()
  }

  func remove(id: Int64, seq: Int64, now: Int64) throws {
    let delete = try scoped(
      "DELETE FROM server_items WHERE account = ?1 AND kind = ?2 AND id = ?3")
    defer { delete.reset() }
    try delete.bind(id, at: 3)
    try delete.run()
    let deletion = try scoped(
      """
      INSERT INTO server_deletions (account, kind, id, seq, deleted_at) VALUES (?1, ?2, ?3, ?4, ?5)
      ON CONFLICT (account, kind, id) DO UPDATE SET seq = excluded.seq, deleted_at = excluded.deleted_at
      """)
    defer { deletion.reset() }
    try deletion.bind(id, at: 3)
    try deletion.bind(seq, at: 4)
    try deletion.bind(now, at: 5)
    try deletion.run()
  }

  func storedAnswer(_ changeID: String) throws -> String? {
    let statement = try connection.cachedStatement(
      "SELECT answer FROM server_answers WHERE account = ?1 AND change_id = ?2")
    defer { statement.reset() }
    try statement.bind(account, at: 1)
    try statement.bind(changeID, at: 2)
    return try statement.step() ? statement.text(at: 0) : nil
  }

  func storeAnswer(changeID: String, json: String, now: Int64) throws {
    let statement = try connection.cachedStatement(
      "INSERT INTO server_answers (account, change_id, answer, answered_at) VALUES (?1, ?2, ?3, ?4)"
    )
    defer { statement.reset() }
    try statement.bind(account, at: 1)
    try statement.bind(changeID, at: 2)
    try statement.bind(json, at: 3)
    try statement.bind(now, at: 4)
    try statement.run()
  }
}
