import Foundation
import Testing

/// `lists kinds`, `kinds add|update|show|remove`: the kinds of list a file holds.
@Suite struct KindsCommandTests {
  static let books = #"""
    {"name": "books", "item": "book",
     "fields": [{"name": "title", "type": "text", "required": true, "max_length": 300},
                {"name": "author", "type": "text"}, {"name": "price", "type": "money"}],
     "unique": {"fields": ["title", "author"], "on_duplicate": "reject"}}
    """#

  @Test func aKindIsRegisteredListedShownAndRemoved() async throws {
    let sandbox = try Sandbox()
    let added = await sandbox.run(["kinds", "add", "-"], stdin: Array(Self.books.utf8))
    #expect(added.exitCode == 0, "\(added)")
    #expect(added.stdout == "Registered books (3 fields): the table books, 2 indexes and 3 count triggers. See: lists kinds show books\n")
    let listed = await sandbox.run("kinds")
    #expect(listed.stdoutLines.first == "KIND       ITEMS  FIELDS")
    #expect(listed.stdoutLines.last == "books          0  title, author, price")
    #expect(listed.stdoutLines.count == 5)
    // Another program's rows are counted by the kind's triggers.
    #expect(await sandbox.sqlite("INSERT INTO books (title) VALUES ('Dune')") == "")
    #expect(await sandbox.run("kinds").stdoutLines.last == "books          1  title, author, price")
    let shown = try await sandbox.run("kinds", "show", "books", "--json").json()
    #expect(shown["name"] == .string("books"))
    #expect(shown["version"] == .number("1"))
    #expect(shown["built_in"] == .bool(false))
    #expect(shown["definition"]?["fields"]?.arrayValue?.count == 3)
    #expect(shown["sql"]?.stringValue?.hasPrefix(#"CREATE TABLE "books" ("#) == true)
    let human = await sandbox.run("kinds", "show", "books")
    #expect(human.stdoutLines.first?.hasPrefix("books (one book), version 1, registered ") == true)
    #expect(human.stdoutLines.contains("  price   money, columns price_minor, price_currency"))

    let refused = await sandbox.run("kinds", "remove", "books")
    #expect(refused.exitCode == 64)
    let removed = await sandbox.run("kinds", "remove", "books", "--yes")
    #expect(removed.exitCode == 0, "\(removed)")
    #expect(await sandbox.sqlite("SELECT count(*) FROM sqlite_schema WHERE name LIKE 'books%'") == "0\n")
  }

  @Test func aCompatibleChangeIsAppliedAndOthersRefused() async throws {
    let sandbox = try Sandbox()
    #expect(await sandbox.run(["kinds", "add", "-"], stdin: Array(Self.books.utf8)).exitCode == 0)
    let newer = Self.books.replacingOccurrences(
      of: #"{"name": "price", "type": "money"}"#,
      with: #"{"name": "price", "type": "money"}, {"name": "isbn", "type": "text"}"#)
    let updated = await sandbox.run(["kinds", "update", "-"], stdin: Array(newer.utf8))
    #expect(updated.stdout == "Updated books to version 2: added isbn.\n", "\(updated)")
    #expect(await sandbox.run(["kinds", "update", "-"], stdin: Array(newer.utf8)).stdout == "books is unchanged (version 2).\n")
    let before = await sandbox.sqlite("SELECT * FROM list_kinds; SELECT sql FROM sqlite_schema ORDER BY name")
    let narrower = newer.replacingOccurrences(of: #""max_length": 300"#, with: #""max_length": 30"#)
    let refused = await sandbox.run(["kinds", "update", "-"], stdin: Array(narrower.utf8))
    #expect(refused.exitCode == 65)
    #expect(refused.stderrLines == ["Error: The change alters the field 'title' (its limits); stored items could break it, so a field can only be added."])
    #expect(await sandbox.sqlite("SELECT * FROM list_kinds; SELECT sql FROM sqlite_schema ORDER BY name") == before)
  }

  @Test(
    arguments: [
      (#"{"name":"books""#, 65, "Error: The definition is not valid JSON"),
      (#"{"name":"Books","fields":[{"name":"t","type":"text"}]}"#, 65, "Error: The kind's name 'Books' must be lowercase letters"),
      (#"{"name":"orders","fields":[{"name":"t","type":"text"}]}"#, 65, "Error: A list named 'orders' is already in the file"),
      (#"{"name":"b","fields":[{"name":"t","type":"int"}]}"#, 65, "Error: Field 't' has the unknown type 'int'"),
      (#"{"name":"b; DROP TABLE orders","fields":[{"name":"t","type":"text"}]}"#, 65, "Error: The kind's name 'b; DROP TABLE orders' must be"),
      (#"{"name":"b","fields":[{"name":"t","type":"text"},{"name":"t","type":"integer"}]}"#, 65, "Error: The field 't' is defined twice."),
      (#"{"name":"b","fields":[{"name":"t","type":"text","required":true}],"order":[{"field":"x"}]}"#, 65, "Error: The order names 'x', which is not a field of 'b'."),
      (#"{"name":"b","fields":[{"name":"t","type":"text"}],"unique":{"fields":["x"]}}"#, 65, "Error: The unique rule names 'x', which is not a field of 'b'."),
      (#"{"name":"b","fields":[{"name":"t\"); DROP TABLE orders; --","type":"text"}]}"#, 65, "Error: The field name 't\"); DROP TABLE orders; --' must be"),
      (#"{"name":"select","fields":[{"name":"t","type":"text"}]}"#, 65, "Error: The kind's name 'select' is a keyword of SQLite"),
      ("{\"name\":\"" + String(repeating: "a", count: 10_000) + "\",\"fields\":[{\"name\":\"t\",\"type\":\"text\"}]}", 65,
       "Error: The kind's name '" + String(repeating: "a", count: 40) + "…' is longer than 40 characters."),
    ] as [(String, Int32, String)])
  func aBadDefinitionIsOneLineAndChangesNothing(json: String, code: Int32, line: String) async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let before = sandbox.bytes(sandbox.databasePath)
    let result = await sandbox.run(["kinds", "add", "-"], stdin: Array(json.utf8))
    #expect(result.exitCode == code, "\(result)")
    #expect(result.stderrLines.count == 1)
    #expect(result.stderrLines.first?.hasPrefix(line) == true, "\(result)")
    #expect(sandbox.bytes(sandbox.databasePath) == before)
  }

  @Test func builtInsCannotBeRemovedAndUnknownKindsAreUsageErrors() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let builtIn = await sandbox.run("kinds", "remove", "orders", "--yes")
    #expect(builtIn.exitCode == 64)
    #expect(builtIn.stderrLines == ["Error: 'orders' is built in and cannot be removed; 'lists clear orders --yes' removes its items."])
    let unknown = await sandbox.run("kinds", "show", "films")
    #expect(unknown.exitCode == 64)
    #expect(await sandbox.run("kinds", "add", sandbox.path("missing.json")).exitCode == 66)
  }
}

/// `lists kinds add` refuses a definition whose options `lists add` could not have, with the
/// reason, and registers nothing.
@Suite struct KindOptionsCommandTests {
  @Test(
    arguments: [
      (
        #"{"name": "author", "type": "text", "flag": "title"}"#,
        "Error: The flag '--title' of the field 'author' is taken by another option."
      ),
      (
        #"{"name": "author", "type": "text", "flag": "By"}"#,
        "Error: The field 'author' has the flag 'By'; a flag is lowercase letters, digits and -, starting with a letter."
      ),
    ])
  func aDefinitionWithOptionsThatCannotBeMadeIsRefused(_ author: String, _ message: String) async throws {
    let sandbox = try Sandbox()
    let json = #"{"name": "books", "item": "book", "fields": [{"name": "title", "type": "text", "required": true}, "#
      + author + "]}"
    let refused = await sandbox.run(["kinds", "add", "-"], stdin: Array(json.utf8))
    #expect(refused.exitCode == 65, "\(refused)")
    #expect(refused.stderrLines == [message])
    #expect(await sandbox.run("kinds").stdoutLines.count == 4)
  }
}
