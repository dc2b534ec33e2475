import ListStore
import SQLiteCore

extension SQLiteStorage {
  package func kind(named name: String) throws(StorageError) -> KindDefinition? {
    let json = try reader.run { connection in try Self.definitionJSON(named: name, connection) }
    guard let json else { return nil }
    return try definitions.definition(named: name, json: json)
  }

  /// The stored definition of kind `name`, or nil.
  static func definitionJSON(named name: String, _ connection: Connection) throws -> String? {
    let statement = try connection.cachedStatement(
      "SELECT definition FROM server_kinds WHERE name = ?1")
    defer { statement.reset() }
    try statement.bind(name, at: 1)
    return try statement.step() ? statement.text(at: 0) : nil
  }

  package func kinds() throws(StorageError) -> [KindDefinition] {
    let texts = try reader.run { connection in
      try connection.textColumn("SELECT definition FROM server_kinds ORDER BY name")
    }
    var definitions: [KindDefinition] = []
    for text in texts { definitions.append(try DefinitionCache.parse(text)) }
    return definitions
  }

  package func addKind(_ definition: KindDefinition, now: Int64) throws(StorageError) {
    try writer.run { connection in
      let statement = try connection.prepare(
        "INSERT INTO server_kinds (name, definition, updated_at) VALUES (?1, ?2, ?3) ON CONFLICT (name) DO NOTHING"
      )
      try statement.bind(definition.name, at: 1)
      try statement.bind(definition.json, at: 2)
      try statement.bind(now, at: 3)
      try statement.run()
      if connection.changes == 0 {
        throw StorageError.conflict(
          "The server has a kind '\(definition.name)' already; use kinds update.")
      }
    }
  }

  package func updateKind(_ definition: KindDefinition, now: Int64) throws(StorageError) {
    try writer.run { connection in
      let statement = try connection.prepare(
        "UPDATE server_kinds SET definition = ?2, updated_at = ?3 WHERE name = ?1")
      try statement.bind(definition.name, at: 1)
      try statement.bind(definition.json, at: 2)
      try statement.bind(now, at: 3)
      try statement.run()
      if connection.changes == 0 {
        throw StorageError.notFound("The server has no kind '\(definition.name)'; use kinds add.")
      }
    }
  }

  package func account(forTokenHash tokenHash: String) throws(StorageError) -> String? {
    try reader.run { connection in try Self.account(forTokenHash: tokenHash, connection) }
  }

  /// The account of the token whose hash is `tokenHash`, or nil.
  static func account(forTokenHash tokenHash: String, _ connection: Connection) throws -> String? {
    let statement = try connection.cachedStatement(
      "SELECT account FROM server_tokens WHERE hash = ?1")
    defer { statement.reset() }
    try statement.bind(tokenHash, at: 1)
    return try statement.step() ? statement.text(at: 0) : nil
  }

  package func addToken(id tokenID: String, account: String, tokenHash: String, now: Int64)
    throws(StorageError)
  {
    try writer.run { connection in
      try connection.transaction {
        let token = try connection.prepare(
          "INSERT INTO server_tokens (id, account, hash, created_at) VALUES (?1, ?2, ?3, ?4)")
        try token.bind(tokenID, at: 1)
        try token.bind(account, at: 2)
        try token.bind(tokenHash, at: 3)
        try token.bind(now, at: 4)
        try token.run()
        try Self.ensureAccount(account, connection)
      }
    }
  }

  package func tokens() throws(StorageError) -> [TokenRecord] {
    try reader.run { connection in
      let statement = try connection.prepare(
        "SELECT id, account, created_at FROM server_tokens ORDER BY created_at, id")
      var records: [TokenRecord] = []
      while try statement.step() {
        records.append(
          TokenRecord(
            id: statement.text(at: 0), account: statement.text(at: 1),
            createdAt: statement.int64(at: 2)))
      }
      return records
    }
  }

  package func removeToken(id tokenID: String) throws(StorageError) {
    try writer.run { connection in
      let statement = try connection.prepare("DELETE FROM server_tokens WHERE id = ?1")
      try statement.bind(tokenID, at: 1)
      try statement.run()
      if connection.changes == 0 {
        throw StorageError.notFound("No token has the id '\(tokenID)'; see token list.")
      }
    }
  }

  package func prune(deletionsBefore: Int64, answersBefore: Int64) throws(StorageError) {
    try writer.run { connection in
      try connection.transaction {
        // A checkpoint at or after the newest deletion forgotten still sees every later one.
        let horizon = try connection.prepare(
          """
          UPDATE server_accounts SET pruned_seq = max(pruned_seq, (
            SELECT max(seq) FROM server_deletions d
            WHERE d.account = server_accounts.account AND d.deleted_at < ?1))
          WHERE account IN (SELECT account FROM server_deletions WHERE deleted_at < ?1)
          """)
        try horizon.bind(deletionsBefore, at: 1)
        try horizon.run()
        let deletions = try connection.prepare("DELETE FROM server_deletions WHERE deleted_at < ?1")
        try deletions.bind(deletionsBefore, at: 1)
        try deletions.run()
        let answers = try connection.prepare("DELETE FROM server_answers WHERE answered_at < ?1")
        try answers.bind(answersBefore, at: 1)
        try answers.run()
      }
    }
  }

  /// Makes the account's row (its sequence and last id) when it has none.
  static func ensureAccount(_ account: String, _ connection: Connection) throws {
    let statement = try connection.cachedStatement(
      "INSERT INTO server_accounts (account) VALUES (?1) ON CONFLICT (account) DO NOTHING")
    defer { statement.reset() }
    try statement.bind(account, at: 1)
    try statement.run()
  }
}
