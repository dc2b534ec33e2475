import ListProtocol
import SQLiteCore
import TextFormats

/// One change on its way to the remote: the member of a push request's `changes` that carries
/// it.
public struct OutgoingChange: Sendable, Equatable {
  /// The id the client made for the change.
  public var changeID: String
  /// The local id of the item.
  public var itemID: Int64
  /// What the change does.
  public var operation: SyncChange.Operation
  /// The change as the request carries it, a JSON object: frozen when it is first sent, and
  /// sent exactly so again until the remote's answer is applied.
  public var json: String
}

/// The remote's answer to one change of a push.
public struct ChangeResult: Sendable {
  /// What the remote did with the change.
  public enum Outcome: Sendable {
    /// Applied: the remote's item after the change (nil for a remove).
    case applied(RemoteDraft?)
    /// The remote's item had moved past the change's base: the remote's item as it is (nil
    /// when it is gone). The remote's version wins; the change is kept as a conflict.
    case conflict(RemoteDraft?)
    /// Refused for good, with the remote's message and the field it names.
    case rejected(message: String, field: String?)
    /// An answer whose item does not decode here (the reason says why): the change is kept as
    /// a conflict with the reason, and the item stays as it is.
    case unusable(reason: String)
  }

  /// The change answered.
  public var changeID: String
  /// The answer.
  public var outcome: Outcome
  /// The answer as the remote sent it (a JSON object), kept with a conflict or a refusal.
  public var json: String

  /// Creates a result.
  public init(changeID: String, outcome: Outcome, json: String) {
    self.changeID = changeID
    self.outcome = outcome
    self.json = json
  }
}

extension KindReplica {
  /// Takes the next changes to send, at most `limit`, in the order they were made, and freezes
  /// them: a change sent before and not answered comes again exactly as it was; a pending one
  /// gets its JSON now (an add and an update carry the item's values as they are, so folded
  /// writes send the final values) and is marked sent, in one transaction, before any request
  /// is made. A change of an item whose earlier change is not answered yet waits (it needs the
  /// remote id or the version that answer brings), and so do the later changes of that item.
  ///
  /// The outbox is read in order and only as far as the batch needs: taking each batch of a
  /// long queue costs the batch, not the queue.
  ///
  /// - Parameters:
  ///   - remoteURL: The remote the changes go to. Changes belong to the kind's remote: for
  ///     another, nothing is taken (and a waiting change is an error).
  ///   - limit: The most changes taken (a request carries at most 100).
  ///   - writeItem: An item's fields (all of them, or the named ones) as the JSON object of the
  ///     kind's item shape, without `id`.
  /// - Throws: ``ListStoreError/remoteHasChanges(kind:count:)`` when `remoteURL` is not the
  ///   kind's remote and changes wait for that one.
  package func takeChanges(
    remoteURL: String? = nil, limit: Int = 100, writeItem: (DynamicItem, _ fields: [String]?) -> String
  ) throws(ListStoreError) -> [OutgoingChange] {
    try write { connection in
      guard try SyncSchema.hasOutbox(connection) else { return [] }
      if let remoteURL, let stored = try SyncSchema.state(kind: definition.name, account: account, connection),
        stored.0.remoteURL != remoteURL
      {
        let counts = try connection.cachedStatement("SELECT count(*) FROM list_changes WHERE kind = ?1 AND account = ?2")
        try counts.bind(definition.name, at: 1)
        try counts.bind(account, at: 2)
        let count = try counts.step() ? Int(counts.int64(at: 0)) : 0
        counts.reset()
        if count > 0 { throw ListStoreError.remoteHasChanges(kind: definition.name, count: count) }
        return []
      }
      let rows = try connection.cachedStatement(
        """
        SELECT change_id, seq, item_id, op, fields, state, made_at, payload, answer, answered_at FROM list_changes
        WHERE kind = ?1 AND account = ?2 AND (state = 'pending' OR state = 'sent') ORDER BY seq
        """)
      try rows.bind(definition.name, at: 1)
      try rows.bind(account, at: 2)
      // Read in order as far as the batch needs; the writes wait until the reading is done.
      var waiting: [(seq: Int64, change: SyncChange, payload: String?)] = []
      var blocked: Set<Int64> = []
      var counted = 0
      while counted < limit, try rows.step() {
        let change = try Self.change(rows, path: database.path)
        guard !blocked.contains(change.itemID) else { continue }
        // A later change of the item needs what this one's answer brings — the remote id of
        // an add, the new version of an update — so it waits for a later request.
        blocked.insert(change.itemID)
        waiting.append((change.sequence, change, rows.optionalText(at: 7)))
        counted += 1
      }
      rows.reset()
      var taken: [OutgoingChange] = []
      for (seq, change, payload) in waiting {
        if change.state == .sent, let payload, let changeID = change.changeID {
          taken.append(OutgoingChange(changeID: changeID, itemID: change.itemID, operation: change.operation, json: payload))
          continue
        }
        let remote = try remoteID(ofItem: change.itemID, connection)
        var operation = change.operation
        if operation != .add && remote == nil {
          // No add of the item waits before this change (it would have come first and held the
          // item back), and the remote knows no id of it: a remove has nothing left to remove
          // (the remote never had the item, or its removal was applied already); an update of
          // an item still here is the remote's to learn as an add. Either way nothing waits for
          // ever.
          guard operation == .update,
            try statements.item(id: change.itemID, account: account, connection, decode: decode) != nil
          else {
            try deleteChange(seq: seq, connection)
            continue
          }
          operation = .add
        }
        var values: String?
        if operation != .remove {
          let item = try statements.item(id: change.itemID, account: account, connection, decode: decode)
          if let payload {
            // A change sent again by the person (`retryAnsweredChange`): the values they sent,
            // with the fields they changed since on top.
            values = Self.merged(payload, item.map { writeItem($0, change.fields) }, fields: change.fields)
          } else if let item {
            values = writeItem(item, operation == .update ? change.fields : nil)
          } else {
            // The item is gone and its delete trigger did not fold the change away (another
            // program wrote without the triggers): nothing of it can be sent.
            try deleteChange(seq: seq, connection)
            continue
          }
        }
        let changeID = try change.changeID ?? Self.newChangeID(connection)
        let json = Self.changeJSON(changeID: changeID, operation: operation, remote: remote, item: values)
        let mark = try connection.cachedStatement(
          "UPDATE list_changes SET state = 'sent', payload = ?2, change_id = ?3, op = ?4 WHERE seq = ?1")
        try mark.bind(seq, at: 1)
        try mark.bind(json, at: 2)
        try mark.bind(changeID, at: 3)
        try mark.bind(operation.rawValue, at: 4)
        try mark.run()
        taken.append(OutgoingChange(changeID: changeID, itemID: change.itemID, operation: operation, json: json))
      }
      return taken
    }
  }

  /// The values a retried change sends: the JSON object `sent`, with the members of `current`
  /// (the item's named fields as they are now) for `fields` on top; `sent` alone when the person
  /// changed nothing since.
  static func merged(_ sent: String, _ current: String?, fields: [String]) -> String {
    guard !fields.isEmpty, let current, case .object(var values)? = try? JSONParser.parse(sent),
      case .object(let newer)? = try? JSONParser.parse(current)
    else { return sent }
    for member in newer.members {
      if let index = values.members.firstIndex(where: { $0.key == member.key }) {
        values.members[index].value = member.value
      } else {
        values.members.append(member)
      }
    }
    var writer = JSONWriter(capacity: sent.utf8.count + current.utf8.count)
    writer.value(.object(values))
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// A change as a push request carries it (``ListProtocol/PushChange``, the one definition of
  /// its shape, which the server decodes with): its id and operation, the remote id and the base
  /// version when the remote knows the item, and the item's values (a JSON object) unless it is
  /// a remove.
  static func changeJSON(
    changeID: String, operation: SyncChange.Operation, remote: (id: StoredRemoteID, version: StoredRemoteID?)?,
    item: String?
  ) -> String {
    var change = PushChange(changeID: changeID, operation: operation.wire)
    if let remote {
      change.id = remote.id.wireID
      change.baseVersion = remote.version?.jsonValue
    }
    if operation != .remove {
      var values = JSONObject()
      if let item, case .object(let object)? = try? JSONParser.parse(item) { values = object }
      change.item = values
    }
    var writer = JSONWriter(capacity: 128 + (item?.utf8.count ?? 0))
    change.write(into: &writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// A new change id: a random UUID, made by SQLite's generator as every change id is.
  static func newChangeID(_ connection: Connection) throws -> String {
    let statement = try connection.cachedStatement(text: "SELECT " + SyncSchema.changeIDSQL)
    defer { statement.reset() }
    guard try statement.step(), let id = statement.optionalText(at: 0) else {
      throw ListStoreError.internalError(detail: "SQLite made no change id")
    }
    return id
  }

  /// Applies the remote's answers to sent changes, all in one transaction, as the sync's own
  /// writes (not recorded as the person's):
  ///
  /// - applied: the item takes the remote's values, version and remote id (a later change of
  ///   the person's to it still wins until it is answered), and the change goes;
  /// - conflict: the remote wins: the item takes the remote's values, or is removed when the
  ///   remote's item is gone, and the change is kept as a conflict with the answer;
  /// - rejected: the item returns to the remote's last known values (`restore` decodes them),
  ///   an item added here and refused is removed, and the change is kept as refused;
  /// - unusable: the answer's item does not decode here: the change is kept as a conflict with
  ///   the reason, and the item stays as it is.
  ///
  /// Each answer is applied on its own: one this file cannot take — its item fails the kind's
  /// rules here or clashes with another item's unique values — makes that one change a conflict
  /// with the reason (the item stays as it is), and the other answers are applied. An answer
  /// carrying an older integer `version` of an item than the one the file holds (a replayed
  /// answer, after a pull brought a newer one) never replaces it. When an item leaves the list
  /// because its add was refused or the remote no longer has it, the later changes of that item
  /// — which could never be sent — join the kept record, which then holds the item as the
  /// person last wrote it (`writeItem`). An answer for a change that is not sent (answered
  /// already, or unknown) is ignored.
  /// - Returns: How many changes were applied, conflicted and refused.
  package func applyResults(
    _ results: [ChangeResult], restore: (String) throws -> RemoteDraft?,
    writeItem: ((DynamicItem, _ fields: [String]?) -> String)? = nil
  ) throws(ListStoreError) -> (applied: Int, conflicts: Int, rejected: Int) {
    let now = database.configuration.now().millisecondsSince1970
    return try write { connection in
      try startSyncWrite(connection)
      let generation = try SyncSchema.state(kind: definition.name, account: account, connection)?.0.generation ?? 0
      var counts = (applied: 0, conflicts: 0, rejected: 0)
      for result in results {
        let find = try connection.cachedStatement(
          """
          SELECT seq, item_id, op FROM list_changes
          WHERE change_id = ?1 AND kind = ?2 AND account = ?3 AND state = 'sent'
          """)
        try find.bind(result.changeID, at: 1)
        try find.bind(definition.name, at: 2)
        try find.bind(account, at: 3)
        guard try find.step(), let op = find.optionalText(at: 2).flatMap(SyncChange.Operation.init(rawValue:)) else {
          find.reset()
          continue
        }
        let change = AnsweredChange(seq: find.int64(at: 0), itemID: find.int64(at: 1), operation: op)
        find.reset()
        try connection.execute("SAVEPOINT list_answer")
        do {
          let state = try apply(
            result, to: change, generation: generation, connection, now: now, restore: restore, writeItem: writeItem)
          try connection.execute("RELEASE list_answer")
          switch state {
          case .conflict: counts.conflicts += 1
          case .rejected: counts.rejected += 1
          case .pending, .sent: counts.applied += 1
          }
        } catch let error where Self.isUntakeable(error) {
          try connection.execute("ROLLBACK TO list_answer")
          try connection.execute("RELEASE list_answer")
          let reason = (error as? ListStoreError)?.message ?? "the item breaks a rule of this list here"
          try keepUntaken(result, change, reason: reason, generation: generation, connection, now: now)
          counts.conflicts += 1
        }
      }
      try endSyncWrite(connection)
      return counts
    }
  }

  /// A sent change an answer is for.
  struct AnsweredChange {
    var seq: Int64
    var itemID: Int64
    var operation: SyncChange.Operation
  }

  /// Applies one answer; returns the state the change is left in (`sent` when it was applied
  /// and went).
  private func apply(
    _ result: ChangeResult, to change: AnsweredChange, generation: Int64, _ connection: Connection, now: Int64,
    restore: (String) throws -> RemoteDraft?, writeItem: ((DynamicItem, _ fields: [String]?) -> String)?
  ) throws -> SyncChange.State {
    let (seq, itemID, op) = (change.seq, change.itemID, change.operation)
    switch result.outcome {
    case .applied(let remote):
      try deleteChange(seq: seq, connection)
      if op == .remove {
        // Gone here too: the person removed it, or removed the copy a pull had brought in of
        // it, whose changes it took (``fold(copy:into:_:)``).
        try removeItem(itemID, connection)
        try forgetRemoteIDs(ofItem: itemID, connection)
      } else if let remote {
        try takeRemote(remote, into: itemID, generation: generation, connection, now: now, restore: restore)
      }
      return .sent
    case .conflict(let remote):
      try keep(seq: seq, as: .conflict, answer: result.json, connection, now: now)
      if let remote {
        try takeRemote(remote, into: itemID, generation: generation, connection, now: now, restore: restore)
      } else {
        try joinLaterChanges(of: change, connection, writeItem: writeItem)
        try removeItem(itemID, connection)
        try forgetRemoteIDs(ofItem: itemID, connection)
      }
      return .conflict
    case .rejected:
      try keep(seq: seq, as: .rejected, answer: result.json, connection, now: now)
      let base = try remoteBase(ofItem: itemID, connection)
      if let base, let remote = try restore(base) {
        try takeRemote(remote, into: itemID, generation: generation, connection, now: now)
      } else if op == .add {
        try joinLaterChanges(of: change, connection, writeItem: writeItem)
        try removeItem(itemID, connection)
      }
      return .rejected
    case .unusable(let reason):
      throw ListStoreError.invalidValue(field: "item", reason: reason)
    }
  }

  /// Whether `error`, thrown while an answer was applied, says the answer cannot be taken by
  /// this file (its values break the kind's rules here or clash with another item), not that
  /// the file or the disk failed.
  static func isUntakeable(_ error: any Error) -> Bool {
    if let error = error as? SQLiteError { return error.isConstraint }
    guard let error = error as? ListStoreError else { return false }
    switch error.kind {
    case .invalidValue, .invalidAmount, .invalidCurrency, .invalidTime, .invalidStatus, .duplicate, .importRejected:
      return true
    default:
      return false
    }
  }

  /// Keeps a change whose answer this file cannot take as a conflict with the reason, the item
  /// as it is; the remote id and version the answer names are kept, so that the item is known
  /// by the remote's id from now on.
  private func keepUntaken(
    _ result: ChangeResult, _ change: AnsweredChange, reason: String, generation: Int64, _ connection: Connection,
    now: Int64
  ) throws {
    var answer = JSONObject()
    if case .object(let object)? = try? JSONParser.parse(result.json) { answer = object }
    answer.members.removeAll { $0.key == "reason" }
    answer.members.append(JSONObject.Member(key: "reason", value: .string(reason)))
    var writer = JSONWriter(capacity: result.json.utf8.count + reason.utf8.count + 16)
    writer.value(.object(answer))
    try keep(seq: change.seq, as: .conflict, answer: String(decoding: writer.bytes, as: UTF8.self), connection, now: now)
    guard case .object(let item)? = answer["item"], let id = item["id"].flatMap(StoredRemoteID.init(json:)) else { return }
    let version = item["version"].flatMap(StoredRemoteID.init(json:))
    if let held = try heldVersion(ofRemote: id, connection), let version, version.isOlder(than: held) { return }
    let map = try connection.cachedStatement(
      """
      INSERT OR REPLACE INTO list_sync_items (kind, account, remote_id, item_id, version, base, seen)
      VALUES (?1, ?2, ?3, ?4, ?5, NULL, ?6)
      """)
    try map.bind(definition.name, at: 1)
    try map.bind(account, at: 2)
    try id.bind(to: map, at: 3)
    try map.bind(change.itemID, at: 4)
    if let version { try version.bind(to: map, at: 5) } else { try map.bindNull(at: 5) }
    try map.bind(generation, at: 6)
    try map.run()
  }

  /// The item of `change` leaves the list (its add was refused, or the remote no longer has
  /// it): its later changes can never be sent, so they join the kept record, which then holds
  /// the item's values as the person last wrote them.
  private func joinLaterChanges(
    of change: AnsweredChange, _ connection: Connection, writeItem: ((DynamicItem, _ fields: [String]?) -> String)?
  ) throws {
    let later = try connection.cachedStatement(
      """
      DELETE FROM list_changes WHERE kind = ?1 AND account = ?2 AND item_id = ?3 AND seq > ?4
        AND (state = 'pending' OR state = 'sent')
      """)
    try later.bind(definition.name, at: 1)
    try later.bind(account, at: 2)
    try later.bind(change.itemID, at: 3)
    try later.bind(change.seq, at: 4)
    try later.run()
    guard connection.changes > 0, change.operation == .add, let writeItem,
      let item = try statements.item(id: change.itemID, account: account, connection, decode: decode)
    else { return }
    let json = Self.changeJSON(
      changeID: try keptChangeID(seq: change.seq, connection), operation: .add, remote: nil, item: writeItem(item, nil))
    let update = try connection.cachedStatement("UPDATE list_changes SET payload = ?2 WHERE seq = ?1")
    try update.bind(change.seq, at: 1)
    try update.bind(json, at: 2)
    try update.run()
  }

  private func keptChangeID(seq: Int64, _ connection: Connection) throws -> String {
    let statement = try connection.cachedStatement("SELECT change_id FROM list_changes WHERE seq = ?1")
    try statement.bind(seq, at: 1)
    defer { statement.reset() }
    guard try statement.step(), let id = statement.optionalText(at: 0) else { return try Self.newChangeID(connection) }
    return id
  }

  /// The version the file holds of the remote's item `id`, or nil.
  func heldVersion(ofRemote id: StoredRemoteID, _ connection: Connection) throws -> StoredRemoteID? {
    try mappedItem(remoteID: id, connection)?.version
  }

  // MARK: Pieces

  /// The remote id and version the item is known by, or nil when the remote does not know it.
  ///
  /// This lookup and ``remoteBase(ofItem:_:)`` name their index: the index by item does not
  /// cover them, and without statistics SQLite then walks the primary key's range of the whole
  /// list instead — once per change taken, which made a push of n changes cost n².
  private func remoteID(ofItem id: Int64, _ connection: Connection) throws -> (id: StoredRemoteID, version: StoredRemoteID?)? {
    let statement = try connection.cachedStatement(
      """
      SELECT remote_id, typeof(remote_id), version, typeof(version)
      FROM list_sync_items INDEXED BY list_sync_items_by_item
      WHERE kind = ?1 AND account = ?2 AND item_id = ?3 LIMIT 1
      """)
    try statement.bind(definition.name, at: 1)
    try statement.bind(account, at: 2)
    try statement.bind(id, at: 3)
    defer { statement.reset() }
    guard try statement.step(),
      let remote = StoredRemoteID(statement, column: 0, typeName: statement.optionalText(at: 1))
    else { return nil }
    return (remote, StoredRemoteID(statement, column: 2, typeName: statement.optionalText(at: 3)))
  }

  /// The remote's values of the item as last seen (its JSON object), or nil.
  private func remoteBase(ofItem id: Int64, _ connection: Connection) throws -> String? {
    let statement = try connection.cachedStatement(
      """
      SELECT base FROM list_sync_items INDEXED BY list_sync_items_by_item
      WHERE kind = ?1 AND account = ?2 AND item_id = ?3 AND base IS NOT NULL LIMIT 1
      """)
    try statement.bind(definition.name, at: 1)
    try statement.bind(account, at: 2)
    try statement.bind(id, at: 3)
    defer { statement.reset() }
    return try statement.step() ? statement.optionalText(at: 0) : nil
  }

  /// Writes the remote's item into the local item `id` — or, when it is gone, into a new one —
  /// keeping its `added_at` unless the remote sends one, and maps the remote id to it. A later
  /// change of the person's to the item keeps its values: only the base is taken then.
  ///
  /// A replayed answer may be older than what a pull brought meanwhile (integer versions only
  /// grow): then the newer copy the file holds as the item's base is taken instead (`restore`
  /// decodes it), unless a later change of the person's waits.
  private func takeRemote(
    _ remote: RemoteDraft, into id: Int64, generation: Int64, _ connection: Connection, now: Int64,
    restore: (String) throws -> RemoteDraft? = { _ in nil }
  ) throws {
    let key = try StoredRemoteID(remote)
    let held = try mappedItem(remoteID: key, connection)
    if held?.itemID == SyncSchema.deletedItem {
      // The remote deleted its item after this answer was made (a lost answer, replayed):
      // the item goes here too, as a pull's deletion takes it.
      return try removeDeletedItem(id, connection, now: now)
    }
    var remote = remote
    var takesValues = true
    if let version = remote.version, let heldVersion = held?.version, try StoredRemoteID(version).isOlder(than: heldVersion) {
      // The file holds a newer copy (kept as the base, without its version member): that one
      // is taken instead. Without it, only which item is the remote's is learnt.
      var newer = try held?.base.flatMap(restore)
      if case .integer(let number) = heldVersion { newer?.version = RemoteToken(text: String(number), isInteger: true) }
      if let newer {
        remote = newer
      } else {
        remote.version = nil
        remote.base = nil
        takesValues = false
      }
    }
    // A pull may have brought the remote's item in as an item of its own while the answer was
    // lost (the remote applied an add, then the request was sent again): that copy is folded
    // into the item.
    if let other = held?.itemID, other != id {
      try fold(copy: other, into: id, connection)
    }
    try forgetRemoteIDs(ofItem: id, connection)
    try map(remote, to: id, seen: generation, connection)
    if !takesValues, let heldVersion = held?.version {
      let keep = try connection.cachedStatement(
        "UPDATE list_sync_items SET version = ?4, base = ?5 WHERE kind = ?1 AND account = ?2 AND remote_id = ?3")
      try keep.bind(definition.name, at: 1)
      try keep.bind(account, at: 2)
      try key.bind(to: keep, at: 3)
      try heldVersion.bind(to: keep, at: 4)
      try keep.bind(held?.base, at: 5)
      try keep.run()
    }
    if !takesValues { return }
    if try hasWaitingChange(item: id, connection) { return }
    var draft = remote.draft
    if let current = try statements.item(id: id, account: account, connection, decode: decode) {
      if definition.hasImplicitAddedAt && draft.addedAt == nil { draft.addedAt = current.addedAt }
      _ = try overwrite(id, with: statements.orderedValues(of: draft), addedAt: draft.addedAt, connection, now: now)
    } else {
      let (added, _) = try items.insertItem(draft, connection, now: now)
      try map(remote, to: added, seen: generation, connection)
    }
  }


  /// Folds `copy` — the remote's item brought in by a pull while the answer to the add of
  /// `item` was lost — into `item`, and removes it: the fields the person changed on the copy
  /// meanwhile are set on the item, and the copy's waiting changes become the item's, so that
  /// nothing of it is lost and nothing waits for an item the remote does not know.
  private func fold(copy: Int64, into item: Int64, _ connection: Connection) throws {
    let changes = try connection.cachedStatement(
      """
      SELECT fields FROM list_changes WHERE kind = ?1 AND account = ?2 AND item_id = ?3 AND state = 'pending'
        AND op = 'update'
      """)
    try changes.bind(definition.name, at: 1)
    try changes.bind(account, at: 2)
    try changes.bind(copy, at: 3)
    var changed: [String] = []
    while try changes.step() {
      if let text = changes.optionalText(at: 0), case .array(let names)? = try? JSONParser.parse(text) {
        for case .string(let name) in names where !changed.contains(name) { changed.append(name) }
      }
    }
    changes.reset()
    let columns = changed.compactMap { definition.field(named: $0) }.flatMap(\.columns).map(SQLText.identifier)
    if !columns.isEmpty {
      let set = columns.map { "\($0) = (SELECT \($0) FROM \(definition.sqlName) WHERE id = ?2)" }
      let update = try connection.prepare(
        "UPDATE \(definition.sqlName) SET \(set.joined(separator: ", ")) WHERE id = ?1 AND account = ?3")
      try update.bind(item, at: 1)
      try update.bind(copy, at: 2)
      try update.bind(account, at: 3)
      try update.run()
    }
    let move = try connection.cachedStatement(
      "UPDATE list_changes SET item_id = ?4 WHERE kind = ?1 AND account = ?2 AND item_id = ?3 AND (state = 'pending' OR state = 'sent')")
    try move.bind(definition.name, at: 1)
    try move.bind(account, at: 2)
    try move.bind(copy, at: 3)
    try move.bind(item, at: 4)
    try move.run()
    try removeItem(copy, connection)
    try forgetRemoteIDs(ofItem: copy, connection)
  }

  func removeItem(_ id: Int64, _ connection: Connection) throws {
    _ = try statements.remove([id], account: account, connection)
  }

  func forgetRemoteIDs(ofItem id: Int64, _ connection: Connection) throws {
    let statement = try connection.cachedStatement(
      "DELETE FROM list_sync_items WHERE kind = ?1 AND account = ?2 AND item_id = ?3")
    try statement.bind(definition.name, at: 1)
    try statement.bind(account, at: 2)
    try statement.bind(id, at: 3)
    try statement.run()
  }

  func deleteChange(seq: Int64, _ connection: Connection) throws {
    let statement = try connection.cachedStatement("DELETE FROM list_changes WHERE seq = ?1")
    try statement.bind(seq, at: 1)
    try statement.run()
  }

  /// Keeps the change `seq` as answered (a conflict or a refusal) with the remote's answer; a
  /// change never sent gets `changeID`, by which the person names it.
  func keep(
    seq: Int64, as state: SyncChange.State, answer: String, changeID: String? = nil, _ connection: Connection,
    now: Int64
  ) throws {
    let statement = try connection.cachedStatement(
      "UPDATE list_changes SET state = ?2, answer = ?3, answered_at = ?4, change_id = coalesce(change_id, ?5) WHERE seq = ?1")
    try statement.bind(seq, at: 1)
    try statement.bind(state.rawValue, at: 2)
    try statement.bind(answer, at: 3)
    try statement.bind(now, at: 4)
    try statement.bind(changeID, at: 5)
    try statement.run()
  }
}
