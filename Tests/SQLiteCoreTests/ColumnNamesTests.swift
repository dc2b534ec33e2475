import SQLiteCore
import Testing

/// A statement's columns by name: each name is its `AS` name or its column's, found whatever the
/// order of the lookups, row after row, and -1 for a name the statement does not have.
@Suite struct ColumnNamesTests {
  static func statement(_ connection: Connection) throws -> Statement {
    try connection.execute("CREATE TABLE t (a INTEGER, price_minor INTEGER, currency TEXT, z TEXT)")
    try connection.execute("INSERT INTO t VALUES (1, 250, 'EUR', 'x'), (2, 990, 'USD', 'y')")
    return try connection.prepare("SELECT a, price_minor AS price, currency, z FROM t ORDER BY a")
  }

  @Test func aNameIsItsAliasOrItsColumns() throws {
    let connection = try Connection(path: ":memory:")
    let statement = try Self.statement(connection)
    #expect(statement.column(named: "a") == 0)
    #expect(statement.column(named: "price") == 1)
    #expect(statement.column(named: "price_minor") == -1)
    #expect(statement.column(named: "currency") == 2)
    #expect(statement.column(named: "z") == 3)
    #expect(statement.column(named: "missing") == -1)
  }

  @Test func everyRowFindsTheSameColumnsInAnyOrderOfLookups() throws {
    let connection = try Connection(path: ":memory:")
    let statement = try Self.statement(connection)
    var seen: [String] = []
    while try statement.step() {
      let row = statement.namedRow
      // In order, out of order, the same name twice, then in order again.
      let order: [Int32] = [
        row.column(named: "a"), row.column(named: "price"), row.column(named: "currency"), row.column(named: "z"),
        row.column(named: "z"), row.column(named: "a"), row.column(named: "currency"), row.column(named: "currency"),
        row.column(named: "price"), row.column(named: "a"),
      ]
      #expect(order == [0, 1, 2, 3, 3, 0, 2, 2, 1, 0])
      seen.append("\(row.int64(at: row.column(named: "a"))) \(row.text(at: row.column(named: "currency")))")
    }
    #expect(seen == ["1 EUR", "2 USD"])
  }

  @Test func moreNamesThanARowRemembersAreStillFound() throws {
    let connection = try Connection(path: ":memory:")
    let columns = (0..<40).map { "c\($0)" }
    let statement = try connection.prepare("SELECT " + columns.enumerated().map { "\($0.offset) AS \($0.element)" }.joined(separator: ", "))
    #expect(try statement.step())
    // Forty literals, each its own address: the first 32 are remembered, the rest looked up.
    let names: [StaticString] = [
      "c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10", "c11", "c12", "c13", "c14", "c15", "c16",
      "c17", "c18", "c19", "c20", "c21", "c22", "c23", "c24", "c25", "c26", "c27", "c28", "c29", "c30", "c31", "c32",
      "c33", "c34", "c35", "c36", "c37", "c38", "c39",
    ]
    let found = names.map { statement.column(named: $0) }
    #expect(found == (0..<40).map(Int32.init))
    #expect(names.map { statement.column(named: $0) } == found)
    statement.reset()
  }
}
