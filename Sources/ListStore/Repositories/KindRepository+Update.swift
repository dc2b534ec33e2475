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
  /// - Throws: ``ListStoreError/itemNotFound(list:id:)`` when the account's list has no item
  ///   with `id`; ``ListStoreError/invalidValue(field:reason:)`` naming a refused field; the
  ///   kind's duplicate error (``KindRecord/duplicate(_:error:)``); a database error. Nothing
  ///   is changed then.
  @discardableResult
  public func update(id: Int64, _ change: (inout Record.Draft) -> Void) throws(ListStoreError) -> Record {
    let now = database.configuration.now().millisecondsSince1970
    let account = try Validation.account(account)
    let queries = queries
    // Read, checked, then one update (`KindQueries.update(id:account:changes:now:_:decode:)`):
    // atomic by itself, so a transaction's loop of updates opens no savepoint per item.
    return try database.write(kind: Record.definition.name, account: account, isAtomic: true) { connection in
      guard let stored = try queries.item(id: id, account: account, connection, decode: Self.decode) else {
        throw ListStoreError.itemNotFound(list: list, id: id)
      }
      let original = stored.draft
      var draft = original
      change(&draft)
      let before = try KindBindings.collectingValues(of: queries) { try Record.bind(original, to: &$0) }
      let after = try KindBindings.collectingValues(of: queries) { try Record.bind(draft, to: &$0) }
      var changes = [FieldValue?](repeating: nil, count: queries.definition.fields.count)
      for (index, value) in after.enumerated() where index >= before.count || before[index] != value {
        changes[index] = value
      }
      do {
        guard let item = try queries.update(id: id, account: account, changes: changes, now: now, connection, decode: Self.decode)
        else { throw ListStoreError.itemNotFound(list: list, id: id) }
        return item
      } catch ListStoreError.duplicateItem(let kind, let item, let fields, let values) {
        throw Record.duplicate(draft, error: .duplicateItem(kind: kind, item: item, fields: fields, values: values))
      }
    }
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
    let account = try Validation.account(account)
    return try KindItems(database: database, account: account, queries: queries)
      .update(id: id, setting: values, decode: Self.decode)
  }

  /// Changes the item with `id`, off the caller's thread. See `update(id:_:)`.
  @discardableResult
  public func update(id: Int64, _ change: @escaping @Sendable (inout Record.Draft) -> Void) async throws(ListStoreError)
    -> Record
  {
    try await database.offCaller { () throws(ListStoreError) in try self.update(id: id, change) }
  }

  /// Changes the named fields of the item with `id`, off the caller's thread. See
  /// `update(id:setting:)`.
  @discardableResult
  public func update(id: Int64, setting values: [String: FieldValue]) async throws(ListStoreError) -> Record {
    try await database.offCaller { () throws(ListStoreError) in try self.update(id: id, setting: values) }
  }
}
