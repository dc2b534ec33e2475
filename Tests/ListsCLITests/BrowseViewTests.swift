import CLISupport
import ListPaging
import ListStore
import Testing

@testable import ListsCLI

@Suite struct BrowseViewTests {
  static let notes = KindDefinition(
    name: "notes", item: "note", fields: [FieldDefinition("title", .text(), required: true)])

  static func items(_ count: Int) -> LoadedItems<DynamicItem> {
    LoadedItems(
      (1...max(count, 1)).prefix(count).map {
        DynamicItem(id: Int64($0), values: [.text("Note \($0)")])
      })
  }

  static func content(_ count: Int, append: AppendStatus = .idle, endReached: Bool = false)
    -> ListState<DynamicItem>
  {
    ListState(
      phase: .content, items: items(count), pagesLoaded: 1, endReached: endReached, append: append)
  }

  static func draw(_ view: BrowseView, _ state: ListState<DynamicItem>, query: String? = nil)
    -> [String]
  {
    let display = BrowseCommand.catalog(for: notes).display(
      for: state, list: "notes", query: QuerySummary(search: query))
    return view.lines(state, display: display, style: .plain)
  }

  @Test func rowsFillTheScreenAndTheStatusLineIsLast() {
    let view = BrowseView(definition: Self.notes, rows: 10, columns: 40)
    let lines = Self.draw(view, Self.content(30))
    #expect(lines.count == 10)
    #expect(lines[0] == "notes")
    #expect(lines[1] == "  TITLE")
    #expect(lines[2] == "> Note 1")
    #expect(lines[7] == "  Note 6")
    #expect(lines[9].hasSuffix("1/30+"))
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
  }

  @Test func movingKeepsTheSelectionInTheWindowAndAsksForThePageAtTheEnd() {
    var view = BrowseView(definition: Self.notes, rows: 10, columns: 40)
    let state = Self.content(10)
    view.settle(count: 10)
    #expect(!view.wantsNextPage(state))
    view.move(by: 5, count: 10)
    #expect(view.selection == 5 && view.top == 0)
    #expect(view.wantsNextPage(state) == false)
    view.move(by: 1, count: 10)
    #expect(view.top == 1)
    view.moveToEnd(count: 10)
    #expect(view.selection == 9 && view.top == 4)
    #expect(view.wantsNextPage(state))
    #expect(!view.wantsNextPage(Self.content(10, endReached: true)))
    #expect(!view.wantsNextPage(Self.content(10, append: .loading(page: 2))))
    view.move(by: -100, count: 10)
    #expect(view.selection == 0 && view.top == 0)
  }

  @Test func theNextPageShowsALoadingRowThenAFailedPageItsErrorInline() {
    var view = BrowseView(definition: Self.notes, rows: 10, columns: 80)
    view.moveToEnd(count: 6)
    let loading = Self.draw(view, Self.content(6, append: .loading(page: 2)))
    #expect(loading[8] == "  Loading…")
    let error = LoadError(kind: "busy", message: "The file is busy.", isRetryable: true)
    let failed = Self.draw(view, Self.content(6, append: .failed(page: 2, error: error)))
    #expect(failed[8] == "  Couldn't load more notes: The file is busy. — r retries")
  }

  @Test(arguments: [
    (ListPhase.empty, "No notes yet"), (.noResults, "No results for “dune”"),
    (.error, "Couldn't load notes"),
  ])
  func placeholdersAreCentred(_ phase: ListPhase, title: String) {
    let view = BrowseView(definition: Self.notes, rows: 20, columns: 60)
    let error = phase == .error ? LoadError(kind: "busy", message: "Busy.", isRetryable: true) : nil
    let lines = Self.draw(view, ListState(phase: phase, error: error), query: "dune")
    let top = lines.firstIndex { $0.contains("╭") } ?? -1
    let bottom = lines.firstIndex { $0.contains("╰") } ?? -1
    #expect(lines.contains { $0.contains(title) })
    // The body is lines 1...18; the box's middle is at its middle, give or take a line.
    #expect(abs((top + bottom) - 19) <= 2, "box on lines \(top)...\(bottom)")
    let edge = lines[top]
    let left = edge.prefix { $0 == " " }.count
    let right = 60 - left - DisplayWidth.of(String(edge.dropFirst(left)))
    #expect(abs(left - right) <= 1)
  }

  @Test func theErrorPlaceholderSaysWhichKeyRetries() {
    let error = LoadError(kind: "busy", message: "Busy.", isRetryable: true)
    let placeholder = BrowseCommand.catalog(for: Self.notes).display(
      for: ListState<DynamicItem>(phase: .error, error: error), list: "notes"
    ).placeholder
    #expect(placeholder?.action == "Press r to retry.")
  }

  @Test func thePromptIsTheStatusLine() {
    var view = BrowseView(definition: Self.notes, rows: 6, columns: 40)
    view.prompt = "dun"
    #expect(Self.draw(view, Self.content(3)).last == "/dun█")
    view.prompt = nil
    view.search = "dun"
    view.totalCount = 3
    #expect(Self.draw(view, Self.content(3))[0] == "notes · 3 notes · search: “dun”")
  }
}
