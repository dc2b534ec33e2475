import SQLiteCore
import Synchronization

/// The one statement path of every update of an item, by name (``KindItems``) or typed
/// (``KindRepository``): the changed fields' values are checked and bound by ``KindBindings``
/// exactly as an insert's are, into an `UPDATE` of those columns only.
extension KindStatements {
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
    guard try write(id: id, account: account, changes: changes, now: now, connection) != false else { return nil }
    return try item(id: id, account: account, connection, decode: decode)
  }

  /// The write of ``update(id:account:changes:now:_:decode:)`` without reading the item back:
  /// true when the item was changed, false when the account has no item with `id`, nil when
  /// `changes` changes nothing (nothing was written or looked up then).
  func write(
    id: Int64, account: String, changes: [FieldValue?], now: Int64, _ connection: Connection
  ) throws -> Bool? {
    guard changes.contains(where: { $0 != nil }) else { return nil }
    let shape = updateShapes.shape(changing: changes, of: self)
    // Handed out reset, as every cached statement is.
    let statement = try connection.cachedStatement(key: shape, text: shape.sql)
    try statement.bind(account, at: 1)
    try statement.bind(id, at: updateIDParameter)
    var bindings = KindBindings(statement, statements: self, now: now)
    for (index, change) in changes.enumerated() {
      if let change { try bindings.value(change, at: index) }
    }
    let clears = bindings.setOnePerAccount
    if !clears.isEmpty {
      try connection.cachedStatement("SAVEPOINT lists_update").run()
      for name in clears {
        guard let sql = clearOthersSQL[name] else { continue }
        let clear = try connection.cachedStatement(text: sql)
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
    if !clears.isEmpty {
      if !found { try connection.execute("ROLLBACK TO lists_update") }
      try connection.execute("RELEASE lists_update")
    }
    return found
  }

  /// Runs `body` with an array of one empty slot per field, for an update's changes; the array
  /// is kept for the next update once `body` returns, so that a loop of updates allocates
  /// none. (Two threads updating the kind at once: the second gets a new array.)
  func withChangeBuffer<R, Failure: Error>(_ body: (inout [FieldValue?]) throws(Failure) -> R) throws(Failure) -> R {
    var buffer = spareChanges.withLock { spare in
      var taken: [FieldValue?] = []
      swap(&taken, &spare)
      return taken
    }
    let count = definition.fields.count
    if buffer.count != count { buffer = [FieldValue?](repeating: nil, count: count) }
    defer {
      for index in buffer.indices { buffer[index] = nil }
      spareChanges.withLock { swap(&buffer, &$0) }
    }
    return try body(&buffer)
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
    /// The statements made so far, in the order first needed: a kind's updates change few
    /// sets of fields, so a scan comparing a word or two each beats hashing.
    private let shapes = Mutex<[(fields: FieldSet, shape: Shape)]>([])

    /// One update statement: its text, and the object a connection caches it by
    /// (``Connection/cachedStatement(key:text:)``).
    final class Shape: Sendable {
      let sql: String

      init(sql: String) { self.sql = sql }
    }

    /// `UPDATE t SET <column> = ?<insert's parameter>, ... WHERE account = ?1 AND id = ?N` for
    /// the fields `changes` gives a value. (An item is read back with ``itemSQL`` rather than a
    /// `RETURNING` clause, which SQLite runs as a trigger into a temporary table: no faster.)
    func shape(changing changes: [FieldValue?], of statements: KindStatements) -> Shape {
      var fields = FieldSet()
      for (index, change) in changes.enumerated() where change != nil { fields.insert(index) }
      return shapes.withLock { shapes in
        if let made = shapes.first(where: { $0.fields == fields }) { return made.shape }
        var assignments: [String] = []
        for (index, field) in statements.definition.fields.enumerated() where fields.contains(index) {
          let first = statements.fieldParameters[index]
          for (offset, column) in field.columns.enumerated() {
            assignments.append("\(SQLText.identifier(column)) = ?\(first + Int32(offset))")
          }
        }
        let shape = Shape(
          sql: "UPDATE \(statements.definition.sqlName) SET \(assignments.joined(separator: ", ")) "
            + "WHERE account = ?1 AND id = ?\(statements.updateIDParameter)")
        shapes.append((fields, shape))
        return shape
      }
    }
  }
}

/// A set of a kind's fields by index, a bit each: the first 64 without an allocation.
struct FieldSet: Equatable {
  private var low: UInt64 = 0
  private var high: [UInt64] = []

  mutating func insert(_ index: Int) {
    if index < 64 { return low |= 1 << UInt64(index) }
    let word = index / 64 - 1
    if high.count <= word { high.append(contentsOf: repeatElement(0, count: word + 1 - high.count)) }
    high[word] |= 1 << UInt64(index % 64)
  }

  func contains(_ index: Int) -> Bool {
    if index < 64 { return low & (1 << UInt64(index)) != 0 }
    let word = index / 64 - 1
    return word < high.count && high[word] & (1 << UInt64(index % 64)) != 0
  }
}
