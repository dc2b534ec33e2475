import SQLiteCore

extension KindItems {
  /// What an import that updates matches its lines with stored items on.
  public enum ImportMatch: Sendable, Hashable {
    /// The item's id: a line naming an id the account's list has changes that item.
    case id
    /// The kind's unique fields, all of them: a line whose values of them equal an item's
    /// changes that item (a field the line leaves out counts as null).
    case uniqueFields
  }

  /// One line of an import that updates: the fields it holds, by name (`.null` for a field it
  /// holds as null), and the id it names, if any.
  public struct ImportLine: Sendable, Hashable {
    /// The id the line names; used only when matching on ``ImportMatch/id``.
    public var id: Int64?
    /// The fields the line holds.
    public var values: [String: FieldValue]
    /// When an added item was added (the implicit `added_at`); nil for the time of the import. A changed item
    /// keeps its own.
    public var addedAt: Timestamp?

    /// A line holding `values`.
    public init(id: Int64? = nil, values: [String: FieldValue], addedAt: Timestamp? = nil) {
      self.id = id
      self.values = values
      self.addedAt = addedAt
    }
  }

  /// Imports the lines `next` returns until it returns nil, in one transaction, all or nothing:
  /// a line that matches a stored item on `match` changes the fields it holds and keeps the
  /// others (as `update(id:setting:)`); any other line is added (as ``add(_:)``, its nulls
  /// left to the defaults).
  ///
  /// For example, a price list that updates books by title and author:
  ///
  /// ```swift
  /// let counts = try books.importItems(updatingBy: .uniqueFields) {
  ///   lines.popFirst()  // ImportLine(values: ["title": .text("Dune"), "author": ..., "price": ...])
  /// }
  /// ```
  /// - Returns: How many lines added an item, and how many changed one.
  /// - Throws: an error of `next`, unchanged; ``ListStoreError/importRejected(position:reason:)``
  ///   for a line whose change or item is refused; ``ListStoreError/invalidDefinition(_:)`` when
  ///   matching on unique fields of a kind without a unique rule. Nothing is written then.
  public func importItems(
    updatingBy match: ImportMatch, from next: () throws -> ImportLine?
  ) throws -> (added: Int, updated: Int) {
    if match == .uniqueFields && definition.unique == nil {
      throw ListStoreError.invalidDefinition("\(definition.name) has no unique rule to match lines on; match on id.")
    }
    var updated = 0
    let added = try database.importDrafts(
      kind: definition.name, account: account, in: transaction, addsOnly: nil, next
    ) {
      line, connection, now in
      if let id = try matchingID(of: line, on: match, connection) {
        _ = try update(id: id, changes: statements.changes(line.values), now: now, connection, decode: { _ in () })
        updated += 1
        return false
      }
      let draft = DynamicDraft(line.values.filter { $0.value != .null }, addedAt: line.addedAt)
      return try insertItem(draft, connection, now: now).added
    }
    return (added, updated)
  }

  /// The id of the stored item `line` matches on `match`, if any.
  private func matchingID(of line: ImportLine, on match: ImportMatch, _ connection: Connection) throws -> Int64? {
    switch match {
    case .id:
      guard let id = line.id else { return nil }
      return try statements.item(id: id, account: account, connection) { $0.int64(at: 0) }
    case .uniqueFields:
      var values: [String: FieldValue] = [:]
      for name in definition.unique?.fields ?? [] {
        let value = line.values[name] ?? .null
        if case .text(let text) = value, definition.field(named: name)?.uppercase == true {
          values[name] = .text(FieldValue.asciiUppercased(text))
        } else {
          values[name] = value
        }
      }
      return try statements.storedDuplicateID(account: account, values: values, connection)
    }
  }
}
