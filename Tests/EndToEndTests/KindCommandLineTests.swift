import Testing

/// Every command on a kind this build was not compiled with: `add` with flags and help made
/// from the definition, `show` (table, placeholder, JSON), `export`/`import`, `remove`,
/// `clear`, the overview and did-you-mean over the file's kinds.
@Suite struct KindCommandLineTests {
  static let books = #"""
    {"name": "books", "item": "book",
     "fields": [
       {"name": "title",  "type": "text", "required": true, "max_length": 300},
       {"name": "author", "type": "text"},
       {"name": "pages",  "type": "integer", "min": 1},
       {"name": "price",  "type": "money"},
       {"name": "status", "type": "enum", "values": ["want", "reading", "done"], "default": "want"},
       {"name": "finished_at", "type": "timestamp"},
       {"name": "signed", "type": "bool", "default": false}],
     "unique": {"fields": ["title", "author"], "on_duplicate": "reject"},
     "show": ["title", "author", "price", "status"],
     "placeholders": {"empty": {"title": "No books yet",
                                "detail": "Books you add will show up here.",
                                "action": "lists add books --title TITLE"}}}
    """#

  private func sandboxWithBooks() async throws -> Sandbox {
    let sandbox = try Sandbox()
    let added = await sandbox.run(["kinds", "add", "-"], stdin: Array(Self.books.utf8))
    try #require(added.exitCode == 0, "\(added)")
    return sandbox
  }

  @Test func addShowAndJSONOfAKindFromTheFile() async throws {
    let sandbox = try await sandboxWithBooks()
    let empty = await sandbox.run("show", "books")
    #expect(empty.exitCode == 0)
    #expect(empty.stdout.contains("No books yet"))
    #expect(empty.stdout.contains("→ lists add books --title TITLE"))

    let added = await sandbox.run(
      "add", "books", "--title", "Dune", "--author", "Frank Herbert", "--pages", "412", "--price", "12.50",
      "--price-currency", "eur", "--status", "reading", "--signed")
    #expect(added.exitCode == 0, "\(added)")
    #expect(added.stdout == "Added book 'Dune' (id 1).\n")

    let table = await sandbox.run("show", "books")
    #expect(table.stdoutLines.first == "TITLE  AUTHOR          PRICE  STATUS")
    #expect(table.stdoutLines.dropFirst().first == "Dune   Frank Herbert  €12.50  reading")
    #expect(table.stdoutLines.last == "Showing 1 of 1 book")

    let json = try await sandbox.run("show", "books", "--json").json()
    #expect(json["list"] == .string("books"))
    #expect(json["state"] == .string("content"))
    let item = try #require(json["items"]?.arrayValue?.first)
    #expect(item["title"] == .string("Dune"))
    #expect(item["pages"] == .number("412"))
    #expect(item["price"] == .string("12.50"))
    #expect(item["price_minor"] == .number("1250"))
    #expect(item["price_currency"] == .string("EUR"))
    #expect(item["signed"] == .bool(true))
    #expect(item["finished_at"] == .null)
    #expect(json["total_count"] == .number("1"))

    let overview = await sandbox.run()
    #expect(overview.stdoutLines.last == "books      1")
  }

  @Test func badValuesAndNamesAreRefusedWithTheDocumentedCodes() async throws {
    let sandbox = try await sandboxWithBooks()
    #expect(await sandbox.run("add", "books", "--title", "Dune").exitCode == 0)
    let duplicate = await sandbox.run("add", "books", "--title", "Dune")
    #expect(duplicate.exitCode == 65)
    #expect(duplicate.stderrLines == ["Error: A book with this title and author is already in books; change it or add another."])
    let pages = await sandbox.run("add", "books", "--title", "X", "--pages", "0")
    #expect(pages.exitCode == 65)
    let currency = await sandbox.run("add", "books", "--title", "Y", "--price", "3")
    #expect(currency.exitCode == 65)
    #expect(currency.stderrLines.first == "Error: The price needs both --price and --price-currency.")
    let flag = await sandbox.run("add", "books", "--titel", "Z")
    #expect(flag.exitCode == 64)
    #expect(flag.stderrLines.first == "Error: Unknown option '--titel'. Did you mean '--title'?")
    let kind = await sandbox.run("show", "bookz")
    #expect(kind.exitCode == 64)
    #expect(kind.stderrLines.first == "Error: Unknown list 'bookz'. Did you mean 'books'?")
    let missing = await sandbox.run("add", "books")
    #expect(missing.stderrLines.first == "Error: Missing required option '--title <title>'.")
    #expect(try await sandbox.run("show", "books", "--json").json()["total_count"] == .number("1"))
  }

  @Test func helpOfAddIsMadeFromTheDefinition() async throws {
    let sandbox = try await sandboxWithBooks()
    let help = await sandbox.run("add", "books", "--help")
    #expect(help.exitCode == 0)
    #expect(help.stdoutLines.first == "OVERVIEW: Adds a book.")
    for line in [
      "--pages <n>              The pages, a whole number. (at least 1)",
      "--price-currency <code>  ISO 4217 currency code, e.g. EUR.",
      "--signed                 Sets signed.",
    ] {
      #expect(help.stdout.contains(line), "\(line)")
    }
    #expect(await sandbox.run("help", "add").stdout.contains("books"))
  }

  @Test func exportImportRemoveAndClearTakeTheKind() async throws {
    let sandbox = try await sandboxWithBooks()
    let lines = """
      {"title":"Dune","author":"Frank Herbert","price":"9.99","price_currency":"USD"}
      {"title":"Emma","status":"done","finished_at":"2026-01-02T03:04:05Z"}

      """
    let imported = await sandbox.run(["import", "books", "-"], stdin: Array(lines.utf8))
    #expect(imported.exitCode == 0, "\(imported)")
    #expect(imported.stdout == "Imported 2 books.\n")
    let exported = await sandbox.run("export", "books")
    #expect(exported.stdoutLines.count == 2)
    #expect(exported.stdout.contains(#""title":"Emma","author":null,"pages":null,"price":null,"price_minor":null,"price_currency":null,"status":"done","finished_at":"2026-01-02T03:04:05Z","signed":false"#))
    let csv = await sandbox.run("export", "books", "--format", "csv")
    #expect(csv.stdout.hasPrefix("id,title,author,pages,price,price_minor,price_currency,status,finished_at,signed,added_at\r\n"))
    let bad = await sandbox.run(["import", "books", "-"], stdin: Array(#"{"title":"A","status":"lost"}"#.utf8))
    #expect(bad.exitCode == 65)
    #expect(bad.stderrLines.first?.hasPrefix("Error: Line 1: ") == true)
    let removed = await sandbox.run("remove", "books", "1")
    #expect(removed.stdout == "Removed 1 book.\n")
    let unknown = await sandbox.run("remove", "books", "99")
    #expect(unknown.exitCode == 65)
    #expect(unknown.stderrLines == ["Error: No book with id 99; nothing was removed."])
    let cleared = await sandbox.run("clear", "books", "--yes")
    #expect(cleared.stdout == "Removed 1 book.\n")
    #expect(try await sandbox.run("show", "books", "--json").json()["state"] == .string("empty"))
  }

  @Test func completionOffersTheFilesKindsAndTheirFlags() async throws {
    let sandbox = try await sandboxWithBooks()
    let kinds = await sandbox.run("--db", sandbox.databasePath, "__complete", "--", "show", "")
    #expect(kinds.stdoutLines == ["favorites", "addresses", "orders", "books"])
    let flags = await sandbox.run("--db", sandbox.databasePath, "__complete", "--", "add", "books", "--pr")
    #expect(flags.stdoutLines == ["--price", "--price-currency"])
  }

  @Test func watchFollowsAnotherProcessWritingTheKind() async throws {
    let sandbox = try await sandboxWithBooks()
    let watch = try sandbox.start(["watch", "books", "--json"])
    let first = try await WatchCommandTests.lines(1, of: watch, within: .seconds(10))
    #expect(first.first?["list"] == .string("books"))
    #expect(first.first?["state"] == .string("empty"))
    #expect(first.first?["placeholder"]?["title"] == .string("No books yet"))
    // Another program's plain INSERT is seen and counted, like a `lists add`.
    #expect(await sandbox.sqlite("INSERT INTO books (title) VALUES ('Dune')") == "")
    let after = try await WatchCommandTests.lines(2, of: watch, within: WatchCommandTests.changeDeadline)
    #expect(after.last?["state"] == .string("content"))
    #expect(after.last?["total_count"] == .number("1"))
    #expect(after.last?["items"]?.arrayValue?.first?["title"] == .string("Dune"))
    await WatchCommandTests.interrupt(watch)
  }
}
