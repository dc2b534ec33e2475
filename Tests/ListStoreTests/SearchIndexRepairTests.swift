import ListStoreTesting
import SQLiteCore
import Testing

@testable import ListStore

/// `doctor` checks each kind's full-text index, and `doctor --repair` rebuilds a damaged or
/// missing one from the kind's rows.
@Suite struct SearchIndexRepairTests {
  struct Damage: Sendable, CustomTestStringConvertible {
    var name: String
    var sql: String
    var state: HealthReport.SearchIndex.State
    var testDescription: String { name }
  }

  static let damages: [Damage] = [
    Damage(name: "rows of the index deleted", sql: "DELETE FROM books_search_data WHERE id > 10", state: .damaged),
    Damage(name: "a row written behind the triggers' back", sql: "DROP TRIGGER books_search_insert; INSERT INTO books (title) VALUES ('Dune Messiah')", state: .missing),
    Damage(name: "the index dropped", sql: "DROP TABLE books_search", state: .missing),
    Damage(name: "a shadow table dropped", sql: "DROP TABLE books_search_data", state: .damaged),
    Damage(name: "an index out of step", sql: "DROP TRIGGER books_search_update; UPDATE books SET title = 'Solaris' WHERE id = 1; "
      + "CREATE TRIGGER books_search_update AFTER UPDATE OF title, author, id ON books BEGIN SELECT 1; END", state: .damaged),
  ]

  @Test(arguments: damages)
  func doctorNamesTheIndexAndRepairMakesSearchWorkAgain(_ damage: Damage) throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      try database.registerKind(KindRegistryTests.books)
      let books = try database.items(of: "books")
      try books.add(DynamicDraft(["title": .text("Dune"), "author": .text("Frank Herbert")]))
      try books.add(DynamicDraft(["title": .text("The Dispossessed")]))
      #expect(try HealthReport.inspect(path: folder.path()).searchIndexes == [HealthReport.SearchIndex(kind: "books", table: "books_search", state: .ok)])

      let raw = try Connection(path: folder.path(), options: .init(create: false))
      raw.setBusyTimeout(milliseconds: 5000)
      try raw.executeScript(damage.sql)
      let report = try HealthReport.inspect(path: folder.path())
      #expect(report.searchIndexes.map(\.state) == [damage.state])
      #expect(!report.isHealthy)
      #expect(
        report.verdict == .bookkeepingDamaged(path: folder.path(), detail: "the search index books_search of books is \(damage.state.rawValue)"),
        "\(report.problems)")

      let repair = try database.repair()
      #expect(repair.recreated == ["search index books_search"])
      let healed = try HealthReport.inspect(path: folder.path())
      #expect(healed.isHealthy, "\(healed.problems)")
      #expect(try database.repair().isEmpty)
      let all = Set(try raw.textColumn("SELECT title FROM books"))
      for title in all {
        let found = try books.page(matching: KindQuery(search: title), after: nil, limit: 20)
        #expect(found.items.compactMap(KindItemsTests.title).contains(title), "\(title)")
      }
      // And the triggers are back: a new row is found.
      try raw.execute("INSERT INTO books (title) VALUES ('Left Hand of Darkness')")
      #expect(try books.page(matching: KindQuery(search: "darkn"), after: nil, limit: 20).items.count == 1)
    }
  }
}
