extension KindStatements {
  /// The level statements (see ``KindStatements/levelSQL``) of the pages that do not simply
  /// follow a cursor: the page around an item and the page before a place.
  ///
  /// The pages before a place read the order backwards: each term's direction is flipped, so
  /// a level seeks the same index range in reverse and the nearest rows come first. They bind
  /// what the forward levels bind: `?1` account, `?2` limit, the cursor's values from `?3`.
  @usableFromInline
  struct DirectionLevels: Sendable {
    /// At or after the cursor's item, in the kind's order: the page around an item.
    @usableFromInline var atOrAfter: [(sql: String, values: Int)]
    /// At or before the cursor's item, nearest first: the page before the place after it.
    @usableFromInline var atOrBefore: [(sql: String, values: Int)]
    /// Before the cursor's item, nearest first: where the page before a page around an item
    /// ends.
    @usableFromInline var before: [(sql: String, values: Int)]

    /// The levels of `order` over `columns` of `table`, with `conditions` after the account's.
    init(order: [OrderTerm], columns: String, table: String, conditions: [String]) {
      let reversed = order.map { OrderTerm($0.field, descending: !$0.descending) }
      atOrAfter = KindStatements.levels(
        of: order, columns: columns, table: table, conditions: conditions, inclusive: true)
      atOrBefore = KindStatements.levels(
        of: reversed, columns: columns, table: table, conditions: conditions, inclusive: true)
      before = KindStatements.levels(of: reversed, columns: columns, table: table, conditions: conditions)
    }
  }
}
