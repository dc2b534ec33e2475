import SQLiteCore
import Synchronization

extension KindStatements {
  /// The statements of a query's pages: the first page, the levels after a cursor (as
  /// ``levelSQL``), and the values they bind after the cursor's, from `?(3 + terms)`.
  @usableFromInline
  struct QuerySQL: Sendable {
    @usableFromInline var firstPageSQL: String
    @usableFromInline var levelSQL: [(sql: String, values: Int)]
    @usableFromInline var directionSQL: DirectionLevels
    @usableFromInline var values: [BoundValue]
  }

  /// A value a query binds.
  @usableFromInline
  enum BoundValue: Sendable, Hashable {
    case text(String)
    case integer(Int64)
  }

  /// The statements of the pages of `query`; nil when it keeps every item (the list's own).
  ///
  /// Each filter is one condition on its column (two for money: the currency, then the minor
  /// units); a search is `+id IN (SELECT rowid FROM <kind>_search WHERE ... MATCH ?)`. The unary
  /// `+` keeps SQLite from reading the matches by rowid and sorting them: it walks the kind's
  /// page index (or the index of an enum or bool filter, ``KindDefinition/filterIndexSQL``) in
  /// the list's order and keeps the rows in the set of matches, so a page needs no sort and
  /// costs the same however deep it is.
  /// - Throws: ``ListStoreError/unknownField(kind:field:known:)``,
  ///   ``ListStoreError/invalidFilter(_:reason:)`` for a value of the wrong type,
  ///   ``ListStoreError/search(_:)``.
  func sql(for query: KindQuery) throws(ListStoreError) -> QuerySQL? {
    let search = try query.searchQuery()
    guard search != nil || !query.filters.isEmpty else { return nil }
    // The statements depend only on which fields are compared how: made once per shape, the
    // values bound each time.
    var shape = search == nil ? "" : "search"
    for filter in query.filters { shape += "|" + filter.field + filter.op.rawValue }
    let cached = queryShapes.statements.withLock { $0[shape] }
    let order = definition.effectiveOrder
    var conditions: [String] = []
    var values: [BoundValue] = []
    func parameter() -> String { "?\(3 + order.count + values.count)" }
    for filter in query.filters {
      guard let field = definition.field(named: filter.field) else {
        throw .unknownField(kind: definition.name, field: filter.field, known: definition.fields.map(\.name))
      }
      let op = filter.op.rawValue
      let rules = field.type.rules
      let first = values.count
      guard
        let compared = rules.filterConditions(field, filter.value, op: op, parameter: { "?\(3 + order.count + first + $0)" })
      else {
        throw .invalidFilter(filter.description, reason: "does not hold a value of \(field.name)'s type, \(field.type.name)")
      }
      for (sql, value) in compared {
        conditions.append(sql)
        values.append(value)
      }
      if filter.op != .equal && !rules.isOrdered {
        throw .invalidFilter(filter.description, reason: "can only match \(field.name) with =")
      }
    }
    if let search {
      guard !definition.search.isEmpty else { throw .search(.notSearchable(kind: definition.name)) }
      let index = SQLText.identifier(definition.searchTableName)
      conditions.append("+id IN (SELECT rowid FROM \(index) WHERE \(index) MATCH \(parameter()))")
      values.append(.text(search.matchExpression))
    }
    if let cached {
      return QuerySQL(
        firstPageSQL: cached.firstPageSQL, levelSQL: cached.levelSQL, directionSQL: cached.directionSQL,
        values: values)
    }
    let columns = selectList
    let orderBy = Self.orderBy(order)
    let table = definition.sqlName
    let made = QuerySQL(
      firstPageSQL: "SELECT \(columns) FROM \(table) WHERE account = ?1 AND "
        + conditions.joined(separator: " AND ") + " ORDER BY \(orderBy) LIMIT ?2",
      levelSQL: Self.levels(of: order, columns: columns, table: table, conditions: conditions),
      directionSQL: DirectionLevels(order: order, columns: columns, table: table, conditions: conditions),
      values: [])
    queryShapes.statements.withLock { $0[shape] = made }
    return QuerySQL(
      firstPageSQL: made.firstPageSQL, levelSQL: made.levelSQL, directionSQL: made.directionSQL, values: values)
  }

  /// The statements of the query shapes a repository has run, shared by its copies.
  final class QueryShapes: Sendable {
    let statements = Mutex<[String: QuerySQL]>([:])
  }

  /// Binds a query's `values` to `statement`, after the cursor's parameters.
  @usableFromInline
  func bind(_ values: [BoundValue], to statement: Statement) throws(SQLiteError) {
    let first = Int32(3 + definition.effectiveOrder.count)
    for (offset, value) in values.enumerated() {
      switch value {
      case .text(let text): try statement.bind(text, at: first + Int32(offset))
      case .integer(let number): try statement.bind(number, at: first + Int32(offset))
      }
    }
  }
}
