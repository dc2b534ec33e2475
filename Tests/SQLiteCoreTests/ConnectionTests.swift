import SQLiteCore
import Testing

/// What ``Connection/execute(_:)`` runs: exactly one statement, so a name or text that slipped
/// into the SQL cannot add one of its own; scripts only through ``Connection/executeScript(_:)``.
@Suite struct ConnectionTests {
  static func names(_ connection: Connection) throws -> [String] {
    try connection.textColumn("SELECT name FROM sqlite_schema ORDER BY name")
  }

  @Test(arguments: [
    "CREATE TABLE a (x); CREATE TABLE injected (x)",
    "CREATE TABLE a (x);CREATE TABLE injected (x);",
    "CREATE TABLE a (x); -- a comment\nCREATE TABLE injected (x)",
    "CREATE TABLE a (x); garbage",
  ])
  func executeRefusesASecondStatementAndRunsNothing(sql: String) throws {
    let connection = try Connection(path: ":memory:")
    #expect(throws: SQLiteError.self) { try connection.execute(sql) }
    #expect(try Self.names(connection) == [])
  }

  @Test(arguments: ["CREATE TABLE a (x)", "CREATE TABLE a (x);", "CREATE TABLE a (x); -- done\n  ", "  CREATE TABLE a (x) /* done */ ;  "])
  func executeRunsOneStatementWithTrailingSpaceAndComments(sql: String) throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute(sql)
    #expect(try Self.names(connection) == ["a"])
  }

  @Test func executeStepsAStatementThatReturnsRowsToItsEnd() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE a (x)")
    try connection.execute("INSERT INTO a (x) VALUES (1), (2)")
    try connection.execute("SELECT x FROM a")
    try connection.execute("DELETE FROM a RETURNING x")
    #expect(try connection.scalarInt("SELECT count(*) FROM a") == 0)
  }

  @Test func executeScriptRunsEveryStatement() throws {
    let connection = try Connection(path: ":memory:")
    try connection.executeScript("CREATE TABLE a (x); CREATE TABLE b (x);")
    #expect(try Self.names(connection) == ["a", "b"])
  }

  @Test(arguments: [
    ("books", #""books""#), (#"a"b"#, #""a""b""#), ("books; DROP TABLE x; --", #""books; DROP TABLE x; --""#),
    (#"""#, #""""""#), ("", #""""#),
  ])
  func anIdentifierIsOneQuotedName(name: String, quoted: String) throws {
    #expect(SQLText.identifier(name) == quoted)
    // SQLite reads it back as exactly that name, whatever it holds.
    let connection = try Connection(path: ":memory:")
    guard !name.isEmpty else { return }
    try connection.execute("CREATE TABLE \(SQLText.identifier(name)) (\(SQLText.identifier(name)) TEXT)")
    #expect(try Self.names(connection) == [name])
    #expect(try connection.textColumn("SELECT name FROM pragma_table_info(\(SQLText.literal(name)))") == [name])
  }

  @Test func aLiteralDoublesItsQuotes() throws {
    #expect(SQLText.literal("it's") == "'it''s'")
    let connection = try Connection(path: ":memory:")
    #expect(try connection.textColumn("SELECT \(SQLText.literal("'; DROP TABLE x; --"))") == ["'; DROP TABLE x; --"])
  }
}
