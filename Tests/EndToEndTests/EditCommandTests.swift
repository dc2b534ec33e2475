import Testing

/// `lists edit KIND ID`: the named fields change and the others stay, for the built-in kinds
/// and a kind from the file; every refusal is one line, its exit code, and the file as it was.
@Suite struct EditCommandTests {
  private func sandboxWithEverything() async throws -> Sandbox {
    let sandbox = try Sandbox()
    await Fixtures.addEverything(to: sandbox)
    let books = await sandbox.run(["kinds", "add", "-"], stdin: Array(KindCommandLineTests.books.utf8))
    try #require(books.exitCode == 0, "\(books)")
    for book in [["--title", "Dune", "--author", "Frank Herbert"], ["--title", "Emma"]] {
      let added = await sandbox.run(["add", "books"] + book)
      try #require(added.exitCode == 0, "\(added)")
    }
    return sandbox
  }

  @Test func theBuiltInExamplesOfTheManual() async throws {
    let sandbox = try await sandboxWithEverything()
    let shipped = await sandbox.run("edit", "orders", "3", "--status", "shipped")
    #expect(shipped.exitCode == 0, "\(shipped)")
    #expect(shipped.stdout == "Updated order 'A-1003' (id 3).\n")
    #expect(shipped.stderr == "")
    #expect(await sandbox.sqlite("SELECT number, status, total_minor, currency FROM orders WHERE id = 3") == "A-1003|shipped|1999|USD\n")

    // Home (id 1) becomes the default; Work (id 2) was.
    let home = await sandbox.run("edit", "addresses", "1", "--default")
    #expect(home.stdout == "Updated address 'Home' (id 1).\n", "\(home)")
    #expect(await sandbox.sqlite("SELECT label FROM addresses WHERE is_default = 1") == "Home\n")

    let note = await sandbox.run("edit", "favorites", "1", "--note", "signed copy")
    #expect(note.exitCode == 0, "\(note)")
    #expect(await sandbox.sqlite("SELECT note FROM favorites WHERE id = 1") == "signed copy\n")
    // Counts do not change.
    #expect(await sandbox.sqlite("SELECT list, item_count FROM list_counts WHERE account = 'default' ORDER BY list")
      == "addresses|3\nbooks|2\nfavorites|3\norders|3\n")
  }

  @Test func aTotalAloneKeepsTheCurrencyAndIsCheckedAgainstItsDigits() async throws {
    let sandbox = try await sandboxWithEverything()
    // A-1002 is 1200 JPY.
    let total = await sandbox.run("edit", "orders", "2", "--total", "1500")
    #expect(total.exitCode == 0, "\(total)")
    #expect(await sandbox.sqlite("SELECT total_minor, currency FROM orders WHERE id = 2") == "1500|JPY\n")
    let before = FileSnapshot(sandbox.databasePath, in: sandbox)
    expectError(
      await sandbox.run("edit", "orders", "2", "--total", "15.50"), code: 65,
      line: "Error: Amount '15.50' has more decimals than JPY allows (0).")
    #expect(FileSnapshot(sandbox.databasePath, in: sandbox) == before)
    let both = await sandbox.run("edit", "orders", "2", "--total", "15.50", "--currency", "eur")
    #expect(both.exitCode == 0, "\(both)")
    #expect(await sandbox.sqlite("SELECT total_minor, currency FROM orders WHERE id = 2") == "1550|EUR\n")
  }

  @Test func jsonPrintsTheItemInTheShapeOfShow() async throws {
    let sandbox = try await sandboxWithEverything()
    let edited = await sandbox.run(
      "edit", "books", "1", "--status", "done", "--pages", "412", "--price", "12.50", "--price-currency", "EUR",
      "--signed", "--finished-at", "2026-11-30T13:40:00Z", "--json")
    #expect(edited.exitCode == 0, "\(edited)")
    let item = try edited.json()
    let shown = try await sandbox.run("show", "books", "--json").json()["items"]?.arrayValue?.first { $0["id"] == .number("1") }
    #expect(item == shown)
    #expect(item["status"] == .string("done"))
    #expect(item["price"] == .string("12.50"))
    #expect(item["signed"] == .bool(true))
    #expect(item["finished_at"] == .string("2026-11-30T13:40:00Z"))
    #expect(edited.stdout.filter { $0 == "\n" }.count == 1)

    let cleared = try await sandbox.run("edit", "books", "1", "--no-signed", "--unset", "pages", "--unset", "price", "--json").json()
    #expect(cleared["signed"] == .bool(false))
    #expect(cleared["pages"] == .null)
    #expect(cleared["price_minor"] == .null)
    #expect(cleared["status"] == .string("done"))
    #expect(cleared["added_at"] == item["added_at"])
  }

  struct Refusal: Sendable, CustomTestStringConvertible {
    var name: String
    var arguments: [String]
    var code: Int32
    var line: String
    var testDescription: String { name }
  }

  static let refusals: [Refusal] = [
    Refusal(name: "missing id", arguments: ["edit", "books", "9", "--status", "done"], code: 65, line: "Error: No book with id 9."),
    Refusal(
      name: "duplicate under reject", arguments: ["edit", "books", "2", "--title", "Dune", "--author", "Frank Herbert"],
      code: 65, line: "Error: A book with this title and author is already in books; change it or add another."),
    Refusal(
      name: "duplicate order number", arguments: ["edit", "orders", "2", "--number", "A-1001"], code: 65,
      line: "Error: An order numbered 'A-1001' already exists; give the new order another number."),
    Refusal(
      name: "duplicate under keep", arguments: ["edit", "favorites", "2", "--ref", "mug-blue"], code: 65,
      line: "Error: A favorite with ref 'mug-blue' already exists; give the new favorite another ref."),
    Refusal(
      name: "unset a required field", arguments: ["edit", "books", "1", "--unset", "title"], code: 65,
      line: "Error: The title is required, so it cannot be unset."),
    Refusal(
      name: "enum value", arguments: ["edit", "books", "1", "--status", "lost"], code: 65,
      line: "Error: Invalid value 'lost' for '--status'. Expected one of: want, reading, done."),
    Refusal(
      name: "integer limit", arguments: ["edit", "books", "1", "--pages", "0"], code: 65,
      line: "Error: Invalid value '0' for '--pages': must be at least 1."),
    Refusal(
      name: "max length", arguments: ["edit", "books", "1", "--title", String(repeating: "x", count: 301)], code: 65,
      line: "Error: The title must be at most 300 characters long."),
    Refusal(
      name: "empty required text", arguments: ["edit", "favorites", "1", "--title", ""], code: 65,
      line: "Error: Invalid value '' for '--title': must not be empty."),
    Refusal(
      name: "pattern", arguments: ["edit", "addresses", "1", "--country", "Germany"], code: 65,
      line: "Error: The country must be a two-letter ISO 3166 code such as DE, got 'Germany'."),
    Refusal(
      name: "time", arguments: ["edit", "books", "1", "--finished-at", "yesterday"], code: 65,
      line: "Error: 'yesterday' is not an ISO 8601 time; use a form such as 2026-11-30T13:40:00Z."),
    Refusal(
      name: "money without a currency to keep", arguments: ["edit", "books", "1", "--price", "3"], code: 65,
      line: "Error: The price needs both --price and --price-currency."),
    Refusal(
      name: "a currency alone", arguments: ["edit", "orders", "1", "--currency", "USD"], code: 65,
      line: "Error: The total needs both --total and --currency."),
  ]

  @Test(arguments: refusals)
  func aRefusedEditIsOneLineItsCodeAndTheFileAsItWas(refusal: Refusal) async throws {
    let sandbox = try await sandboxWithEverything()
    let before = FileSnapshot(sandbox.databasePath, in: sandbox)
    let result = await sandbox.run(refusal.arguments)
    expectError(result, code: refusal.code, line: refusal.line)
    expectNoCrash(result)
    #expect(FileSnapshot(sandbox.databasePath, in: sandbox) == before)
  }

  @Test func nothingToChangeAndMisuseAreUsageErrors() async throws {
    let sandbox = try await sandboxWithEverything()
    let before = FileSnapshot(sandbox.databasePath, in: sandbox)
    for arguments in [
      ["edit", "books", "1"], ["edit", "books", "1", "--signed", "--no-signed"],
      ["edit", "books", "1", "--unset", "isbn"], ["edit", "books", "0", "--signed"], ["edit", "bookz", "1", "--signed"],
    ] {
      let result = await sandbox.run(arguments)
      #expect(result.exitCode == 64, "\(arguments): \(result)")
      #expect(result.stdout == "")
      expectNoCrash(result)
    }
    #expect(await sandbox.run("edit", "books", "1").stderrLines.first == "Error: Nothing to change: name a field to change, e.g. --title <title>.")
    #expect(FileSnapshot(sandbox.databasePath, in: sandbox) == before)
  }

  @Test func helpCompletionAndTheManPageAreMadeFromTheSameSpecs() async throws {
    let sandbox = try await sandboxWithEverything()
    let help = await sandbox.run("edit", "books", "--help")
    #expect(help.exitCode == 0)
    #expect(help.stdout.contains("USAGE: lists edit books <id> [--title <title>]"), "\(help)")
    #expect(help.stdout.contains("--no-signed"))
    #expect(help.stdout.contains("--unset <field>"))
    let man = await sandbox.run("man")
    #expect(man.stdout.contains(#"lists edit orders <id> [\-\-number <number>]"#), "\(man.stdout.prefix(200))")
    let completion = await sandbox.run("__complete", "--", "edit", "books", "1", "--no")
    #expect(completion.stdout.contains("--no-signed"), "\(completion)")
    let kinds = await sandbox.run("__complete", "--", "edit", "")
    #expect(kinds.stdout.contains("books"), "\(kinds)")
  }
}

/// `lists import KIND FILE --update-by FIELD[,FIELD]`: matched lines change their items, the
/// others are added, all or nothing; without the flag, import is as before.
@Suite struct ImportUpdateByTests {
  private func sandboxWithBooks() async throws -> Sandbox {
    let sandbox = try Sandbox()
    let books = await sandbox.run(["kinds", "add", "-"], stdin: Array(KindCommandLineTests.books.utf8))
    try #require(books.exitCode == 0, "\(books)")
    for book in [["--title", "Dune", "--author", "Frank Herbert", "--pages", "412"], ["--title", "Emma", "--status", "reading"]] {
      let added = await sandbox.run(["add", "books"] + book)
      try #require(added.exitCode == 0, "\(added)")
    }
    return sandbox
  }

  @Test func matchedLinesChangeWhatTheyHoldAndTheOthersAreAdded() async throws {
    let sandbox = try await sandboxWithBooks()
    let lines = """
      {"title":"Dune","author":"Frank Herbert","status":"done"}
      {"title":"Emma","author":null,"pages":474}
      {"title":"Ulysses"}

      """
    let result = await sandbox.run(["import", "books", "-", "--update-by", "author,title"], stdin: Array(lines.utf8))
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout == "Imported 3 books: 1 added, 2 updated.\n")
    #expect(
      await sandbox.sqlite("SELECT id, title, ifnull(author, '-'), ifnull(pages, '-'), status FROM books ORDER BY id")
        == "1|Dune|Frank Herbert|412|done\n2|Emma|-|474|reading\n3|Ulysses|-|-|want\n")
    let byID = await sandbox.run(
      ["import", "books", "-", "--update-by", "id"], stdin: Array(#"{"id":2,"pages":null,"signed":true}"#.utf8))
    #expect(byID.stdout == "Imported 1 book: 0 added, 1 updated.\n", "\(byID)")
    #expect(await sandbox.sqlite("SELECT ifnull(pages, '-'), signed FROM books WHERE id = 2") == "-|1\n")
    #expect(await sandbox.sqlite("SELECT item_count FROM list_counts WHERE list = 'books'") == "3\n")
  }

  @Test func aFailingLineLeavesEverythingAsItWas() async throws {
    let sandbox = try await sandboxWithBooks()
    let before = FileSnapshot(sandbox.databasePath, in: sandbox)
    let lines = """
      {"title":"Dune","author":"Frank Herbert","status":"done"}
      {"title":"Persuasion"}
      {"title":"Emma","pages":0}

      """
    let result = await sandbox.run(["import", "books", "-", "--update-by", "title,author"], stdin: Array(lines.utf8))
    expectError(result, code: 65, line: "Error: Line 3: The pages must be at least 1. Nothing was imported.")
    #expect(FileSnapshot(sandbox.databasePath, in: sandbox) == before)
  }

  @Test func onlyTheUniqueFieldsOrIdMatch() async throws {
    let sandbox = try await sandboxWithBooks()
    let before = FileSnapshot(sandbox.databasePath, in: sandbox)
    let result = await sandbox.run(["import", "books", "-", "--update-by", "title"], stdin: Array(#"{"title":"Dune"}"#.utf8))
    #expect(result.exitCode == 64, "\(result)")
    #expect(result.stderrLines.first == "Error: --update-by 'title' is not a way to match books: use title,author or id.")
    #expect(FileSnapshot(sandbox.databasePath, in: sandbox) == before)
  }
}

/// `watch` shows an edit, by `lists edit` or another program's plain SQL `UPDATE`, in place.
@Suite struct WatchEditTests {
  @Test func watchShowsEditsOfOtherProcessesInPlace() async throws {
    let sandbox = try Sandbox()
    for order in Fixtures.orders { #expect(await sandbox.run(order).exitCode == 0) }
    let watch = try sandbox.start(["watch", "orders", "--json"])
    let first = try await WatchCommandTests.lines(1, of: watch, within: .seconds(10))
    let numbers = first.last?["items"]?.arrayValue?.map { $0["number"] }
    #expect(numbers == [.string("A-1001"), .string("A-1002"), .string("A-1003")])

    #expect(await sandbox.run("edit", "orders", "3", "--status", "delivered").exitCode == 0)
    let edited = try await WatchCommandTests.lines(2, of: watch, within: WatchCommandTests.changeDeadline)
    #expect(edited.last?["items"]?.arrayValue?.map { $0["number"] } == numbers)
    #expect(edited.last?["items"]?.arrayValue?.last?["status"] == .string("delivered"))
    #expect(edited.last?["total_count"] == .number("3"))

    _ = await sandbox.sqlite("UPDATE orders SET status = 'refunded' WHERE number = 'A-1001'")
    let plain = try await WatchCommandTests.lines(3, of: watch, within: WatchCommandTests.changeDeadline)
    #expect(plain.last?["items"]?.arrayValue?.first?["status"] == .string("refunded"))
    #expect(plain.last?["items"]?.arrayValue?.map { $0["number"] } == numbers)
    await WatchCommandTests.interrupt(watch)
    #expect(watch.stdoutLines.count == 3, "\(watch.stdoutText)")
  }
}
