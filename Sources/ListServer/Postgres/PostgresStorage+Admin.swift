import ListStore

extension PostgresStorage {
  /// The node of the kinds and tokens: the first.
  var directory: PostgresNode { nodes[0] }

  package func kind(named name: String) throws(StorageError) -> KindDefinition? {
    let rows = try directory.run { connection in
      try connection.query("SELECT definition FROM server_kinds WHERE name = $1", [name])
    }
    guard rows.count == 1 else { return nil }
    return try definitions.definition(named: name, json: rows.text(0, 0))
  }

  package func kinds() throws(StorageError) -> [KindDefinition] {
    let rows = try directory.run { connection in
      try connection.query("SELECT definition FROM server_kinds ORDER BY name COLLATE \"C\"")
    }
    var definitions: [KindDefinition] = []
    for row in 0..<rows.count { definitions.append(try DefinitionCache.parse(rows.text(row, 0))) }
    return definitions
  }

  package func addKind(_ definition: KindDefinition, now: Int64) throws(StorageError) {
    let added = try directory.run { connection in
      try connection.query(
        """
        INSERT INTO server_kinds (name, definition, updated_at) VALUES ($1, $2, $3)
        ON CONFLICT (name) DO NOTHING RETURNING name
        """, [definition.name, definition.json, String(now)])
    }
    if added.count == 0 {
      throw .conflict("The server has a kind '\(definition.name)' already; use kinds update.")
    }
  }

  package func updateKind(_ definition: KindDefinition, now: Int64) throws(StorageError) {
    let updated = try directory.run { connection in
      try connection.query(
        "UPDATE server_kinds SET definition = $2, updated_at = $3 WHERE name = $1 RETURNING name",
        [definition.name, definition.json, String(now)])
    }
    if updated.count == 0 {
      throw .notFound("The server has no kind '\(definition.name)'; use kinds add.")
    }
  }

  package func account(forTokenHash tokenHash: String) throws(StorageError) -> String? {
    let rows = try directory.run { connection in
      try connection.query("SELECT account FROM server_tokens WHERE hash = $1", [tokenHash])
    }
    return rows.count == 1 ? rows.text(0, 0) : nil
  }

  package func addToken(id tokenID: String, account: String, tokenHash: String, now: Int64)
    throws(StorageError)
  {
    _ = try directory.run { connection in
      try connection.query(
        "INSERT INTO server_tokens (id, account, hash, created_at) VALUES ($1, $2, $3, $4)",
        [tokenID, account, tokenHash, String(now)])
    }
  }

  package func tokens() throws(StorageError) -> [TokenRecord] {
    let rows = try directory.run { connection in
      try connection.query(
        "SELECT id, account, created_at FROM server_tokens ORDER BY created_at, id COLLATE \"C\"")
    }
    var records: [TokenRecord] = []
    for row in 0..<rows.count {
      records.append(
        TokenRecord(id: rows.text(row, 0), account: rows.text(row, 1), createdAt: try rows.int64(row, 2)))
    }
    return records
  }

  package func removeToken(id tokenID: String) throws(StorageError) {
    let removed = try directory.run { connection in
      try connection.query("DELETE FROM server_tokens WHERE id = $1 RETURNING id", [tokenID])
    }
    if removed.count == 0 {
      throw .notFound("No token has the id '\(tokenID)'; see token list.")
    }
  }

  package func prune(deletionsBefore: Int64, answersBefore: Int64) throws(StorageError) {
    for node in nodes {
      try node.run { connection in
        try connection.transaction {
          // A checkpoint at or after the newest deletion forgotten still sees every later one.
          try connection.query(
            """
            UPDATE server_accounts a SET pruned_seq = GREATEST(a.pruned_seq, d.newest)
            FROM (SELECT account, max(seq) AS newest FROM server_deletions
                  WHERE deleted_at < $1 GROUP BY account) d
            WHERE a.account = d.account
            """, [String(deletionsBefore)])
          try connection.query(
            "DELETE FROM server_deletions WHERE deleted_at < $1", [String(deletionsBefore)])
          try connection.query(
            "DELETE FROM server_answers WHERE answered_at < $1", [String(answersBefore)])
        }
      }
    }
  }
}
