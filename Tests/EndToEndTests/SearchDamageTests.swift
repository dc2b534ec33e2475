import Testing

/// A search index that lost a table to another program: every command that reaches it exits
/// with the damage (74) and one line saying how to repair it, never an internal error (70).
@Suite struct SearchDamageTests {
  @Test(arguments: [
    "DROP TABLE books_search_idx",
    "DROP TABLE books_search_idx; ALTER TABLE notes RENAME TO books_search_idx",
  ])
  func writesAndSearchesOfADamagedIndexAreDamage(edit: String) async throws {
    let sandbox = try Sandbox()
    let books = sandbox.path("books.json")
    try sandbox.write(
      #"{"name":"books","item":"book","fields":[{"name":"title","type":"text","required":true}],"search":["title"]}"#,
      to: books)
    let notes = sandbox.path("notes.json")
    try sandbox.write(#"{"name":"notes","item":"note","fields":[{"name":"text","type":"text"}]}"#, to: notes)
    #expect(await sandbox.run("kinds", "add", books).exitCode == 0)
    #expect(await sandbox.run("kinds", "add", notes).exitCode == 0)
    #expect(await sandbox.run("add", "books", "--title", "Dune").exitCode == 0)
    _ = await sandbox.sqlite(edit)
    for command in [
      ["add", "books", "--title", "Emma"], ["edit", "books", "1", "--title", "X"], ["remove", "books", "1"],
      ["clear", "books", "--yes"], ["show", "books", "--search", "Dune"],
    ] {
      let run = await sandbox.run(command)
      #expect(run.exitCode == 74, "\(command): \(run)")
      #expect(run.stderrLines.last?.contains("the search index of books is not whole") == true, "\(command): \(run)")
    }
    #expect(await sandbox.run("show", "books", "--json").exitCode == 0)
  }
}
