/// The items of one kind of one account on its PostgreSQL node, inside a push's transaction
/// that holds the account's row lock.
struct PostgresItemRows: ItemRows {
  let account: String
  let kind: String
  let connection: PGConnection

  func stored(_ id: Int64) throws -> (version: Int64, body: String)? {
    let rows = try connection.query(
      "SELECT version, body FROM server_items WHERE account = $1 AND kind = $2 AND id = $3",
      [account, kind, String(id)])
    guard rows.count == 1 else { return nil }
    return (try rows.int64(0, 0), rows.text(0, 1))
  }

  func holder(of key: String, except: Int64?) throws -> Int64? {
    let rows = try connection.query(
      """
      SELECT id FROM server_items
      WHERE account = $1 AND kind = $2 AND unique_key = $3 AND id IS DISTINCT FROM $4::bigint
      """, [account, kind, key, except.map { String($0) }])
    return rows.count > 0 ? try rows.int64(0, 0) : nil
  }

  func flagged(_ field: String, except: Int64) throws -> [(id: Int64, body: String)] {
    let rows = try connection.query(
      """
      SELECT id, body FROM server_items
      WHERE account = $1 AND kind = $2 AND id <> $3 AND (body::jsonb -> $4::text) = 'true'::jsonb
      ORDER BY id
      """, [account, kind, String(except), field])
    var found: [(id: Int64, body: String)] = []
    for row in 0..<rows.count { found.append((try rows.int64(row, 0), rows.text(row, 1))) }
    return found
  }

  func nextSequence() throws -> Int64 {
    try connection.query(
      "UPDATE server_accounts SET seq = seq + 1 WHERE account = $1 RETURNING seq", [account]
    ).int64(0, 0)
  }

  func nextID() throws -> Int64 {
    try connection.query(
      "UPDATE server_accounts SET last_id = last_id + 1 WHERE account = $1 RETURNING last_id",
      [account]
    ).int64(0, 0)
  }

  func insert(id: Int64, seq: Int64, body: String, uniqueKey: String?) throws {
    try connection.query(
      """
      INSERT INTO server_items (account, kind, id, version, seq, body, unique_key)
      VALUES ($1, $2, $3, 1, $4, $5, $6)
      """, [account, kind, String(id), String(seq), body, uniqueKey])
  }

  func update(id: Int64, seq: Int64, body: String, uniqueKey: String??) throws {
    if let uniqueKey {
      try connection.query(
        """
        UPDATE server_items SET version = version + 1, seq = $4, body = $5, unique_key = $6
        WHERE account = $1 AND kind = $2 AND id = $3
        """, [account, kind, String(id), String(seq), body, uniqueKey])
    } else {
      try connection.query(
        """
        UPDATE server_items SET version = version + 1, seq = $4, body = $5
        WHERE account = $1 AND kind = $2 AND id = $3
        """, [account, kind, String(id), String(seq), body])
    }
  }

  func remove(id: Int64, seq: Int64, now: Int64) throws {
    try connection.query(
      "DELETE FROM server_items WHERE account = $1 AND kind = $2 AND id = $3",
      [account, kind, String(id)])
    try connection.query(
      """
      INSERT INTO server_deletions (account, kind, id, seq, deleted_at) VALUES ($1, $2, $3, $4, $5)
      ON CONFLICT (account, kind, id) DO UPDATE SET seq = excluded.seq, deleted_at = excluded.deleted_at
      """, [account, kind, String(id), String(seq), String(now)])
  }

  func storedAnswer(_ changeID: String) throws -> String? {
    let rows = try connection.query(
      "SELECT answer FROM server_answers WHERE account = $1 AND change_id = $2",
      [account, changeID])
    return rows.count == 1 ? rows.text(0, 0) : nil
  }

  func storeAnswer(changeID: String, json: String, now: Int64) throws {
    try connection.query(
      "INSERT INTO server_answers (account, change_id, answer, answered_at) VALUES ($1, $2, $3, $4)",
      [account, changeID, json, String(now)])
  }
}
