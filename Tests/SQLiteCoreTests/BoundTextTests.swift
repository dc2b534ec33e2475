import SQLiteCore
import Testing

/// Text bound to a statement is read by SQLite from the statement's own buffers: it must read
/// exactly the text bound last, whatever was bound before, across resets, and a refused binding
/// must leave the one in force untouched.
@Suite struct BoundTextTests {
  static func value(_ statement: Statement) throws -> String? {
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    return statement.optionalText(at: 0)
  }

  @Test func eachBindingReadsTheTextBoundLastWhateverItsLength() throws {
    let connection = try Connection(path: ":memory:")
    let statement = try connection.prepare("SELECT ?1")
    // Shorter after longer, past a buffer's growth steps, past the longest kept, and back.
    let texts = ["a much longer text than the next", "b", "", String(repeating: "x", count: 200),
      "é ünïcode ✓", String(repeating: "y", count: 5000), "short again", String(repeating: "z", count: 2047)]
    for text in texts {
      try statement.bind(text, at: 1)
      #expect(try Self.value(statement) == text)
    }
  }

  @Test func aBindingSurvivesResetsAndTheStringGoingAway() throws {
    let connection = try Connection(path: ":memory:")
    let statement = try connection.prepare("SELECT ?1 || ?2")
    do {
      let first = String(repeating: "ab", count: 20)
      try statement.bind(first, at: 1)
      try statement.bind("-end", at: 2)
    }
    for _ in 0..<3 {
      #expect(try Self.value(statement) == String(repeating: "ab", count: 20) + "-end")
    }
    try statement.bind("new", at: 2)
    #expect(try Self.value(statement) == String(repeating: "ab", count: 20) + "new")
  }

  @Test func textWithNULKeepsItsFullLength() throws {
    let connection = try Connection(path: ":memory:")
    let statement = try connection.prepare("SELECT length(CAST(?1 AS BLOB))")
    try statement.bind("a\u{0}b", at: 1)
    #expect(try statement.step())
    #expect(statement.int64(at: 0) == 3)
  }

  @Test func aBindingRefusedWhileTheStatementRunsLeavesTheRowAndTheBindingAsTheyWere() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t (x)")
    try connection.execute("INSERT INTO t (x) VALUES (1), (2)")
    let statement = try connection.prepare("SELECT ?1 FROM t")
    try statement.bind("kept", at: 1)
    #expect(try statement.step())
    // A running statement refuses a new binding; the row being read still holds the old text.
    #expect(throws: SQLiteError.self) { try statement.bind("other text, longer than kept", at: 1) }
    #expect(statement.text(at: 0) == "kept")
    #expect(try statement.step())
    #expect(statement.text(at: 0) == "kept")
    statement.reset()
    #expect(try Self.value(statement) == "kept")
  }

  @Test func aParameterTheStatementDoesNotHaveIsRefused() throws {
    let connection = try Connection(path: ":memory:")
    let statement = try connection.prepare("SELECT ?1")
    #expect(throws: SQLiteError.self) { try statement.bind("x", at: 2) }
    #expect(throws: SQLiteError.self) { try statement.bind("x", at: 0) }
    let none = try connection.prepare("SELECT 1")
    #expect(throws: SQLiteError.self) { try none.bind("x", at: 1) }
  }

  @Test func textAfterAnotherTypeAndNullIsReadAsText() throws {
    let connection = try Connection(path: ":memory:")
    let statement = try connection.prepare("SELECT typeof(?1), ?1")
    try statement.bind("t", at: 1)
    try statement.bind(Int64(7), at: 1)
    try statement.bindNull(at: 1)
    try statement.bind("after", at: 1)
    #expect(try statement.step())
    #expect(statement.text(at: 0) == "text")
    #expect(statement.text(at: 1) == "after")
  }

  /// Binding the text a parameter holds already is skipped; anything bound in between makes
  /// the next binding of that text bind it again.
  @Test func theSameTextBoundAgainAfterAnotherValueIsReadAgain() throws {
    let connection = try Connection(path: ":memory:")
    let statement = try connection.prepare("SELECT typeof(?1) || ':' || ?1")
    func read() throws -> String? {
      defer { statement.reset() }
      guard try statement.step() else { return nil }
      return statement.optionalText(at: 0)
    }
    let long = String(repeating: "l", count: 3000)
    let steps: [(bind: () throws -> Void, reads: String?)] = [
      ({ try statement.bind("same", at: 1) }, "text:same"),
      ({ try statement.bind("same", at: 1) }, "text:same"),
      ({ try statement.bind(Int64(7), at: 1) }, "integer:7"),
      ({ try statement.bind("same", at: 1) }, "text:same"),
      ({ try statement.bindNull(at: 1) }, nil),
      ({ try statement.bind("same", at: 1) }, "text:same"),
      ({ statement.clearBindings() }, nil),
      ({ try statement.bind("same", at: 1) }, "text:same"),
      ({ try statement.bind("samf", at: 1) }, "text:samf"),
      ({ try statement.bind("same", at: 1) }, "text:same"),
      ({ try statement.bind(long, at: 1) }, "text:" + long),
      ({ try statement.bind("same", at: 1) }, "text:same"),
      ({ try statement.bind("", at: 1) }, "text:"),
      ({ try statement.bind("", at: 1) }, "text:"),
    ]
    for (index, step) in steps.enumerated() {
      try step.bind()
      #expect(try read() == step.reads, "step \(index)")
    }
  }
}
