import SQLiteCore
import ListPaging
import TextFormats

/// What writing a remote page did.
public struct RemotePageOutcome: Sendable, Equatable {
  /// The sync state after the write (or as it was, when the page was dropped).
  public var state: SyncState
  /// Whether the page was written; false when it belonged to an older refresh or did not
  /// follow the stored cursor, and was dropped.
  public var written: Bool
  /// How many of the page's items were new to the cache (the others were updated).
  public var added: Int
}

extension ListsDatabase {
  /// The sync state of the kind named `kind` for `account`, or nil when it never synced; one
  /// cheap query when the file never synced at all, without reading the kind's definition.
  public func syncState(ofKind kind: String, account: String = "default") throws(ListStoreError) -> SyncState? {
    try read { connection in try SyncSchema.state(kind: kind, account: account, connection)?.0 }
  }
}

extension KindReplica {
  /// The kind's sync state for this account, or nil when it never synced.
  public func syncState() throws(ListStoreError) -> SyncState? {
    try database.syncState(ofKind: definition.name, account: account)
  }

  /// Writes one remote page into the cache in one transaction, with the cursor that follows it.
  ///
  /// Items are matched by remote id: one seen before is updated in place (its local id stays),
  /// a new one is added. An item with a change the remote has not answered yet is left as the
  /// person made it: the remote's values are only kept as its base. Page 1 starts a new walk;
  /// nothing is removed until a walk is complete: the transaction of its last page removes the
  /// items the remote sent before and no page of this walk held, unless they have a change
  /// waiting. Items the remote never sent (added here) are never removed by a pull. A later page
  /// is written only if it is the page the stored cursor leads to, for the same walk; otherwise
  /// it is dropped (another process refreshed or went on meanwhile) and nothing changes.
  ///
  /// The page's writes are not recorded as the person's changes. Its first write gives the
  /// kind's items the triggers that record them from then on (``KindDefinition/changeTriggerSQL``).
  ///
  /// Items without their own `added_at` get one that keeps the server's order in a list
  /// ordered newest first: the refresh's time, one millisecond earlier per item.
  /// - Throws: ``ListStoreError/importRejected(position:reason:)`` for an item the kind
  ///   rejects, with its position on the page; nothing of the page is written then.
  public func writeRemotePage(_ page: RemotePageWrite) throws(ListStoreError) -> RemotePageOutcome {
    let now = database.configuration.now().millisecondsSince1970
    return try write { connection in try self.writeRemotePage(page, connection, now: now) }
  }

  /// Keeps a failed request in the sync state, with the remote page it was about (1 for the
  /// first) when it was about one; the cache and the cursor are left as they are.
  public func recordSyncFailure(remoteURL: String, _ failure: LoadError, page: Int? = nil) throws(ListStoreError) {
    let now = database.configuration.now().millisecondsSince1970
    try write { connection in
      try startSyncWrite(connection)
      try useRemote(remoteURL, connection)
      let statement = try connection.cachedStatement(
        """
        INSERT INTO list_sync (kind, account, remote_url, last_attempt_at, error_kind, error_message,
          error_retryable, error_page)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
        ON CONFLICT (kind, account) DO UPDATE SET remote_url = ?3, last_attempt_at = ?4, error_kind = ?5,
          error_message = ?6, error_retryable = ?7, error_page = ?8
        """)
      try statement.bind(definition.name, at: 1)
      try statement.bind(account, at: 2)
      try statement.bind(remoteURL, at: 3)
      try statement.bind(now, at: 4)
      try statement.bind(failure.kind.rawValue, at: 5)
      try statement.bind(failure.message, at: 6)
      try statement.bind(failure.isRetryable, at: 7)
      if let page { try statement.bind(page, at: 8) } else { try statement.bindNull(at: 8) }
      try statement.run()
      try endSyncWrite(connection)
    }
  }

  private func writeRemotePage(
    _ page: RemotePageWrite, _ connection: Connection, now: Int64
  ) throws -> RemotePageOutcome {
    try startSyncWrite(connection)
    try useRemote(page.remoteURL, connection)
    let refresh = page.number == 1
    let stored: (SyncState, refreshedAt: Int64?, walkSince: String?)?
    do {
      stored = try SyncSchema.state(kind: definition.name, account: account, connection)
    } catch ListStoreError.syncStateDamaged(_, _, _) where refresh {
      // Cache state: a refresh writes it again from nothing.
      stored = nil
    }
    var state =
      stored?.0
      ?? SyncState(
        remoteURL: page.remoteURL, lastSuccessAt: nil, lastAttemptAt: nil, lastError: nil, nextCursor: nil,
        nextPage: 1, isComplete: false, itemCount: 0, generation: 0)
    var refreshedAt = stored?.refreshedAt ?? now
    // Kept for the same remote only: a checkpoint is never sent to another.
    let sameRemote = stored?.0.remoteURL == page.remoteURL
    var checkpoint = sameRemote ? stored?.0.checkpoint : nil
    var walkSince = sameRemote ? stored?.walkSince : nil
    if refresh {
      walkSince = page.since
      // A whole walk: until it completes, the next refresh asks for everything again.
      if page.since == nil { checkpoint = nil }
      // The table keeps generation below Int64.max; checked all the same.
      let (next, overflow) = state.generation.addingReportingOverflow(1)
      state.generation = overflow ? 1 : next
      state.itemCount = 0
      refreshedAt = now
    } else {
      guard let stored, page.generation == nil || page.generation == stored.0.generation,
        stored.0.nextPage == page.number, !stored.0.isComplete, stored.0.remoteURL == page.remoteURL
      else {
        try endSyncWrite(connection)
        return RemotePageOutcome(state: state, written: false, added: 0)
      }
    }
    var added = 0
    var seen: [StoredRemoteID: Int] = [:]
    seen.reserveCapacity(page.items.count)
    let perItem = try itemStatements(connection)
    for (index, remote) in page.items.enumerated() {
      do {
        // Compared as the file stores them: two items of a page with one stored id would be one
        // item, the second silently overwriting the first.
        if let earlier = seen.updateValue(index + 1, forKey: try StoredRemoteID(remote)) {
          throw ListStoreError.invalidValue(field: "id", reason: "is the id of item \(earlier) too")
        }
      } catch let error as ListStoreError {
        throw ListStoreError.importRejected(position: index + 1, reason: error)
      }
      var draft = remote.draft
      if definition.hasImplicitAddedAt && draft.addedAt == nil {
        // Never before the earliest time a timestamp can be written in.
        let earliest = Timestamp.supportedRange.lowerBound.millisecondsSince1970
        let (shifted, overflow) = refreshedAt.subtractingReportingOverflow(Int64(state.itemCount) + Int64(index))
        draft.addedAt = Timestamp(millisecondsSince1970: overflow ? earliest : max(shifted, earliest))
      }
      do {
        if try upsert(remote, draft, generation: state.generation, perItem, connection, now: now) { added += 1 }
      } catch let error as ListStoreError {
        throw ListStoreError.importRejected(position: index + 1, reason: error)
      }
    }
    for id in page.deleted {
      try removeDeleted(id, connection, now: now)
    }
    state.remoteURL = page.remoteURL
    state.lastSuccessAt = Timestamp(millisecondsSince1970: now)
    state.lastAttemptAt = state.lastSuccessAt
    state.lastError = nil
    state.lastErrorPage = nil
    state.nextCursor = page.nextCursor
    guard page.number >= 1, Int64(page.number) < SyncSchema.maxCount else {
      throw ListStoreError.syncStateDamaged(
        kind: definition.name, account: account, detail: "page \(page.number) is past the pages kept")
    }
    state.nextPage = page.number + 1
    state.isComplete = page.nextCursor == nil
    // Both at most the table's bound: no overflow, and the row stays within it.
    state.itemCount = min(state.itemCount + page.items.count, Int(SyncSchema.maxCount))
    if state.isComplete {
      // Only a whole walk shows what the remote no longer holds; one since a checkpoint names it.
      if walkSince == nil { try dropUnseen(generation: state.generation, connection) }
      checkpoint = page.checkpoint
      walkSince = nil
    }
    try save(state, refreshedAt: refreshedAt, connection)
    try saveCheckpoints(remoteURL: page.remoteURL, checkpoint: checkpoint, walkSince: walkSince, connection)
    state.checkpoint = checkpoint
    try endSyncWrite(connection)
    return RemotePageOutcome(state: state, written: true, added: added)
  }

  /// Makes `url` the kind's remote for this account, in the caller's sync write: nothing to do
  /// when it is the remote already or the kind has none. Another remote is another cache: the
  /// items the old remote sent, their remote ids, its sync state and its checkpoint go, and the
  /// list is never synced (loading) until the new remote's first page arrives. No change is ever
  /// sent to a remote for an item that remote did not send.
  ///
  /// - Throws: ``ListStoreError/remoteHasChanges(kind:count:)`` while changes of the person's
  ///   wait for the old remote or are kept as its conflicts and refusals; nothing changes then.
  func useRemote(_ url: String, _ connection: Connection) throws {
    let stored = try connection.cachedStatement("SELECT remote_url FROM list_sync WHERE kind = ?1 AND account = ?2")
    try stored.bind(definition.name, at: 1)
    try stored.bind(account, at: 2)
    let current = try stored.step() ? stored.optionalText(at: 0) : nil
    stored.reset()
    guard let current, current != url else { return }
    let changes = try connection.cachedStatement("SELECT count(*) FROM list_changes WHERE kind = ?1 AND account = ?2")
    try changes.bind(definition.name, at: 1)
    try changes.bind(account, at: 2)
    let count = try changes.step() ? Int(changes.int64(at: 0)) : 0
    changes.reset()
    guard count == 0 else { throw ListStoreError.remoteHasChanges(kind: definition.name, count: count) }
    let items = try connection.cachedStatement(text: statements.remoteForgetSQL)
    try items.bind(account, at: 1)
    try items.bind(definition.name, at: 2)
    try items.run()
    for sql: StaticString in [
      "DELETE FROM list_sync_items WHERE kind = ?1 AND account = ?2",
      "DELETE FROM list_sync_checkpoints WHERE kind = ?1 AND account = ?2",
      "DELETE FROM list_sync WHERE kind = ?1 AND account = ?2",
    ] {
      try kindStatement(sql, connection).run()
    }
  }

  /// Removes the item the remote says it deleted, and forgets its remote id. A change of the
  /// person's waiting for it becomes a conflict the remote won (its item is gone), kept with an
  /// answer saying so; a waiting remove is simply done. An id the file does not know is ignored.
  private func removeDeleted(_ id: RemoteToken, _ connection: Connection, now: Int64) throws {
    let stored: StoredRemoteID
    do {
      stored = try StoredRemoteID(id, field: "deleted")
    } catch {
      return  // An integer id beyond what the file stores: no item of the file has it.
    }
    let lookup = try connection.cachedStatement(
      "SELECT item_id FROM list_sync_items WHERE kind = ?1 AND account = ?2 AND remote_id = ?3")
    try lookup.bind(definition.name, at: 1)
    try lookup.bind(account, at: 2)
    try stored.bind(to: lookup, at: 3)
    let mapped = try lookup.step() ? lookup.int64(at: 0) : nil
    lookup.reset()
    guard let itemID = mapped, itemID != SyncSchema.deletedItem else { return }
    try removeDeletedItem(itemID, connection, now: now)
    // Kept as a tombstone: an answer to an add of the item that arrives later (it was lost, and
    // is replayed) must not bring it back.
    let tombstone = try connection.cachedStatement(
      """
      INSERT OR REPLACE INTO list_sync_items (kind, account, remote_id, item_id, version, base, seen)
      VALUES (?1, ?2, ?3, ?4, NULL, NULL, 0)
      """)
    try tombstone.bind(definition.name, at: 1)
    try tombstone.bind(account, at: 2)
    try stored.bind(to: tombstone, at: 3)
    try tombstone.bind(SyncSchema.deletedItem, at: 4)
    try tombstone.run()
  }

  /// Removes the local item the remote deleted. A change of the person's waiting for it
  /// becomes a conflict the remote won (its item is gone), kept with an answer saying so; a
  /// waiting remove is simply done.
  func removeDeletedItem(_ itemID: Int64, _ connection: Connection, now: Int64) throws {
    let waiting = try connection.cachedStatement(
      """
      SELECT seq, change_id, op FROM list_changes WHERE kind = ?1 AND account = ?2 AND item_id = ?3
        AND (state = 'pending' OR state = 'sent') ORDER BY seq
      """)
    try waiting.bind(definition.name, at: 1)
    try waiting.bind(account, at: 2)
    try waiting.bind(itemID, at: 3)
    var changes: [(seq: Int64, changeID: String?, op: String?)] = []
    while try waiting.step() {
      changes.append((waiting.int64(at: 0), waiting.optionalText(at: 1), waiting.optionalText(at: 2)))
    }
    waiting.reset()
    for change in changes {
      if change.op == SyncChange.Operation.remove.rawValue {
        try deleteChange(seq: change.seq, connection)
        continue
      }
      let changeID = try change.changeID ?? Self.newChangeID(connection)
      var answer = JSONWriter(capacity: 96)
      answer.beginObject()
      answer.key("change_id")
      answer.string(changeID)
      answer.key("status")
      answer.string("conflict")
      answer.key("item")
      answer.null()
      answer.key("deleted")
      answer.bool(true)
      answer.endObject()
      try keep(
        seq: change.seq, as: .conflict, answer: String(decoding: answer.bytes, as: UTF8.self), changeID: changeID,
        connection, now: now)
    }
    try removeItem(itemID, connection)
    try forgetRemoteIDs(ofItem: itemID, connection)
  }

  private func saveCheckpoints(
    remoteURL: String, checkpoint: String?, walkSince: String?, _ connection: Connection
  ) throws {
    let statement = try connection.cachedStatement(
      """
      INSERT OR REPLACE INTO list_sync_checkpoints (kind, account, remote_url, checkpoint, walk_since)
      VALUES (?1, ?2, ?3, ?4, ?5)
      """)
    try statement.bind(definition.name, at: 1)
    try statement.bind(account, at: 2)
    try statement.bind(remoteURL, at: 3)
    try statement.bind(checkpoint, at: 4)
    try statement.bind(walkSince, at: 5)
    try statement.run()
  }

  /// Makes the sync tables and the kind's change triggers when missing, and marks what follows
  /// in this transaction as the sync's own writes (``endSyncWrite(_:)`` ends it; a rollback
  /// does too), which the triggers leave out of the outbox.
  ///
  /// The account's items that the remote does not know and that have no change recorded (they
  /// were added before the kind had its remote, or before this build recorded changes) become
  /// pending adds here, once: from now on the remote is where they belong.
  func startSyncWrite(_ connection: Connection) throws {
    try SyncSchema.ensure(connection)
    try definition.installChangeTriggers(connection, replacing: false)
    let synced = try connection.cachedStatement(
      "SELECT count(*) FROM list_sync WHERE kind = ?1 AND account = ?2")
    try synced.bind(definition.name, at: 1)
    try synced.bind(account, at: 2)
    let known = try synced.step() && synced.int64(at: 0) > 0
    synced.reset()
    if !known {
      let adopt = try connection.cachedStatement(text: statements.adoptUnsyncedSQL)
      try adopt.bind(definition.name, at: 1)
      try adopt.bind(account, at: 2)
      try adopt.run()
    }
    // A row here outside a sync's transaction (another program committed one) would keep every
    // write out of the outbox: none survives a sync's write.
    try connection.cachedStatement("DELETE FROM list_sync_applying").run()
    try connection.cachedStatement("INSERT INTO list_sync_applying (writer) VALUES (1)").run()
  }

  /// Ends what ``startSyncWrite(_:)`` started: the transaction's later writes are the
  /// person's again.
  func endSyncWrite(_ connection: Connection) throws {
    try connection.cachedStatement("DELETE FROM list_sync_applying").run()
  }

  /// The statements a remote page runs for each of its items, fetched once for the page with
  /// the kind and the account bound: SQLite keeps a statement's bindings across its resets, so
  /// an item binds only its own values. For one page's write (one kind, one account).
  struct ItemStatements {
    /// The local item a remote id is mapped to.
    let lookup: Statement
    /// Whether an item has a change waiting (``hasWaitingChange(item:in:)``).
    let waiting: Statement
    /// Maps a remote id to an item (``map(_:to:seen:in:)``).
    let map: Statement
  }

  static let lookupSQL: StaticString =
    "SELECT item_id, version, typeof(version) FROM list_sync_items WHERE kind = ?1 AND account = ?2 AND remote_id = ?3"
  static let waitingSQL: StaticString = """
    SELECT count(*) FROM list_changes WHERE kind = ?1 AND account = ?2 AND item_id = ?3
      AND (state = 'pending' OR state = 'sent')
    """
  static let seenSQL: StaticString =
    "UPDATE list_sync_items SET seen = ?4 WHERE kind = ?1 AND account = ?2 AND remote_id = ?3"
  static let mapSQL: StaticString = """
    INSERT OR REPLACE INTO list_sync_items (kind, account, remote_id, item_id, version, base, seen)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
    """

  /// `sql`'s cached statement with the kind bound to `?1` and the account to `?2`.
  private func kindStatement(_ sql: StaticString, _ connection: Connection) throws -> Statement {
    let statement = try connection.cachedStatement(sql)
    try statement.bind(definition.name, at: 1)
    try statement.bind(account, at: 2)
    return statement
  }

  /// The per-item statements of a page, the kind and the account bound.
  func itemStatements(_ connection: Connection) throws -> ItemStatements {
    ItemStatements(
      lookup: try kindStatement(Self.lookupSQL, connection), waiting: try kindStatement(Self.waitingSQL, connection),
      map: try kindStatement(Self.mapSQL, connection))
  }

  /// Updates the item mapped to the remote id, or adds it and maps it; keeps the remote's
  /// version and values as the item's base, and marks it seen by this walk. An item with a
  /// change waiting keeps its values. Returns whether the item was added.
  private func upsert(
    _ remote: RemoteDraft, _ draft: DynamicDraft, generation: Int64, _ perItem: ItemStatements,
    _ connection: Connection, now: Int64
  ) throws -> Bool {
    let values = try statements.orderedValues(of: draft)
    let lookup = perItem.lookup
    defer { lookup.reset() }
    try bindRemoteID(remote, lookup, at: 3)
    var mapped: Int64?
    var held: StoredRemoteID?
    if try lookup.step() {
      mapped = lookup.int64(at: 0)
      held = StoredRemoteID(lookup, column: 1, typeName: lookup.optionalText(at: 2))
    }
    lookup.reset()
    if mapped != nil, let held, let version = remote.version, try StoredRemoteID(version).isOlder(than: held) {
      // Integer versions only grow: an older copy (a page served before a change the file
      // already took) changes nothing but that this walk saw the item.
      let seen = try kindStatement(Self.seenSQL, connection)
      defer { seen.reset() }
      try bindRemoteID(remote, seen, at: 3)
      try seen.bind(generation, at: 4)
      try seen.run()
      return false
    }
    if let mapped {
      if try hasWaitingChange(item: mapped, in: perItem.waiting) {
        try map(remote, to: mapped, seen: generation, in: perItem.map)
        return false
      }
      if try overwrite(mapped, with: values, addedAt: draft.addedAt, connection, now: now) {
        try map(remote, to: mapped, seen: generation, in: perItem.map)
        return false
      }
    }
    let (id, _) = try insertItem(values: values, addedAt: draft.addedAt, connection, now: now)
    try map(remote, to: id, seen: generation, in: perItem.map)
    return true
  }

  /// Writes the remote's `values` (in the definition's order, ``KindStatements/orderedValues(of:)``)
  /// over the item `id`, its `added_at` too (now when nil); returns whether the account's list
  /// holds the item.
  func overwrite(
    _ id: Int64, with values: [FieldValue], addedAt: Timestamp?, _ connection: Connection, now: Int64
  ) throws -> Bool {
    let update = try connection.cachedStatement(key: statements.remoteUpdateKey, text: statements.remoteUpdateSQL)
    try update.bind(account, at: 1)
    let bind = { (bindings: inout KindBindings) throws(ListStoreError) in try bindings.values(values) }
    var bindings = KindBindings(update, statements: statements, now: now)
    try bind(&bindings)
    if definition.hasImplicitAddedAt {
      try update.bind(addedAt?.millisecondsSince1970 ?? now, at: bindings.addedAtParameter)
    }
    try update.bind(id, at: Int32(statements.insertColumns.count + 1))
    do {
      try update.run()
    } catch {
      throw try statements.duplicate(error, now: now, bind)
    }
    return connection.changes == 1
  }

  /// Whether the item has a change the remote has not answered: pending, or sent and not
  /// answered yet.
  func hasWaitingChange(item id: Int64, _ connection: Connection) throws -> Bool {
    try hasWaitingChange(item: id, in: kindStatement(Self.waitingSQL, connection))
  }

  /// ``hasWaitingChange(item:_:)`` with ``ItemStatements/waiting``.
  private func hasWaitingChange(item id: Int64, in statement: Statement) throws -> Bool {
    try statement.bind(id, at: 3)
    defer { statement.reset() }
    return try statement.step() && statement.int64(at: 0) > 0
  }

  /// Records that `id` holds the remote's item, with its version and values as the base, seen
  /// by the walk `seen`.
  func map(_ remote: RemoteDraft, to id: Int64, seen: Int64, _ connection: Connection) throws {
    try map(remote, to: id, seen: seen, in: kindStatement(Self.mapSQL, connection))
  }

  /// ``map(_:to:seen:_:)`` with ``ItemStatements/map``.
  private func map(_ remote: RemoteDraft, to id: Int64, seen: Int64, in map: Statement) throws {
    // Reset after it runs, not before: the next item binds to it without fetching it again.
    defer { map.reset() }
    try bindRemoteID(remote, map, at: 3)
    try map.bind(id, at: 4)
    if let version = remote.version {
      try StoredRemoteID(version).bind(to: map, at: 5)
    } else {
      try map.bindNull(at: 5)
    }
    try map.bind(remote.base, at: 6)
    try map.bind(seen, at: 7)
    try map.run()
  }

  private func bindRemoteID(_ remote: RemoteDraft, _ statement: Statement, at index: Int32) throws {
    try StoredRemoteID(remote).bind(to: statement, at: index)
  }

  /// At the end of a complete walk: removes the account's items the remote sent before and
  /// no page of walk `generation` held, unless they have a change waiting, and forgets their
  /// remote ids. Items the remote never sent are not touched.
  private func dropUnseen(generation: Int64, _ connection: Connection) throws {
    let items = try connection.cachedStatement(text: statements.remoteDropSQL)
    try items.bind(account, at: 1)
    try items.bind(definition.name, at: 2)
    try items.bind(generation, at: 3)
    try items.run()
    let map = try connection.cachedStatement(
      """
      DELETE FROM list_sync_items WHERE kind = ?1 AND account = ?2 AND seen != ?3
        AND NOT EXISTS (SELECT 1 FROM list_changes c WHERE c.kind = ?1 AND c.account = ?2
          AND c.item_id = list_sync_items.item_id AND (c.state = 'pending' OR c.state = 'sent'))
      """)
    try map.bind(definition.name, at: 1)
    try map.bind(account, at: 2)
    try map.bind(generation, at: 3)
    try map.run()
  }

  private func save(_ state: SyncState, refreshedAt: Int64, _ connection: Connection) throws {
    let statement = try connection.cachedStatement(
      """
      INSERT OR REPLACE INTO list_sync (kind, account, remote_url, last_success_at, last_attempt_at,
        error_kind, error_message, error_retryable, error_page, next_cursor, next_page, complete,
        item_count, refreshed_at, generation)
      VALUES (?1, ?2, ?3, ?4, ?5, NULL, NULL, NULL, NULL, ?6, ?7, ?8, ?9, ?10, ?11)
      """)
    try statement.bind(definition.name, at: 1)
    try statement.bind(account, at: 2)
    try statement.bind(state.remoteURL, at: 3)
    try statement.bind(state.lastSuccessAt?.millisecondsSince1970 ?? 0, at: 4)
    try statement.bind(state.lastAttemptAt?.millisecondsSince1970 ?? 0, at: 5)
    try statement.bind(state.nextCursor, at: 6)
    try statement.bind(state.nextPage, at: 7)
    try statement.bind(state.isComplete, at: 8)
    try statement.bind(state.itemCount, at: 9)
    try statement.bind(refreshedAt, at: 10)
    try statement.bind(state.generation, at: 11)
    try statement.run()
  }
}
