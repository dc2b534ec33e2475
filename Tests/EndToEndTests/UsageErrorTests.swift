import Testing

/// Every kind of command line `lists` refuses: exit 64, the error line (with "Did you mean"
/// for a near miss), the usage line, the help hint, nothing on stdout, the database as it was.
@Suite struct UsageErrorTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var words: [String]
    var line: String
    /// The command whose usage and help are shown: `lists show`.
    var command: String
    var testDescription: String { "lists " + words.joined(separator: " ") }
  }

  static let cases: [Case] = [
    Case(
      words: ["sho", "orders"], line: "Error: Unknown command 'sho'. Did you mean 'show'?",
      command: "lists"),
    Case(words: ["frobnicate"], line: "Error: Unknown command 'frobnicate'.", command: "lists"),
    Case(
      words: ["show", "orderz"], line: "Error: Unknown list 'orderz'. Did you mean 'orders'?",
      command: "lists show"),
    Case(
      words: ["add", "favourites", "--ref", "a", "--title", "b"],
      line: "Error: Unknown list 'favourites'. Did you mean 'favorites'?", command: "lists add"),
    Case(
      words: ["export", "adresses"],
      line: "Error: Unknown list 'adresses'. Did you mean 'addresses'?",
      command: "lists export"),
    Case(
      words: ["show", "orders", "--limt", "3"],
      line: "Error: Unknown option '--limt'. Did you mean '--limit'?", command: "lists show"),
    Case(
      words: ["--acount", "x", "show", "orders"],
      line: "Error: Unknown option '--acount'. Did you mean '--account'?", command: "lists"),
    Case(
      words: ["add", "orders", "--number", "A-9", "--totl", "1", "--currency", "EUR"],
      line: "Error: Unknown option '--totl'. Did you mean '--total'?", command: "lists add orders"),
    Case(
      words: ["show"],
      line: "Error: Missing argument '<list>'. Expected one of: favorites, addresses, orders.",
      command: "lists show"),
    Case(
      words: ["add"],
      line: "Error: Missing argument '<list>'. Expected one of: favorites, addresses, orders.",
      command: "lists add"),
    Case(
      words: ["remove", "orders"], line: "Error: Missing argument '<id>'.", command: "lists remove"),
    Case(
      words: ["import", "orders"], line: "Error: Missing argument '<file>'.",
      command: "lists import"),
    Case(
      words: ["add", "orders", "--number", "A-9", "--total", "1"],
      line: "Error: Missing required option '--currency <code>'.", command: "lists add orders"),
    Case(
      words: ["add", "favorites", "--title", "b"],
      line: "Error: Missing required option '--ref <ref>'.", command: "lists add favorites"),
    Case(
      words: ["show", "orders", "--limit"], line: "Error: Missing value for '--limit <n>'.",
      command: "lists show"),
    Case(
      words: ["show", "orders", "--limit", "0"],
      line: "Error: Invalid value '0' for '--limit': must be between 1 and 500.",
      command: "lists show"),
    Case(
      words: ["show", "orders", "--limit", "501"],
      line: "Error: Invalid value '501' for '--limit': must be between 1 and 500.",
      command: "lists show"),
    Case(
      words: ["show", "orders", "--limit", "ten"],
      line: "Error: Invalid value 'ten' for '--limit': not an integer.", command: "lists show"),
    Case(
      words: ["export", "orders", "--format", "xml"],
      line: "Error: Invalid value 'xml' for '--format'. Expected one of: ndjson, csv.",
      command: "lists export"),
    Case(
      words: ["seed", "--count", "0"],
      line: "Error: Invalid value '0' for '--count': must be between 1 and 10000000.",
      command: "lists seed"),
    Case(
      words: ["--busy-timeout", "-1", "show", "orders"],
      line: "Error: Invalid value '-1' for '--busy-timeout': must be at least 0.",
      command: "lists"),
    Case(
      words: ["remove", "orders", "one"],
      line: "Error: Invalid value 'one' for '<id>': not an integer.", command: "lists remove"),
    Case(
      words: ["show", "orders", "favorites"], line: "Error: Unexpected argument 'favorites'.",
      command: "lists show"),
    Case(
      words: ["show", "orders", "--all=yes"], line: "Error: Flag '--all' does not take a value.",
      command: "lists show"),
    Case(
      words: ["show", "orders", "--limit", "2", "--limit", "3"],
      line: "Error: Option '--limit' was given more than once.", command: "lists show"),
    Case(
      words: ["help", "shw"], line: "Error: Unknown command 'shw'. Did you mean 'show'?",
      command: "lists help"),
    Case(
      words: ["help", "exit-codes", "extra"], line: "Error: Unexpected argument 'extra'.",
      command: "lists help"),
    Case(
      words: ["--busy-timeout", "4294967296", "show", "orders"],
      line: "Error: Invalid value '4294967296' for '--busy-timeout': must be at most 2147483647.",
      command: "lists"),
    Case(
      words: ["remove", "orders", "99999999999999999999"],
      line: "Error: Invalid value '99999999999999999999' for '<id>': must be at most 9223372036854775807.",
      command: "lists remove"),
    Case(
      words: ["clear", "orders"],
      line: "Error: Refusing to clear orders without --yes (not asking: this is not a terminal).",
      command: "lists clear"),
  ]

  @Test(arguments: cases)
  func isExit64WithErrorUsageAndHintAndWritesNothing(testCase: Case) async throws {
    let sandbox = try Sandbox()
    await Fixtures.addEverything(to: sandbox)
    let before = FileSnapshot(sandbox.databasePath, in: sandbox)
    let result = await sandbox.run(testCase.words)
    expectUsageError(result, line: testCase.line, command: testCase.command)
    expectNoCrash(result)
    #expect(FileSnapshot(sandbox.databasePath, in: sandbox) == before)
  }

  @Test func wordsInErrorsAreEscaped() async throws {
    let sandbox = try Sandbox()
    let result = await sandbox.run("show", "orders\u{1B}]0;pwned\u{07}")
    #expect(result.exitCode == 64)
    #expect(!result.stderrBytes.contains(0x1B))
    #expect(!result.stderrBytes.contains(0x07))
    #expect(
      result.stderrLines.first == #"Error: Unknown list 'orders\u{1B}]0;pwned\u{07}'."#
        + " Expected one of: favorites, addresses, orders.")
  }

  // MARK: Cursors

  static let cursorMessage =
    "Error: The cursor was not made by the orders list; use the next_cursor of a page of this list."

  /// A real cursor of the orders list: the next page after the first two orders.
  static func ordersCursor(_ sandbox: Sandbox) async throws -> String {
    await Fixtures.addOrders(to: sandbox)
    let page = try await sandbox.run("show", "orders", "--limit", "2", "--json").json()
    return try #require(page["page"]?["next_cursor"]?.stringValue)
  }

  @Test(arguments: ["garbage", "", "AAAA", "!!!!", "eyJpZCI6MX0"])
  func aGarbageCursorIsAUsageError(cursor: String) async throws {
    let sandbox = try Sandbox()
    _ = try await Self.ordersCursor(sandbox)
    let result = await sandbox.run("show", "orders", "--after", cursor)
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderrLines.first?.hasPrefix("Error: ") == true, "\(result)")
    #expect(result.stderrLines.last == "See 'lists show --help'.")
    expectNoCrash(result)
  }

  @Test func aCursorOfAnotherListIsAUsageError() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addFavorites(to: sandbox)
    let page = try await sandbox.run("show", "favorites", "--limit", "1", "--json").json()
    let cursor = try #require(page["page"]?["next_cursor"]?.stringValue)
    let result = await sandbox.run("show", "orders", "--after", cursor)
    expectUsageError(result, line: Self.cursorMessage, command: "lists show")
  }

  @Test func aCursorOfAnotherAccountIsAUsageError() async throws {
    let sandbox = try Sandbox()
    let cursor = try await Self.ordersCursor(sandbox)
    let result = await sandbox.run("--account", "other", "show", "orders", "--after", cursor)
    expectUsageError(result, line: Self.cursorMessage, command: "lists show")
  }

  @Test func aHandEditedCursorIsAUsageError() async throws {
    let sandbox = try Sandbox()
    let cursor = try await Self.ordersCursor(sandbox)
    #expect(await sandbox.run("show", "orders", "--after", cursor).exitCode == 0)
    // Change each character in turn: no single edit may pass as a cursor.
    var characters = Array(cursor)
    for index in characters.indices {
      let original = characters[index]
      characters[index] = original == "A" ? "B" : "A"
      let edited = String(characters)
      characters[index] = original
      let result = await sandbox.run("show", "orders", "--after", edited, "--json")
      #expect(result.exitCode == 64, "\(edited): \(result)")
      #expect(result.stdout == "")
    }
  }
}
