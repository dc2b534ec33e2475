import SQLiteCore

extension KindRepository {
  /// Changes the item with `id`: `change` is given the stored item as a draft
  /// (``KindRecord/draft``) and changes what it should; the fields whose values it changed are
  /// written, each checked as an add checks it, and no other field is touched. The item keeps
  /// its id and the time it was added; the count does not change; observers hear of it.
  ///
  /// For example:
  ///
  /// ```swift
  /// let shipped = try database.orders().update(id: 3) { $0.status = .shipped }
  /// ```
  ///
  /// A change that would make the item equal another on the kind's unique rule is refused
  /// whatever the rule's `on_duplicate` says (it is about adding). A one-per-account field set
  /// to `true` (the default address) moves from the item that had it. When `change` changes
  /// nothing, nothing is written and the stored item is returned.
  /// - Returns: The item after the change.
  /// - Throws: ``ListStoreError/itemsNotFound(kind:ids:removing:)`` (`removing` false) when the
  ///   account's list has no item with `id`; ``ListStoreError/invalidValue(field:reason:)`` naming a refused field;
  ///   ``ListStoreError/duplicateItem(kind:item:fields:values:)``; a database error. Nothing
  ///   is changed then.
  @discardableResult
  public func update(id: Int64, _ change: (inout Record.Draft) -> Void) throws(ListStoreError) -> Record {
    let now = database.configuration.now().millisecondsSince1970
    let account = account
    let statements = statements
    // Read, checked, then one update (`KindStatements.update(id:account:changes:now:_:decode:)`):
    // atomic by itself, so a transaction's loop of updates opens no savepoint per item.
    return try statements.write(account: account, in: database, transaction: transaction, isAtomic: true) { connection in
      guard let stored = try statements.item(id: id, account: account, connection, decode: Self.decode) else {
        throw ListStoreError.itemsNotFound(kind: list, ids: [id], removing: false)
      }
      let original = stored.draft
      var draft = original
      change(&draft)
      return try statements.withChangeBuffer { changes in
        try Self.changes(from: original, to: draft, into: &changes, statements)
        guard let item = try statements.update(id: id, account: account, changes: changes, now: now, connection, decode: Self.decode)
        else { throw ListStoreError.itemsNotFound(kind: list, ids: [id], removing: false) }
        return item
      }
    }
  }

  /// Changes `item` as the app holds it (read from a page, `item(id:)` or a loader): `change`
  /// is given its draft, and the fields whose values it changed from `item`'s are written,
  /// each checked as an add checks it; no other field is touched, so a field another writer
  /// changed since `item` was read keeps that writer's value. Nothing is read first: the
  /// update an app runs when the person changes what a screen shows.
  ///
  /// ```swift
  /// for order in page.items where order.status == .pending {
  ///   try orders.update(order) { $0.status = .shipped }
  /// }
  /// ```
  ///
  /// The same checks as `update(id:_:)`: the unique rule, a one-per-account field moved.
  /// - Returns: Whether a field changed (and was written); false when `change` changed
  ///   nothing, which writes and reads nothing.
  /// - Throws: ``ListStoreError/itemsNotFound(kind:ids:removing:)`` (`removing` false) when the
  ///   account's list no longer has the item; ``ListStoreError/invalidValue(field:reason:)`` naming a refused field;
  ///   ``ListStoreError/duplicateItem(kind:item:fields:values:)``; a database error. Nothing
  ///   is changed then.
  @discardableResult
  public func update(_ item: Record, _ change: (inout Record.Draft) -> Void) throws(ListStoreError) -> Bool {
    let original = item.draft
    var draft = original
    change(&draft)
    let statements = statements
    let id = item.id
    return try statements.withChangeBuffer { changes throws(ListStoreError) in
      try Self.changes(from: original, to: draft, into: &changes, statements)
      guard changes.contains(where: { $0 != nil }) else { return false }
      let now = database.configuration.now().millisecondsSince1970
      let account = account
      let changed = changes
      return try statements.write(account: account, in: database, transaction: transaction, isAtomic: true) { connection in
        guard try statements.write(id: id, account: account, changes: changed, now: now, connection) == true
        else { throw ListStoreError.itemsNotFound(kind: list, ids: [id], removing: false) }
        return true
      }
    }
  }

  /// The values of the fields `draft` changes from `original`, into `changes` (one empty slot
  /// per field, in the definition's order; nil where a field keeps its value).
  private static func changes(
    from original: Record.Draft, to draft: Record.Draft, into changes: inout [FieldValue?], _ statements: KindStatements
  ) throws(ListStoreError) {
    try KindBindings.changes(
      of: statements, into: &changes,
      from: { bindings throws(ListStoreError) in try Record.bind(original, to: &bindings) },
      to: { bindings throws(ListStoreError) in try Record.bind(draft, to: &bindings) })
  }

  /// Changes the fields of the item with `id` that `values` names, by field name, as the
  /// command line does: `.null` makes an optional field null (or its default, when it has
  /// one). The other fields keep their values. The same statement as `update(id:_:)`, with
  /// the same checks.
  ///
  /// ```swift
  /// try database.orders().update(id: 3, setting: ["status": .text("shipped")])
  /// ```
  /// - Throws: as `update(id:_:)`; ``ListStoreError/invalidValue(field:reason:)`` for a
  ///   name that is not a field of the kind.
  @discardableResult
  public func update(id: Int64, setting values: [String: FieldValue]) throws(ListStoreError) -> Record {
    try byName.update(id: id, setting: values, decode: Self.decode)
  }
}
