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
    let found: [Int32] = [
      statement.column(named: "c0"), statement.column(named: "c1"), statement.column(named: "c2"),
      statement.column(named: "c3"), statement.column(named: "c4"), statement.column(named: "c5"),
      statement.column(named: "c6"), statement.column(named: "c7"), statement.column(named: "c8"),
      statement.column(named: "c9"), statement.column(named: "c10"), statement.column(named: "c11"),
      statement.column(named: "c12"), statement.column(named: "c13"), statement.column(named: "c14"),
      statement.column(named: "c15"), statement.column(named: "c16"), statement.column(named: "c17"),
      statement.column(named: "c18"), statement.column(named: "c19"), statement.column(named: "c20"),
      statement.column(named: "c21"), statement.column(named: "c22"), statement.column(named: "c23"),
      statement.column(named: "c24"), statement.column(named: "c25"), statement.column(named: "c26"),
      statement.column(named: "c27"), statement.column(named: "c28"), statement.column(named: "c29"),
      statement.column(named: "c30"), statement.column(named: "c31"), statement.column(named: "c32"),
      statement.column(named: "c33"), statement.column(named: "c34"), statement.column(named: "c35"),
      statement.column(named: "c36"), statement.column(named: "c37"), statement.column(named: "c38"),
      statement.column(named: "c39"),
    ]
    #expect(found == (0..<40).map(Int32.init))
    #expect(statement.column(named: "c39") == 39 && statement.column(named: "c0") == 0)
    statement.reset()
  }
}
