import ListPaging
import ListStore
import Testing

@testable import ListsCLI

/// The placeholders of the `lists` command, as Documentation/Loader.md's Placeholders section shows them: the built-in kinds' empty
/// placeholders from their definitions, and the command to type next for errors and no results.
@Suite struct CommandLinePlaceholdersTests {
  static let catalog = PlaceholderCatalog.commandLine(for: KindDefinition.builtIns + [Self.books])
  static let books = KindDefinition(
    name: "books", item: "book", fields: [FieldDefinition("title", .text(), required: true)],
    placeholders: [.noResults: PlaceholderText(title: "No such book", detail: "Look again.")])
  static let busy = LoadError(kind: "busy", message: "The database is busy; try again.", isRetryable: true)
  static let corrupt = LoadError(kind: "corrupt", message: "The database file is damaged.", isRetryable: false)

  @Test(arguments: [
    (
      "favorites",
      Placeholder(
        title: "No favorites yet", detail: "Items you favorite will show up here.",
        action: "lists add favorites --ref REF --title TITLE")
    ),
    (
      "addresses",
      Placeholder(
        title: "No addresses yet", detail: "Add a shipping address to check out faster.",
        action: "lists add addresses --label LABEL ...")
    ),
    (
      "orders",
      Placeholder(
        title: "No orders yet", detail: "Orders you place will show up here.",
        action: "lists add orders --number NUMBER --total AMOUNT --currency CODE")
    ),
  ])
  func emptyMatchesTheDocumentedPlaceholder(_ list: String, _ expected: Placeholder) {
    #expect(Self.catalog.emptyPlaceholder(list: list) == expected)
  }

  @Test(arguments: ["favorites", "addresses", "orders"])
  func errorsSayWhatToTypeNext(_ list: String) {
    #expect(
      Self.catalog.errorPlaceholder(Self.busy, list: list)
        == Placeholder(
          title: "Couldn't load \(list)", detail: "The database is busy; try again.",
          action: "Retry: lists show \(list)"))
    #expect(
      Self.catalog.errorPlaceholder(Self.corrupt, list: list)
        == Placeholder(
          title: "Couldn't load \(list)", detail: "The database file is damaged.",
          action: "Check the file: lists doctor"))
  }

  @Test func noResultsClearTheSearchUnlessTheKindGivesItsOwn() {
    #expect(
      Self.catalog.noResultsPlaceholder(list: "orders", query: QuerySummary(search: "dune"))
        == Placeholder(
          title: "No results for “dune”", detail: "Try another search.",
          action: "Clear the search: lists show orders"))
    #expect(
      Self.catalog.noResultsPlaceholder(list: "books", query: QuerySummary(search: "x"))
        == Placeholder(title: "No such book", detail: "Look again."))
    #expect(Self.catalog.emptyPlaceholder(list: "books").title == "No books yet")
  }
}
