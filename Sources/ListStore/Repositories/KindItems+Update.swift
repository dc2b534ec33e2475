import SQLiteCore

extension KindItems {
  /// Changes the fields of the item with `id` that `values` names, by field name, and keeps
  /// the others: what `lists edit` runs. `.null` makes an optional field null (or its default,
  /// when it has one); a required field refuses it. Each value is checked as an add checks it.
  /// The item keeps its id and the time it was added; the count does not change; observers
  /// hear of it.
  ///
  /// For example:
  ///
  /// ```swift
  /// let books = try database.items(of: "books")
  /// try books.update(id: 1, setting: ["status": .text("done"), "pages": .null])
  /// ```
  ///
  /// A change that would make the item equal another on the kind's unique rule is refused
  /// whatever the rule's `on_duplicate` says (it is about adding). A one-per-account field set
  /// to `true` (the default address) moves from the item that had it.
  /// - Returns: The item after the change.
  /// - Throws: ``ListStoreError/itemsNotFound(kind:ids:removing:)`` (`removing` false) when the
  ///   account's list has no item with `id`; ``ListStoreError/invalidValue(field:reason:)`` naming a refused field or a
  ///   name that is not a field; ``ListStoreError/duplicateItem(kind:item:fields:values:)``;
  ///   a database error. Nothing is changed then.
  @discardableResult
  public func update(id: Int64, setting values: [String: FieldValue]) throws(ListStoreError) -> DynamicItem {
    try update(id: id, setting: values) { DynamicItem(row: $0, plan: statements.decodePlan) }
  }

  /// Changes the item with `id`: `change` is given the stored item as a draft, its values by
  /// name (an optional field without a value is absent), and changes what it should; the
  /// fields whose values it changed are written (a value removed makes the field null), checked
  /// as in `update(id:setting:)`.
  ///
  /// ```swift
  /// try books.update(id: 1) { $0.values["status"] = .text("done") }
  /// ```
  /// - Throws: as `update(id:setting:)`.
  @discardableResult
  public func update(id: Int64, _ change: (inout DynamicDraft) -> Void) throws(ListStoreError) -> DynamicItem {
    let now = database.configuration.now().millisecondsSince1970
    let statements = statements
    let definition = definition
    let decode = { (statement: Statement) in DynamicItem(row: statement, plan: statements.decodePlan) }
    // Read, checked, then one update (`KindStatements.update(id:account:changes:now:_:decode:)`):
    // atomic by itself.
    return try write(isAtomic: true) { connection in
      guard let stored = try statements.item(id: id, account: account, connection, decode: decode) else {
        throw ListStoreError.itemsNotFound(kind: list, ids: [id], removing: false)
      }
      var values: [String: FieldValue] = [:]
      for (field, value) in zip(definition.fields, stored.values) where value != .null { values[field.name] = value }
      var draft = DynamicDraft(values, addedAt: stored.addedAt)
      change(&draft)
      var changed: [String: FieldValue] = [:]
      for (field, value) in zip(definition.fields, stored.values) where (draft.values[field.name] ?? .null) != value {
        changed[field.name] = draft.values[field.name] ?? .null
      }
      for name in draft.values.keys where definition.field(named: name) == nil { changed[name] = draft.values[name] }
      return try update(id: id, changes: statements.changes(changed), now: now, connection, decode: decode)
    }
  }

  /// `update(id:setting:)` reading the item after the change with `decode`: the typed
  /// repository's by-name update too.
  func update<Item>(
    id: Int64, setting values: [String: FieldValue], decode: (Statement) throws -> Item
  ) throws(ListStoreError) -> Item {
    let now = database.configuration.now().millisecondsSince1970
    let changes = try statements.changes(values)
    return try write(isAtomic: true) { connection in
      try update(id: id, changes: changes, now: now, connection, decode: decode)
    }
  }

  /// Runs the kind's update on `connection`; an id the account does not have is
  /// ``ListStoreError/itemsNotFound(kind:ids:removing:)`` (`removing` false).
  func update<Item>(
    id: Int64, changes: [FieldValue?], now: Int64, _ connection: Connection, decode: (Statement) throws -> Item
  ) throws -> Item {
    guard let item = try statements.update(id: id, account: account, changes: changes, now: now, connection, decode: decode)
    else { throw ListStoreError.itemsNotFound(kind: list, ids: [id], removing: false) }
    return item
  }
}

extension KindStatements {
  /// The changes `values` names, one entry per field in the definition's order (nil where it
  /// names none).
  /// - Throws: ``ListStoreError/invalidValue(field:reason:)`` for a name that is not a field.
  func changes(_ values: [String: FieldValue]) throws(ListStoreError) -> [FieldValue?] {
    var changes = [FieldValue?](repeating: nil, count: definition.fields.count)
    for (name, value) in values.sorted(by: { $0.key < $1.key }) {
      guard let index = definition.fields.firstIndex(where: { $0.name == name }) else {
        throw .invalidValue(field: name, reason: "is not a field of \(definition.name)")
      }
      changes[index] = value
    }
    return changes
  }
}
