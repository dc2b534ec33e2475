import SQLiteCore
import Synchronization

/// The SQL a kind's repository runs, made once from its definition: what it selects, inserts,
/// deletes, and how its keyset pages seek.
///
/// Every statement binds its values; the names in it are the definition's validated names,
/// quoted by `SQLText.identifier` as every name in SQL is.
@usableFromInline
final class KindStatements: Sendable {
  /// The kind the statements are for.
  @usableFromInline let definition: KindDefinition
  /// The columns an item is read from, in this order: `id`, the fields' columns, `added_at`
  /// where implicit.
  let selectColumns: [String]
  /// ``selectColumns`` as a select list: each field's first column named after the field (`AS`
  /// where they differ, as a money field's minor units do), so that a record reads its row by
  /// field name (`KindRow`, `Statement.column(named:)`).
  let selectList: String
  /// The columns an insert gives, in this order: `account`, the fields' columns, `added_at`
  /// where implicit.
  let insertColumns: [String]
  /// For each term of the effective order, its column's index in ``selectColumns``.
  let orderColumnIndexes: [Int]
  /// How each term of the effective order is kept in a cursor.
  let cursorKinds: [CursorValue.Kind]
  /// How a row becomes a ``DynamicItem``, worked out once rather than per row.
  let decodePlan: DecodePlan

  /// Where each field's value is in a selected row, and what it is.
  struct DecodePlan: Sendable {
    /// Per field in the definition's order: its (first) column and its type's rules, which
    /// read it.
    var fields: [(column: Int32, rules: any FieldTypeRules.Type)]
    /// The column of the implicit `added_at`, if the kind has it.
    var addedAtColumn: Int32?
  }

  /// `SELECT <columns> FROM t WHERE account = ?1 AND id = ?2`.
  let itemSQL: String
  /// `INSERT INTO t (<insert columns>) VALUES (?, ...)`; with `keep`, conflicts on the unique
  /// rule do nothing.
  let insertSQL: String
  /// The stored item whose unique fields equal the bound ones (`?2...`), for `keep`.
  let uniqueLookupSQL: String?
  /// Clears a one-per-account field on every item of the account (`?1`) but the one with id
  /// `?2` (none when `?2` is not bound): before an item that sets it is added, or when it is set
  /// on a stored item.
  let clearOthersSQL: [String: String]
  /// Sets a one-per-account field on the item of the account (`?1`) with id `?2`.
  let setOnePerAccountSQL: [String: String]
  /// `DELETE FROM t WHERE account = ?1 AND id = ?2`.
  let deleteSQL: String
  /// `DELETE FROM t WHERE account = ?1`.
  let clearSQL: String
  /// The first page: `?1` account, `?2` limit.
  @usableFromInline let firstPageSQL: String
  /// The pages after a cursor, one statement per level of the order, deepest first. The order
  /// is split where its direction changes; each level seeks an index range: the terms before
  /// it equal to the cursor's (`?` bound in term order), its own terms after it by a row-value
  /// comparison. A page runs the levels in turn until it has enough items, so a page costs
  /// the same however deep it is, also in an order such as "default first, then label".
  /// Parameters: `?1` account, `?2` limit, then the first `values` of the cursor's values in
  /// term order from `?3`.
  @usableFromInline let levelSQL: [(sql: String, values: Int)]
  /// The level statements of the pages before a place and around an item.
  @usableFromInline let directionSQL: DirectionLevels
  /// `SELECT <columns> FROM t WHERE account = ?1 ORDER BY <order>`, for export.
  let exportSQL: String
  /// Sync: `UPDATE t SET <insert columns but account> = ?2... WHERE account = ?1 AND id = ?N`,
  /// `N` one past the insert's parameters; the values bound as for the insert.
  let remoteUpdateSQL: String
  /// What the statement cache finds ``insertSQL``'s statement by: it runs once per item of an
  /// import or a remote page, and comparing its text on every lookup costs a tenth of a write.
  let insertKey = StatementKey()
  /// What the statement cache finds ``remoteUpdateSQL``'s statement by.
  let remoteUpdateKey = StatementKey()
  /// The end of a complete walk: removes the account's (`?1`) items of the kind (`?2`) that
  /// the remote sent before and walk `?3` did not, unless a change of theirs waits.
  let remoteDropSQL: String
  /// A change of remote: removes account `?1`'s items of kind `?2` that the old remote sent.
  let remoteForgetSQL: String
  /// The first sync of kind `?1` for account `?2`: a pending `add` for each item the remote
  /// does not know and that has no change recorded, in id order.
  let adoptUnsyncedSQL: String
  /// An import's adds to kind `?1` for account `?2`: a pending `add` for each item with an id
  /// above `?3`, in id order (``BulkAdds``).
  let bulkAddsSQL: String
  /// Whether kind `?1` has a remote for account `?2` with no write marked as the sync's own,
  /// and the largest id of the kind's table (``startBulkAdds(account:_:)``).
  let bulkAddsStateSQL: String
  /// The statements of searches and filters, by shape (``sql(for:)``).
  let queryShapes = QueryShapes()
  /// The update statements, by the set of fields they change (``UpdateShapes/sql(changing:of:)``).
  let updateShapes = UpdateShapes()
  /// The array of an update's changes, kept between updates: see ``withChangeBuffer(_:)``.
  let spareChanges = Mutex<[FieldValue?]>([])
  /// Per field in the definition's order: the insert's parameter of its first column.
  let fieldParameters: [Int32]
  /// Per field: how many columns (and parameters) it takes.
  let fieldColumnCounts: [Int32]
  /// The fields' names, in the definition's order.
  let fieldNames: [String]
  /// The fields' names as bytes: what a draft's field names are found by.
  let fieldNameIndex: FieldNameIndex
  /// Per field: whether it is one of the unique rule's.
  let isUniqueField: [Bool]
  /// Per field: what checking its values needs, its pattern parsed once.
  let fieldChecks: [FieldCheck]
  /// The insert's parameter after the fields': the implicit `added_at`.
  let addedAtParameter: Int32

  init(_ definition: KindDefinition) {
    self.definition = definition
    var parameter: Int32 = 2  // ?1 is the account
    var parameters: [Int32] = []
    var counts: [Int32] = []
    for field in definition.fields {
      let count = Int32(field.columns.count)
      parameters.append(parameter)
      counts.append(count)
      parameter += count
    }
    fieldParameters = parameters
    fieldColumnCounts = counts
    fieldNames = definition.fields.map(\.name)
    fieldNameIndex = FieldNameIndex(fieldNames)
    addedAtParameter = parameter
    isUniqueField = definition.fields.map { definition.unique?.fields.contains($0.name) == true }
    let checks = definition.fields.map(FieldCheck.init)
    fieldChecks = checks
    let table = definition.sqlName
    var select = ["id"]
    var insert = ["account"]
    for field in definition.fields {
      select += field.columns
      insert += field.columns
    }
    if definition.hasImplicitAddedAt {
      select.append("added_at")
      insert.append("added_at")
    }
    selectColumns = select
    insertColumns = insert
    let order = definition.effectiveOrder
    orderColumnIndexes = order.map { term in select.firstIndex(of: term.field) ?? 0 }
    cursorKinds = definition.cursorValueKinds
    var plan = DecodePlan(fields: [], addedAtColumn: nil)
    var column: Int32 = 1
    for (field, check) in zip(definition.fields, checks) {
      plan.fields.append((column, type(of: check.rules)))
      column += Int32(field.columns.count)
    }
    if definition.hasImplicitAddedAt { plan.addedAtColumn = column }
    decodePlan = plan
    var list = ["id"]
    for field in definition.fields {
      for (position, column) in field.columns.enumerated() {
        list.append(
          position == 0 && column != field.name
            ? "\(SQLText.identifier(column)) AS \(SQLText.identifier(field.name))" : SQLText.identifier(column))
      }
    }
    if definition.hasImplicitAddedAt { list.append("added_at") }
    let columns = list.joined(separator: ", ")
    selectList = columns
    let orderBy = Self.orderBy(order)

    itemSQL = "SELECT \(columns) FROM \(table) WHERE account = ?1 AND id = ?2"
    let placeholders = (1...insert.count).map { "?\($0)" }.joined(separator: ", ")
    var insertSQL =
      "INSERT INTO \(table) (\(insert.map(SQLText.identifier).joined(separator: ", "))) VALUES (\(placeholders))"
    if let unique = definition.unique {
      let fields = unique.fields.compactMap { definition.field(named: $0) }
      if unique.onDuplicate == .keep {
        let target = fields.map { field in
          let column = SQLText.identifier(field.name)
          return field.isNotNull ? column : "ifnull(\(column), X'00')"
        }
        insertSQL += " ON CONFLICT (account, \(target.joined(separator: ", "))) DO NOTHING"
      }
      let conditions = fields.enumerated().map { index, field in
        "\(SQLText.identifier(field.name)) IS ?\(index + 2)"
      }
      uniqueLookupSQL =
        "SELECT \(columns) FROM \(table) WHERE account = ?1 AND " + conditions.joined(separator: " AND ")
    } else {
      uniqueLookupSQL = nil
    }
    self.insertSQL = insertSQL
    var clearOthers: [String: String] = [:]
    var setOne: [String: String] = [:]
    for field in definition.fields where field.onePerAccount {
      let column = SQLText.identifier(field.name)
      clearOthers[field.name] =
        "UPDATE \(table) SET \(column) = 0 WHERE account = ?1 AND \(column) = 1 AND id IS NOT ?2"
      setOne[field.name] = "UPDATE \(table) SET \(column) = 1 WHERE account = ?1 AND id = ?2"
    }
    clearOthersSQL = clearOthers
    setOnePerAccountSQL = setOne
    deleteSQL = "DELETE FROM \(table) WHERE account = ?1 AND id = ?2"
    clearSQL = "DELETE FROM \(table) WHERE account = ?1"
    firstPageSQL = "SELECT \(columns) FROM \(table) WHERE account = ?1 ORDER BY \(orderBy) LIMIT ?2"
    exportSQL = "SELECT \(columns) FROM \(table) WHERE account = ?1 ORDER BY \(orderBy)"
    let assignments = insert.enumerated().dropFirst().map { "\(SQLText.identifier($1)) = ?\($0 + 1)" }
    remoteUpdateSQL =
      "UPDATE \(table) SET \(assignments.joined(separator: ", ")) WHERE account = ?1 AND id = ?\(insert.count + 1)"
    remoteDropSQL = """
      DELETE FROM \(table) WHERE account = ?1 AND id IN (SELECT m.item_id FROM list_sync_items m
        WHERE m.kind = ?2 AND m.account = ?1 AND m.seen != ?3
          AND NOT EXISTS (SELECT 1 FROM list_changes c WHERE c.kind = ?2 AND c.account = ?1
            AND c.item_id = m.item_id AND (c.state = 'pending' OR c.state = 'sent')))
      """
    remoteForgetSQL = """
      DELETE FROM \(table) WHERE account = ?1 AND id IN (SELECT m.item_id FROM list_sync_items m
        WHERE m.kind = ?2 AND m.account = ?1)
      """
    adoptUnsyncedSQL = """
      INSERT INTO list_changes (kind, account, item_id, op)
        SELECT ?1, ?2, t.id, 'add' FROM \(table) t WHERE t.account = ?2
          AND NOT EXISTS (SELECT 1 FROM list_sync_items m WHERE m.kind = ?1 AND m.account = ?2 AND m.item_id = t.id)
          AND NOT EXISTS (SELECT 1 FROM list_changes c WHERE c.kind = ?1 AND c.account = ?2 AND c.item_id = t.id)
        ORDER BY t.id
      """
    bulkAddsSQL = """
      INSERT INTO list_changes (kind, account, item_id, op)
        SELECT ?1, ?2, t.id, 'add' FROM \(table) t WHERE t.id > ?3 AND t.account = ?2 ORDER BY t.id
      """
    bulkAddsStateSQL = """
      SELECT EXISTS (SELECT 1 FROM list_sync WHERE kind = ?1 AND account = ?2)
          AND NOT EXISTS (SELECT 1 FROM list_sync_applying),
        ifnull((SELECT max(id) FROM \(table)), 0)
      """

    levelSQL = Self.levels(of: order, columns: columns, table: table, conditions: [])
    directionSQL = DirectionLevels(order: order, columns: columns, table: table, conditions: [])
  }

  /// The level statements (see ``levelSQL``) of `order`, with `conditions` after the account's.
  ///
  /// With `inclusive`, the deepest level (whose terms end with the unique `id`) compares with
  /// `>=` or `<=`: the row the cursor was made from is read too.
  static func levels(
    of order: [OrderTerm], columns: String, table: String, conditions extra: [String],
    inclusive: Bool = false
  ) -> [(sql: String, values: Int)] {
    let orderBy = orderBy(order)
    // Levels: runs of terms with one direction.
    var groups: [[Int]] = []
    for (index, term) in order.enumerated() {
      if let last = groups.last?.last, order[last].descending == term.descending {
        groups[groups.count - 1].append(index)
      } else {
        groups.append([index])
      }
    }
    var levels: [(sql: String, values: Int)] = []
    for level in stride(from: groups.count - 1, through: 0, by: -1) {
      var conditions = extra
      for earlier in groups[..<level] {
        for index in earlier { conditions.append("\(SQLText.identifier(order[index].field)) = ?\(index + 3)") }
      }
      let own = groups[level]
      let strict = order[own[0]].descending ? "<" : ">"
      let comparison = inclusive && level == groups.count - 1 ? strict + "=" : strict
      if own.count == 1 {
        conditions.append("\(SQLText.identifier(order[own[0]].field)) \(comparison) ?\(own[0] + 3)")
      } else {
        let names = own.map { SQLText.identifier(order[$0].field) }.joined(separator: ", ")
        let values = own.map { "?\($0 + 3)" }.joined(separator: ", ")
        conditions.append("(\(names)) \(comparison) (\(values))")
      }
      levels.append(
        (
          "SELECT \(columns) FROM \(table) WHERE account = ?1 AND "
            + conditions.joined(separator: " AND ") + " ORDER BY \(orderBy) LIMIT ?2",
          own[own.count - 1] + 1
        ))
    }
    return levels
  }

  /// The `ORDER BY` terms of `order`: `"added_at" DESC, "id" DESC`.
  static func orderBy(_ order: [OrderTerm]) -> String {
    order.map { SQLText.identifier($0.field) + ($0.descending ? " DESC" : "") }.joined(separator: ", ")
  }
}

extension KindStatements {
  /// One field as binding checks it: its definition and its parsed pattern, behind one
  /// reference, so a value is checked without copying the definition (a retain per property).
  final class FieldCheck: Sendable {
    let field: FieldDefinition
    let glob: GlobPattern?
    /// Whether text is stored uppercased.
    let uppercase: Bool
    /// The rules of the field's type, made once.
    let rules: any FieldTypeRules

    init(_ field: FieldDefinition) {
      self.field = field
      rules = field.type.rules
      glob = if case .text(_, let pattern?) = field.type { GlobPattern(pattern) } else { nil }
      uppercase = field.uppercase
    }
  }

  /// An identity for ``Connection/cachedStatement(key:text:)``: one per statement text, kept
  /// as long as the text.
  final class StatementKey: Sendable {}

  /// Checks `value` against the field at `index`.
  /// - Throws: ``ListStoreError/invalidValue(field:reason:)``.
  func check(_ value: FieldValue, field index: Int) throws(ListStoreError) {
    try value.check(against: fieldChecks[index])
  }

  /// `draft`'s values in the definition's order, `.null` for a field it leaves out: what an
  /// insert or an overwrite binds (``KindBindings/values(_:)``), each of the draft's entries put
  /// at its field's place.
  /// - Throws: ``ListStoreError/invalidValue(field:reason:)`` for a name that is no field's.
  func orderedValues(of draft: DynamicDraft) throws(ListStoreError) -> [FieldValue] {
    // The draft's few entries walked once, each name found among the fields by comparing
    // strings (two words for a short name): cheaper than hashing every field's name.
    var values = [FieldValue](repeating: .null, count: fieldNames.count)
    var unknown = false
    for (name, value) in draft.values {
      if let index = fieldNames.firstIndex(of: name) { values[index] = value } else { unknown = true }
    }
    if unknown {
      for name in draft.values.keys.sorted() where !fieldNames.contains(name) {
        throw .invalidValue(field: name, reason: "is not a field of \(definition.name)")
      }
    }
    return values
  }
}
