import ListPaging
import ListStore
import Testing

@testable import ListsCLI

@Suite struct BrowseSourceTests {
  static func titles(_ page: SourcePage<DynamicItem, ListCursor>) -> [String] {
    page.items.map { item in
      if case .text(let title) = item.values[0] { title } else { "?" }
    }
  }

  static func books() throws -> KindItems {
    let database = try ListsDatabase.inMemory()
    try database.registerKind(
      KindDefinition(
        name: "books", item: "book",
        fields: [
          FieldDefinition("title", .text(), required: true), FieldDefinition("author", .text()),
        ],
        order: [OrderTerm("title")], search: ["title", "author"]))
    let books = try database.items(of: "books")
    for (title, author) in [
      ("Dune", "Frank Herbert"), ("Emma", "Jane Austen"), ("Dune Messiah", "Frank Herbert"),
      ("Persuasion", "Jane Austen"), ("Solaris", "Stanisław Lem"),
    ] {
      try books.add(DynamicDraft(["title": .text(title), "author": .text(author)]))
    }
    return books
  }

  @Test func withoutASearchThePagesAreTheLists() throws {
    let pages = BrowseSource.filtering(try Self.books())
    let first = try pages(.after(nil), 2, nil)
    #expect(Self.titles(first) == ["Dune", "Dune Messiah"])
    #expect(Self.titles(try pages(.after(first.nextCursor), 10, nil)) == ["Emma", "Persuasion", "Solaris"])
  }

  @Test func aSearchKeepsTheItemsEveryWordMatchesIgnoringCase() throws {
    let pages = BrowseSource.filtering(try Self.books())
    // Pages of two: the first holds Dune and Dune Messiah, the second Emma and Persuasion.
    let first = try pages(.after(nil), 2, "austen")
    #expect(Self.titles(first) == ["Emma", "Persuasion"])
    #expect(Self.titles(try pages(.after(first.nextCursor), 2, "austen")) == [])
    #expect(Self.titles(try pages(.after(nil), 10, "FRANK dune mes")) == ["Dune Messiah"])
  }

  @Test func aSearchIsReadBackwardsBeforeAPlace() throws {
    let books = try Self.books()
    let pages = BrowseSource.filtering(books)
    // Pages of two before the place after Solaris: Persuasion and Solaris, then Dune Messiah
    // and Emma, then Dune.
    let end = try #require(try books.cursor(at: 5))
    let last = try pages(.before(end), 2, "austen")
    #expect(Self.titles(last) == ["Persuasion"])
    let before = try pages(.before(try #require(last.previousCursor)), 2, "austen")
    #expect(Self.titles(before) == ["Emma"])
    let start = try pages(.before(try #require(before.previousCursor)), 2, "austen")
    #expect(start.items.isEmpty && start.previousCursor == nil)
    #expect(throws: LoadError.forwardOnly) { try pages(.around(end), 2, "austen") }
  }

  @Test func noMatchInAListWithItemsIsNoResultsNotEmpty() async throws {
    let books = try Self.books()
    let page = try BrowseSource.filtering(books)(.after(nil), 2, "zzz")
    #expect(page.items.isEmpty && page.nextCursor == nil && page.listHasItems)
    let loader = ListLoader(source: BrowseSource(pages: BrowseSource.filtering(books)), pageSize: 2)
    loader.setQuery("zzz")
    #expect(await loader.loadNextPage().phase == .noResults)
  }

  @Test func aKindWithSearchFieldsIsSearchedByTheStore() async throws {
    let books = try Self.books()
    let pages = BrowseSource.searching(books)
    // Words of any search field, the last one a prefix, in the list's order.
    #expect(Self.titles(try pages(.after(nil), 10, "LEM")) == ["Solaris"])
    #expect(Self.titles(try pages(.after(nil), 10, "dun")) == ["Dune", "Dune Messiah"])
    #expect(Self.titles(try pages(.after(nil), 2, nil)) == ["Dune", "Dune Messiah"])
    let loader = ListLoader(source: BrowseSource(pages: pages), pageSize: 2)
    loader.setQuery("zzz")
    #expect(await loader.loadNextPage().phase == .noResults)
  }
}
