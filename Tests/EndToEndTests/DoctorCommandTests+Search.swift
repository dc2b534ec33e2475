import Testing

extension DoctorCommandTests {
  static let searchedBooks = #"""
    {"name": "books", "item": "book",
     "fields": [{"name": "title", "type": "text", "required": true}, {"name": "author", "type": "text"}],
     "search": ["title", "author"]}
    """#

  @Test func aDamagedSearchIndexIsNamedAndRebuiltByRepair() async throws {
    let sandbox = try Sandbox()
    #expect(await sandbox.run(["kinds", "add", "-"], stdin: Array(Self.searchedBooks.utf8)).exitCode == 0)
    #expect(await sandbox.sqlite("INSERT INTO books (title, author) VALUES ('Dune', 'Frank Herbert')") == "")
    let healthy = await sandbox.run("doctor")
    #expect(healthy.exitCode == 0, "\(healthy)")
    #expect(healthy.stdout.contains("Search     books: books_search ok\n"), "\(healthy.stdout)")

    #expect(await sandbox.sqlite("DELETE FROM books_search_data WHERE id > 10;") == "")
    let damaged = await sandbox.run("doctor")
    #expect(damaged.exitCode == 74, "\(damaged)")
    #expect(damaged.stdout.contains("Search     books: books_search damaged\n"), "\(damaged.stdout)")
    #expect(damaged.stderr.contains("the search index books_search of books is damaged"), "\(damaged.stderr)")

    let repaired = await sandbox.run("doctor", "--repair")
    #expect(repaired.exitCode == 0, "\(repaired)")
    #expect(repaired.stdout.hasPrefix("Recreated the search index books_search.\n"), "\(repaired.stdout)")
    #expect(repaired.stdout.contains("Search     books: books_search ok\n"))
    #expect(await sandbox.sqlite("SELECT rowid FROM books_search WHERE books_search MATCH 'dun*'") == "1\n")
  }
}
