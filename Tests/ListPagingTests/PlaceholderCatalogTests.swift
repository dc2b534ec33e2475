import ListPaging
import Testing

@Suite struct PlaceholderCatalogTests {
  static let busy = LoadError(
    kind: "busy", message: "The database is busy; try again.", isRetryable: true)
  static let corrupt = LoadError(
    kind: "corrupt", message: "The database file is damaged.", isRetryable: false)

  // MARK: Defaults

  /// ListPaging ships no command-line wording: the empty default names the list and says
  /// nothing of what to type (the `lists` command's placeholders are its own).
  @Test(arguments: ["favorites", "addresses", "orders", "reviews"])
  func emptyDefaultNamesTheListWithNoAction(_ list: String) {
    #expect(
      PlaceholderCatalog().emptyPlaceholder(list: list)
        == Placeholder(title: "No \(list) yet", detail: "Items you add will show up here.", action: nil))
  }

  @Test(arguments: ["favorites", "addresses", "orders", "reviews"])
  func loadingDefaultNamesTheList(_ list: String) {
    let placeholder = PlaceholderCatalog().loadingPlaceholder(list: list)
    #expect(placeholder == Placeholder(title: "Loading \(list)\u{2026}", detail: "", action: nil))
    #expect(placeholder.title.hasSuffix("…") && !placeholder.title.hasSuffix("..."))
  }

  @Test(arguments: ["favorites", "addresses", "orders", "reviews"])
  func errorDefaultOffersRetryWhenRetryable(_ list: String) {
    #expect(
      PlaceholderCatalog().errorPlaceholder(Self.busy, list: list)
        == Placeholder(
          title: "Couldn't load \(list)", detail: "The database is busy; try again.",
          action: "Retry"))
  }

  @Test(arguments: ["favorites", "addresses", "orders", "reviews"])
  func errorDefaultHasNoActionWhenPermanent(_ list: String) {
    #expect(
      PlaceholderCatalog().errorPlaceholder(Self.corrupt, list: list)
        == Placeholder(title: "Couldn't load \(list)", detail: "The database file is damaged.", action: nil))
  }

  @Test func otherListsGetGenericEmptyDefault() {
    #expect(
      PlaceholderCatalog().emptyPlaceholder(list: "reviews")
        == Placeholder(title: "No reviews yet", detail: "Items you add will show up here."))
  }

  @Test func noticeDefaultsNameTheListAndTheError() {
    let catalog = PlaceholderCatalog()
    #expect(
      catalog.noticeText(.appendFailed(page: 3, error: Self.busy), list: "orders")
        == "Couldn't load more orders: The database is busy; try again.")
    #expect(
      catalog.noticeText(.refreshFailed(Self.corrupt), list: "orders")
        == "Couldn't refresh orders: The database file is damaged.")
  }

  // MARK: Overrides

  @Test func loadingOverrideReplacesOneList() {
    var catalog = PlaceholderCatalog()
    let custom = Placeholder(title: "Fetching your orders")
    catalog.setLoading(custom, list: "orders")
    #expect(catalog.loadingPlaceholder(list: "orders") == custom)
    #expect(catalog.loadingPlaceholder(list: "favorites").title == "Loading favorites…")
  }

  @Test func emptyOverrideReplacesOneList() {
    var catalog = PlaceholderCatalog()
    let custom = Placeholder(title: "Nothing saved", detail: "Tap ♥ to save.", action: nil)
    catalog.setEmpty(custom, list: "favorites")
    #expect(catalog.emptyPlaceholder(list: "favorites") == custom)
    #expect(catalog.emptyPlaceholder(list: "orders").title == "No orders yet")
  }

  @Test func errorOverrideByKindForOneListBeatsEveryList() {
    var catalog = PlaceholderCatalog()
    let everywhere = Placeholder(title: "Busy, try again soon")
    let ordersOnly = Placeholder(title: "Orders are syncing")
    catalog.setError(everywhere, kind: "busy")
    catalog.setError(ordersOnly, kind: "busy", list: "orders")
    #expect(catalog.errorPlaceholder(Self.busy, list: "orders") == ordersOnly)
    #expect(catalog.errorPlaceholder(Self.busy, list: "favorites") == everywhere)
    #expect(catalog.errorPlaceholder(Self.corrupt, list: "orders").title == "Couldn't load orders")
  }

  @Test func errorClosureDecidesPerErrorAndFallsBackWhenNil() {
    var catalog = PlaceholderCatalog()
    let byKind = Placeholder(title: "Busy")
    catalog.setError(byKind, kind: "busy", list: "orders")
    catalog.setError(list: "orders") { error in
      error.isRetryable ? nil : Placeholder(title: "Broken: \(error.kind)")
    }
    #expect(catalog.errorPlaceholder(Self.corrupt, list: "orders").title == "Broken: corrupt")
    #expect(catalog.errorPlaceholder(Self.busy, list: "orders") == byKind)
    let timeout = LoadError(kind: "timeout", message: "Too slow.", isRetryable: true)
    #expect(catalog.errorPlaceholder(timeout, list: "orders").action == "Retry")
    #expect(
      catalog.errorPlaceholder(Self.corrupt, list: "favorites").title == "Couldn't load favorites")
  }

  @Test func noticeOverrideFallsBackWhenNil() {
    var catalog = PlaceholderCatalog()
    catalog.setNotice(list: "orders") { notice in
      if case .refreshFailed = notice { return "Showing saved orders." }
      return nil
    }
    #expect(
      catalog.noticeText(.refreshFailed(Self.busy), list: "orders") == "Showing saved orders.")
    #expect(
      catalog.noticeText(.appendFailed(page: 2, error: Self.busy), list: "orders")
        == "Couldn't load more orders: The database is busy; try again.")
  }

  // MARK: What to show for a state

  @Test(arguments: [ListPhase.idle, .loading])
  func idleAndLoadingShowTheLoadingPlaceholder(_ phase: ListPhase) {
    let display = PlaceholderCatalog().display(for: ListState<Int>(phase: phase), list: "orders")
    #expect(display == .placeholder(Placeholder(title: "Loading orders…")))
  }

  @Test func emptyShowsTheEmptyPlaceholder() {
    let display = PlaceholderCatalog().display(for: ListState<Int>(phase: .empty), list: "orders")
    #expect(display == .placeholder(PlaceholderCatalog().emptyPlaceholder(list: "orders")))
  }

  @Test func errorShowsTheErrorPlaceholderForItsError() {
    let state = ListState<Int>(phase: .error, error: Self.corrupt)
    let display = PlaceholderCatalog().display(for: state, list: "favorites")
    #expect(
      display
        == .placeholder(PlaceholderCatalog().errorPlaceholder(Self.corrupt, list: "favorites")))
  }

  @Test func contentShowsItemsWithoutNoticeWhenNothingFailed() {
    let state = ListState<Int>(phase: .content, items: [1], append: .loading(page: 2))
    #expect(PlaceholderCatalog().display(for: state, list: "orders") == .content(notice: nil))
  }

  @Test func failedAppendShowsContentWithANoticeNeverTheErrorPlaceholder() {
    let state = ListState<Int>(
      phase: .content, items: [1, 2], append: .failed(page: 2, error: Self.corrupt))
    #expect(
      PlaceholderCatalog().display(for: state, list: "orders")
        == .content(notice: "Couldn't load more orders: The database file is damaged."))
  }

  @Test func failedRefreshShowsContentWithANotice() {
    let state = ListState<Int>(phase: .content, items: [1], refresh: .failed(Self.busy))
    #expect(
      PlaceholderCatalog().display(for: state, list: "addresses")
        == .content(notice: "Couldn't refresh addresses: The database is busy; try again."))
  }

  @Test func displayNamesItsPlaceholderOrNotice() {
    let placeholder = Placeholder(title: "No orders yet")
    #expect(ListDisplay.placeholder(placeholder).placeholder == placeholder)
    #expect(ListDisplay.placeholder(placeholder).notice == nil)
    #expect(ListDisplay.content(notice: "Stale").notice == "Stale")
    #expect(ListDisplay.content(notice: "Stale").placeholder == nil)
  }

  // MARK: No results

  @Test(arguments: [
    (QuerySummary(search: "dune"), "No results for “dune”"),
    (QuerySummary(filters: ["status=done"]), "No books match status=done"),
    (
      QuerySummary(filters: ["status=done", "pages>=100"]),
      "No books match status=done, pages>=100"
    ),
    (QuerySummary(search: "dune", filters: ["status=done"]), "No results for “dune”"),
    (QuerySummary(), "No results in books"),
  ])
  func noResultsDefaultMatchesTheDocumentedOne(_ query: QuerySummary, _ title: String) {
    #expect(
      PlaceholderCatalog().noResultsPlaceholder(list: "books", query: query)
        == Placeholder(title: title, detail: "Try another search.", action: nil))
  }

  @Test func noResultsIsShownForThatPhaseWithTheQuery() {
    let state = ListState<Int>(phase: .noResults, pagesLoaded: 1, endReached: true)
    let display = PlaceholderCatalog().display(
      for: state, list: "books", query: QuerySummary(search: "Sao Paulo"))
    #expect(
      display
        == .placeholder(
          Placeholder(title: "No results for “Sao Paulo”", detail: "Try another search.")))
  }

  @Test func noResultsCanBeReplacedPerListAndPerQuery() {
    var catalog = PlaceholderCatalog()
    let shelf = Placeholder(title: "Nothing on the shelf matches")
    catalog.setNoResults(shelf, list: "books")
    #expect(catalog.noResultsPlaceholder(list: "books", query: QuerySummary(search: "x")) == shelf)
    catalog.setNoResults(list: "books") { query in
      query.filters.isEmpty ? nil : Placeholder(title: "No books with \(query.filters[0])")
    }
    #expect(
      catalog.noResultsPlaceholder(list: "books", query: QuerySummary(filters: ["signed=true"]))
        == Placeholder(title: "No books with signed=true"))
    // The closure declines: the list's placeholder, then the default for other lists.
    #expect(catalog.noResultsPlaceholder(list: "books", query: QuerySummary(search: "x")) == shelf)
    #expect(
      catalog.noResultsPlaceholder(list: "orders", query: QuerySummary(search: "x")).title
        == "No results for “x”")
    // The empty placeholder is another phase's, and stays the default.
    #expect(catalog.emptyPlaceholder(list: "books").title == "No books yet")
  }
}
