import SQLiteCore
import TextFormats

extension KindReplica {
  /// The account's changes to this kind that the remote has not answered yet (pending or sent),
  /// and the conflicted and refused ones kept for the person, in the order they were made.
  /// Empty for a kind that never synced.
  /// - Throws: ``ListStoreError/bookkeepingDamaged(path:detail:)`` when a row of the outbox is
  ///   not one the package writes.
  public func syncChanges() throws(ListStoreError) -> [SyncChange] {
    try database.read { connection in
      guard try SyncSchema.hasOutbox(connection) else { return [] }
      let statement = try connection.cachedStatement(
        """
        SELECT change_id, seq, item_id, op, fields, state, made_at, payload, answer, answered_at FROM list_changes
        WHERE kind = ?1 AND account = ?2 ORDER BY seq
        """)
      try statement.bind(definition.name, at: 1)
      try statement.bind(account, at: 2)
      var changes: [SyncChange] = []
      while try statement.step() {
        changes.append(try Self.change(statement, path: database.path))
      }
      return changes
    }
  }

  /// How many of the account's changes to this kind wait for the remote, conflicted, or were
  /// refused: one query, nothing when the kind never synced.
  public func syncChangeCounts() throws(ListStoreError) -> SyncChangeCounts {
    try database.read { connection in
      guard try SyncSchema.hasOutbox(connection) else { return SyncChangeCounts() }
      let statement = try connection.cachedStatement(
        """
        SELECT count(*) FILTER (WHERE state = 'pending' OR state = 'sent'),
          count(*) FILTER (WHERE state = 'conflict'), count(*) FILTER (WHERE state = 'rejected')
        FROM list_changes WHERE kind = ?1 AND account = ?2
        """)
      try statement.bind(definition.name, at: 1)
      try statement.bind(account, at: 2)
      guard try statement.step() else { return SyncChangeCounts() }
      return SyncChangeCounts(
        pending: Int(statement.int64(at: 0)), conflicts: Int(statement.int64(at: 1)),
        rejected: Int(statement.int64(at: 2)))
    }
  }

  /// Reads one row of the outbox, checked: the file is input like any other.
  static func change(_ row: Statement, path: String) throws(ListStoreError) -> SyncChange {
    func damaged(_ what: String) -> ListStoreError {
      .bookkeepingDamaged(path: path, detail: "list_changes holds \(what)")
    }
    guard let operation = row.optionalText(at: 3).flatMap(SyncChange.Operation.init(rawValue:)) else {
      throw damaged("an unknown op")
    }
    guard let state = row.optionalText(at: 5).flatMap(SyncChange.State.init(rawValue:)) else {
      throw damaged("an unknown state")
    }
    // A change gets its id when it is first sent: only a pending one may lack it.
    let changeID = row.optionalText(at: 0)
    if let changeID {
      guard !changeID.isEmpty, changeID.utf8.count <= 100, changeID.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
      else { throw damaged("a change without a valid change_id") }
    } else if state != .pending {
      throw damaged("a change without a valid change_id")
    }
    var fields: [String] = []
    if let text = row.optionalText(at: 4) {
      guard case .array(let names)? = try? JSONParser.parse(text) else { throw damaged("fields that are not a JSON array") }
      for name in names {
        guard case .string(let field) = name else { throw damaged("a field name that is not a string") }
        fields.append(field)
      }
    }
    var change = SyncChange(
      changeID: changeID, sequence: row.int64(at: 1), itemID: row.int64(at: 2), operation: operation,
      fields: fields, state: state, madeAt: Timestamp(millisecondsSince1970: row.int64(at: 6)))
    change.sent = row.optionalText(at: 7)
    change.answer = row.optionalText(at: 8)
    if !row.isNull(at: 9) { change.answeredAt = Timestamp(millisecondsSince1970: row.int64(at: 9)) }
    return change
  }

  /// Forgets a change the remote conflicted with or refused: the person has seen it, and the
  /// item stays as the remote has it. Returns false when the account's kind has no such change
  /// (or it still waits for the remote, which is never forgotten).
  @discardableResult
  public func forgetAnsweredChange(id changeID: String) throws(ListStoreError) -> Bool {
    try write { connection in
      guard try SyncSchema.hasOutbox(connection) else { return false }
      let statement = try connection.cachedStatement(
        """
        DELETE FROM list_changes WHERE change_id = ?1 AND kind = ?2 AND account = ?3
          AND (state = 'conflict' OR state = 'rejected')
        """)
      try statement.bind(changeID, at: 1)
      try statement.bind(definition.name, at: 2)
      try statement.bind(account, at: 3)
      try statement.run()
      return connection.changes == 1
    }
  }

  /// Sends a change the remote conflicted with or refused again, as a new change (a new id) on
  /// top of the remote's item: the same operation and values, with the remote's version as the
  /// file holds it when the change is sent as its base. It waits, after every change already
  /// waiting, for the next push; the answered change goes. A refused add is sent as a new add
  /// of the item as the person last wrote it. A remove takes the item out here at once; an add
  /// or an update shows the remote's values until the remote answers.
  ///
  /// An update or a remove needs the remote's item: when the remote no longer has it (a
  /// conflict answered with no item, or an item deleted by the remote), the change cannot be
  /// sent again, only forgotten.
  public func retryAnsweredChange(id changeID: String) throws(ListStoreError) -> ChangeRetry {
    try write { connection in
      guard try SyncSchema.hasOutbox(connection) else { return .notFound }
      let find = try connection.cachedStatement(
        """
        SELECT seq, item_id, op, payload FROM list_changes WHERE change_id = ?1 AND kind = ?2 AND account = ?3
          AND (state = 'conflict' OR state = 'rejected')
        """)
      try find.bind(changeID, at: 1)
      try find.bind(definition.name, at: 2)
      try find.bind(account, at: 3)
      guard try find.step() else {
        find.reset()
        return .notFound
      }
      let seq = find.int64(at: 0)
      var itemID = find.int64(at: 1)
      let operation = find.optionalText(at: 2).flatMap(SyncChange.Operation.init(rawValue:))
      let payload = find.optionalText(at: 3)
      find.reset()
      guard let operation else {
        throw ListStoreError.syncStateDamaged(kind: definition.name, account: account, detail: "a change of no known op")
      }
      var sent: JSONObject?
      if let payload, case .object(let object)? = try? JSONParser.parse(payload) { sent = object }
      if operation != .add {
        guard let id = sent?["id"].flatMap(StoredRemoteID.init(json:)),
          let mapped = try mappedItem(remoteID: id, connection), mapped.itemID != SyncSchema.deletedItem
        else { return .remoteItemGone }
        itemID = mapped.itemID
      }
      let newID = try Self.newChangeID(connection)
      var values: String?
      if operation != .remove, let item = sent?["item"] {
        var writer = JSONWriter(capacity: 256)
        writer.value(item)
        values = String(decoding: writer.bytes, as: UTF8.self)
      }
      let remove = try connection.cachedStatement("DELETE FROM list_changes WHERE seq = ?1")
      try remove.bind(seq, at: 1)
      try remove.run()
      // Pending, with the values to send: the remote id and the base version are the ones the
      // file holds when it is sent (a pull may bring a newer version first), and the fields the
      // person changes meanwhile go on top (``takeChanges(remoteURL:limit:writeItem:)``).
      let insert = try connection.cachedStatement(
        """
        INSERT INTO list_changes (change_id, kind, account, item_id, op, state, payload)
        VALUES (?1, ?2, ?3, ?4, ?5, 'pending', ?6)
        """)
      try insert.bind(newID, at: 1)
      try insert.bind(definition.name, at: 2)
      try insert.bind(account, at: 3)
      try insert.bind(itemID, at: 4)
      try insert.bind(operation.rawValue, at: 5)
      try insert.bind(values, at: 6)
      try insert.run()
      if operation == .remove {
        // The person's remove shows at once, as when they made it; not a change of its own.
        try startSyncWrite(connection)
        _ = try statements.remove([itemID], account: account, connection)
        try endSyncWrite(connection)
      }
      return .queued(changeID: newID)
    }
  }

  /// The local item the remote id is mapped to, with the remote's version of it and its values
  /// as last seen (the base).
  func mappedItem(remoteID: StoredRemoteID, _ connection: Connection) throws -> (
    itemID: Int64, version: StoredRemoteID?, base: String?
  )? {
    let statement = try connection.cachedStatement(
      """
      SELECT item_id, version, typeof(version), base FROM list_sync_items
      WHERE kind = ?1 AND account = ?2 AND remote_id = ?3
      """)
    try statement.bind(definition.name, at: 1)
    try statement.bind(account, at: 2)
    try remoteID.bind(to: statement, at: 3)
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    return (
      statement.int64(at: 0), StoredRemoteID(statement, column: 1, typeName: statement.optionalText(at: 2)),
      statement.optionalText(at: 3)
    )
  }
}

/// What ``KindReplica/retryAnsweredChange(id:)`` did.
public enum ChangeRetry: Sendable, Equatable {
  /// The change waits to be sent again under the new id.
  case queued(changeID: String)
  /// The account's kind has no conflicted or refused change of that id.
  case notFound
  /// The remote no longer has the item the change is about: it can only be forgotten.
  case remoteItemGone
}
