import ListProtocol
import ListStore
import SQLiteCore
import TextFormats

extension SQLiteStorage {
  package func push(account: String, kind: KindDefinition, changes: [PushChange], now: Int64)
    throws(StorageError)
    -> [PushResult]
  {
    let validator = ItemValidator(kind)
    return try writer.run { connection in
      try connection.transaction {
        try Self.ensureAccount(account, connection)
        var results: [PushResult] = []
        results.reserveCapacity(changes.count)
        for change in changes {
          if let stored = try Self.storedAnswer(
            account: account, changeID: change.changeID, connection)
          {
            results.append(stored)
            continue
          }
          let scope = ItemScope(account: account, kind: kind.name, connection: connection)
          let result = PushResult(
            changeID: change.changeID, outcome: try scope.apply(change, validator, now: now))
          try Self.storeAnswer(result, account: account, now: now, connection)
          results.append(result)
        }
        return results
      }
    }
  }

  /// The answer stored for `changeID` of `account`, or nil when the change is new.
  static func storedAnswer(account: String, changeID: String, _ connection: Connection) throws
    -> PushResult?
  {
    let statement = try connection.cachedStatement(
      "SELECT answer FROM server_answers WHERE account = ?1 AND change_id = ?2")
    defer { statement.reset() }
    try statement.bind(account, at: 1)
    try statement.bind(changeID, at: 2)
    guard try statement.step() else { return nil }
    let text = statement.text(at: 0)
    do {
      return try PushResult.decode(JSONParser.parse(text), position: 1)
    } catch {
      throw StorageError.unavailable("the stored answer of a change does not read back (\(error))")
    }
  }

  /// Stores the answer of a change, in the transaction of its effect.
  static func storeAnswer(
    _ result: PushResult, account: String, now: Int64, _ connection: Connection
  ) throws {
    let statement = try connection.cachedStatement(
      "INSERT INTO server_answers (account, change_id, answer, answered_at) VALUES (?1, ?2, ?3, ?4)"
    )
    defer { statement.reset() }
    try statement.bind(account, at: 1)
    try statement.bind(result.changeID, at: 2)
    try statement.bind(result.json, at: 3)
    try statement.bind(now, at: 4)
    try statement.run()
  }
}

/// The items of one kind of one account, inside a push's transaction: where each change is
/// applied.
struct ItemScope {
  let account: String
  let kind: String
  let connection: Connection

  /// Applies one change and says what happened.
  func apply(_ change: PushChange, _ validator: ItemValidator, now: Int64) throws
    -> PushResult.Outcome
  {
    switch change.operation {
    case .add:
      let checked: ItemValidator.Checked
      do {
        checked = try validator.check(change.item ?? JSONObject(), now: now)
      } catch {
        return .rejected(message: error.message, field: error.field)
      }
      if let existing = try holder(of: checked.uniqueKey, except: nil) {
        guard validator.definition.unique?.onDuplicate == .keep else {
          let rejection = validator.duplicate(checked)
          return .rejected(message: rejection.message, field: rejection.field)
        }
        return .applied(try item(existing))
      }
      let id = try bump("last_id")
      let seq = try bump("seq")
      let insert = try connection.cachedStatement(
        """
        INSERT INTO server_items (account, kind, id, version, seq, body, unique_key)
        VALUES (?1, ?2, ?3, 1, ?4, ?5, ?6)
        """)
      defer { insert.reset() }
      try insert.bind(account, at: 1)
      try insert.bind(kind, at: 2)
      try insert.bind(id, at: 3)
      try insert.bind(seq, at: 4)
      try insert.bind(checked.body, at: 5)
      try insert.bind(checked.uniqueKey, at: 6)
      try insert.run()
      try clearOthers(checked.setOnePerAccount, except: id)
      return .applied(try item(id))
    case .update, .remove:
      guard let id = change.id.flatMap(Self.storedID), let current = try stored(id) else {
        return .conflict(nil)
      }
      if let base = change.baseVersion, Self.versionText(base) != String(current.version) {
        return .conflict(try item(id))
      }
      let seq = try bump("seq")
      if change.operation == .remove {
        try remove(id, seq: seq, now: now)
        return .applied(nil)
      }
      let merged = try Self.merge(
        change.item ?? JSONObject(), onto: current.body, validator.definition)
      let checked: ItemValidator.Checked
      do {
        checked = try validator.check(merged, now: now)
      } catch {
        return .rejected(message: error.message, field: error.field)
      }
      if try holder(of: checked.uniqueKey, except: id) != nil {
        let rejection = validator.duplicate(checked)
        return .rejected(message: rejection.message, field: rejection.field)
      }
      let update = try connection.cachedStatement(
        """
        UPDATE server_items SET version = version + 1, seq = ?4, body = ?5, unique_key = ?6
        WHERE account = ?1 AND kind = ?2 AND id = ?3
        """)
      defer { update.reset() }
      try update.bind(account, at: 1)
      try update.bind(kind, at: 2)
      try update.bind(id, at: 3)
      try update.bind(seq, at: 4)
      try update.bind(checked.body, at: 5)
      try update.bind(checked.uniqueKey, at: 6)
      try update.run()
      try clearOthers(checked.setOnePerAccount, except: id)
      return .applied(try item(id))
    }
  }

  /// Clears each of `fields` (one-per-account flags, valid identifiers of the kind) on the
  /// account's items other than `except`: each such item gets `false`, a new version and a
  /// change sequence, as any change does.
  private func clearOthers(_ fields: [String], except: Int64) throws {
    for field in fields {
      let holders = try connection.cachedStatement(
        """
        SELECT id, body FROM server_items
        WHERE account = ?1 AND kind = ?2 AND id IS NOT ?3 AND json_extract(body, ?4) = 1
        """)
      try holders.bind(account, at: 1)
      try holders.bind(kind, at: 2)
      try holders.bind(except, at: 3)
      try holders.bind("$.\"\(field)\"", at: 4)
      var found: [(Int64, String)] = []
      while try holders.step() { found.append((holders.int64(at: 0), holders.text(at: 1))) }
      holders.reset()
      for (id, body) in found {
        guard var object = try JSONParser.parse(body).objectValue,
          let index = object.members.firstIndex(where: { $0.key == field })
        else { continue }
        object.members[index].value = .bool(false)
        var writer = JSONWriter(capacity: body.utf8.count + 8)
        writer.value(.object(object))
        let seq = try bump("seq")
        let update = try connection.cachedStatement(
          """
          UPDATE server_items SET version = version + 1, seq = ?4, body = ?5
          WHERE account = ?1 AND kind = ?2 AND id = ?3
          """)
        defer { update.reset() }
        try update.bind(account, at: 1)
        try update.bind(kind, at: 2)
        try update.bind(id, at: 3)
        try update.bind(seq, at: 4)
        try update.bind(String(decoding: writer.bytes, as: UTF8.self), at: 5)
        try update.run()
      }
    }
  }

  /// Removes item `id`, leaving a deletion at `seq`.
  private func remove(_ id: Int64, seq: Int64, now: Int64) throws {
    let delete = try connection.cachedStatement(
      "DELETE FROM server_items WHERE account = ?1 AND kind = ?2 AND id = ?3")
    defer { delete.reset() }
    try delete.bind(account, at: 1)
    try delete.bind(kind, at: 2)
    try delete.bind(id, at: 3)
    try delete.run()
    let deletion = try connection.cachedStatement(
      """
      INSERT INTO server_deletions (account, kind, id, seq, deleted_at) VALUES (?1, ?2, ?3, ?4, ?5)
      ON CONFLICT (account, kind, id) DO UPDATE SET seq = excluded.seq, deleted_at = excluded.deleted_at
      """)
    defer { deletion.reset() }
    try deletion.bind(account, at: 1)
    try deletion.bind(kind, at: 2)
    try deletion.bind(id, at: 3)
    try deletion.bind(seq, at: 4)
    try deletion.bind(now, at: 5)
    try deletion.run()
  }

  /// Adds one to the account's `column` (`seq` or `last_id`, both this file's own names) and
  /// returns the new value.
  private func bump(_ column: StaticString) throws -> Int64 {
    let statement =
      column.description == "seq"
      ? try connection.cachedStatement(
        "UPDATE server_accounts SET seq = seq + 1 WHERE account = ?1 RETURNING seq")
      : try connection.cachedStatement(
        "UPDATE server_accounts SET last_id = last_id + 1 WHERE account = ?1 RETURNING last_id")
    defer { statement.reset() }
    try statement.bind(account, at: 1)
    guard try statement.step() else {
      throw StorageError.unavailable("the account's row is missing")
    }
    return statement.int64(at: 0)
  }

  /// The id of the item whose unique fields are `key` (other than `except`), or nil.
  private func holder(of key: String?, except: Int64?) throws -> Int64? {
    guard let key else { return nil }
    let statement = try connection.cachedStatement(
      "SELECT id FROM server_items WHERE account = ?1 AND kind = ?2 AND unique_key = ?3 AND id IS NOT ?4"
    )
    defer { statement.reset() }
    try statement.bind(account, at: 1)
    try statement.bind(kind, at: 2)
    try statement.bind(key, at: 3)
    if let except { try statement.bind(except, at: 4) } else { try statement.bindNull(at: 4) }
    return try statement.step() ? statement.int64(at: 0) : nil
  }

  /// The stored item `id`: its version and body, or nil when there is none.
  private func stored(_ id: Int64) throws -> (version: Int64, body: String)? {
    let statement = try connection.cachedStatement(
      "SELECT version, body FROM server_items WHERE account = ?1 AND kind = ?2 AND id = ?3")
    defer { statement.reset() }
    try statement.bind(account, at: 1)
    try statement.bind(kind, at: 2)
    try statement.bind(id, at: 3)
    guard try statement.step() else { return nil }
    return (statement.int64(at: 0), statement.text(at: 1))
  }

  /// The item `id` as the protocol sends it, with `id` and `version`.
  private func item(_ id: Int64) throws -> JSONObject? {
    guard let current = try stored(id) else { return nil }
    return try ItemBody.object(id: id, version: current.version, body: current.body)
  }

  /// The id the server stores for a wire id: its decimal digits, or nil for an id this server
  /// never gave (the item is then gone as far as a change can tell).
  static func storedID(_ id: WireID) -> Int64? {
    guard let value = WalkCursor.number(Substring(id.text)), value > 0 else { return nil }
    return value
  }

  /// A `base_version` as text: the string, or the integer's digits.
  static func versionText(_ value: JSONValue) -> String? {
    switch value {
    case .string(let text), .number(let text): text
    default: nil
    }
  }

  /// The stored item `body` with the members of `changes` put over it. A money field changed
  /// by any of its members loses its other stored members, so an amount and its minor units
  /// never disagree.
  static func merge(_ changes: JSONObject, onto body: String, _ definition: KindDefinition) throws
    -> JSONObject
  {
    guard var merged = try JSONParser.parse(body).objectValue else {
      throw StorageError.unavailable("a stored item is not a JSON object")
    }
    for field in definition.fields {
      guard case .money = field.type else { continue }
      let keys = [field.name] + field.columns
      if keys.contains(where: { changes[$0] != nil }) {
        merged.members.removeAll { keys.contains($0.key) }
      }
    }
    for member in changes.members {
      if let index = merged.members.firstIndex(where: { $0.key == member.key }) {
        merged.members[index].value = member.value
      } else {
        merged.members.append(member)
      }
    }
    return merged
  }
}
