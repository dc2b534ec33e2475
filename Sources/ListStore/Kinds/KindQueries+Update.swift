import SQLiteCore
import Synchronization

/// The one statement path of every update of an item, by name (``KindItems``) or typed
/// (``KindRepository``): the changed fields' values are checked and bound by ``KindBindings``
/// exactly as an insert's are, into an `UPDATE` of those columns only.
extension KindQueries {
  /// Changes the item of `account` with `id`: `changes` holds one entry per field, in the
  /// definition's order — nil keeps the field as it is, a value replaces it (`.null` makes an
  /// optional field null, or its default when it has one; a required field refuses it).
  ///
  /// A one-per-account field set to `true` is cleared on the account's other items first. A
  /// change that makes the item equal another on the kind's unique rule is refused, whatever
  /// `on_duplicate` says: that rule is about adding.
  ///
  /// Atomic by itself: every value is checked before anything is written, and the clearing
  /// and the update share a savepoint, rolled back when the update fails or finds no item. So
  /// inside an open transaction it needs no savepoint of the caller's.
  /// - Returns: The item after the change, read back with `decode`; nil when the account has
  ///   no item with `id` (nothing was changed then).
  /// - Throws: ``ListStoreError/invalidValue(field:reason:)`` naming the field;
  ///   ``ListStoreError/duplicateItem(kind:item:fields:values:)``; a SQLite error.
  func update<Item>(
    id: Int64, account: String, changes: [FieldValue?], now: Int64, _ connection: Connection,
    decode: (Statement) throws -> Item
  ) throws -> Item? {
    let changed = changes.map { $0 != nil }
    guard changed.contains(true) else { return try item(id: id, account: account, connection, decode: decode) }
    let statement = try connection.cachedStatement(text: updateShapes.sql(changing: changed, of: self))
    statement.reset()
    try statement.bind(account, at: 1)
    try statement.bind(id, at: updateIDParameter)
    var bindings = KindBindings(statement, queries: self, now: now)
    for change in changes {
      if let change { try bindings.value(change) } else { try bindings.skip() }
    }
    let clears = bindings.setOnePerAccount
    if !clears.isEmpty {
      try connection.cachedStatement("SAVEPOINT lists_update").run()
      for name in clears {
        guard let sql = clearOthersSQL[name] else { continue }
        let clear = try connection.cachedStatement(text: sql)
        clear.reset()
        try clear.bind(account, at: 1)
        try clear.bind(id, at: 2)
        try clear.run()
      }
    }
    defer { statement.reset() }
    let found: Bool
    do {
      try statement.run()
      found = connection.changes > 0
    } catch {
      if !clears.isEmpty {
        try connection.execute("ROLLBACK TO lists_update")
        try connection.execute("RELEASE lists_update")
      }
      throw try updateFailure(error, id: id, account: account, changes: changes, now: now, connection)
    }
    let item = found ? try self.item(id: id, account: account, connection, decode: decode) : nil
    if !clears.isEmpty {
      if !found { try connection.execute("ROLLBACK TO lists_update") }
      try connection.execute("RELEASE lists_update")
    }
    return item
  }

  /// The parameter of the item's id in an update: one past the insert's, whose numbers the
  /// changed columns keep (so ``KindBindings`` binds an update as it binds an insert).
  var updateIDParameter: Int32 { addedAtParameter + 1 }

  /// What a failed update throws: a violated unique rule names the item's values after the
  /// change, as an add's duplicate does; any other error is itself.
  private func updateFailure(
    _ error: any Error, id: Int64, account: String, changes: [FieldValue?], now: Int64,
    _ connection: Connection
  ) throws -> any Error {
    guard let stored = try item(id: id, account: account, connection, decode: { DynamicItem(row: $0, plan: decodePlan) })
    else { return error }
    let merged = zip(changes, stored.values).map { change, value in change ?? value }
    return try duplicate(error, now: now) { bindings in
      for value in merged { try bindings.value(value) }
    }
  }

  /// The update statements of the sets of fields updates have changed, made once per set and
  /// shared by a kind's repositories.
  final class UpdateShapes: Sendable {
    private let statements = Mutex<[[Bool]: String]>([:])

    /// `UPDATE t SET <column> = ?<insert's parameter>, ... WHERE account = ?1 AND id = ?N` for
    /// the fields `changed` marks. (The item is read back with ``itemSQL`` rather than a
    /// `RETURNING` clause, which SQLite runs as a trigger into a temporary table: no faster.)
    func sql(changing changed: [Bool], of queries: KindQueries) -> String {
      if let made = statements.withLock({ $0[changed] }) { return made }
      var assignments: [String] = []
      for (index, field) in queries.definition.fields.enumerated() where changed[index] {
        let first = queries.fieldParameters[index]
        for (offset, column) in field.columns.enumerated() {
          assignments.append("\(column) = ?\(first + Int32(offset))")
        }
      }
      let sql =
        "UPDATE \(queries.definition.name) SET \(assignments.joined(separator: ", ")) "
        + "WHERE account = ?1 AND id = ?\(queries.updateIDParameter)"
      statements.withLock { $0[changed] = sql }
      return sql
    }
  }
}
