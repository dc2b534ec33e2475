import ListPaging
import ListStore
import Testing

@testable import ListsCLI

/// A view opened in the middle of a list: pages before it load when the window reaches the top
/// of what is loaded, and the selection stays on its item when they come.
extension BrowseViewTests {
  /// Notes `range`, in a window that does not start at the top of the list.
  static func middle(_ range: ClosedRange<Int>) -> ListState<DynamicItem> {
    ListState(
      phase: .content,
      items: LoadedItems(range.map { DynamicItem(id: Int64($0), values: [.text("Note \($0)")]) }),
      pagesLoaded: 1, startReached: range.lowerBound == 1)
  }

  @Test func theTopOfTheItemsLoadedAsksForThePageBeforeThem() {
    var view = BrowseView(definition: Self.notes, rows: 10, columns: 40)
    let state = Self.middle(21...40)
    view.settle(count: 20)
    #expect(view.wantsPreviousPage(state))
    var loading = state
    loading.prepend = .loading(page: 0)
    #expect(!view.wantsPreviousPage(loading))
    view.move(by: 10, count: 20)
    #expect(!view.wantsPreviousPage(state))
    // At the start of the list there is nothing before.
    view.moveToStart(count: 20)
    #expect(!view.wantsPreviousPage(Self.middle(1...20)))
  }

  @Test func theSelectionStaysOnItsItemWhenAPageComesBeforeIt() {
    var view = BrowseView(definition: Self.notes, rows: 10, columns: 40)
    view.settle(count: 20)
    view.move(by: 2, count: 20)
    view.follow(from: Self.middle(21...40), to: Self.middle(11...40))
    #expect(view.selection == 12 && view.top == 10)
    #expect(Self.draw(view, Self.middle(11...40))[2] == "  Note 21")
  }

  @Test func aListShownFromItsTopStaysAtItsTopWhenAnItemIsAddedThere() {
    var view = BrowseView(definition: Self.notes, rows: 10, columns: 40)
    view.settle(count: 20)
    var old = Self.middle(2...21)
    old.startReached = true
    view.follow(from: old, to: Self.middle(1...21))
    #expect(view.selection == 0 && view.top == 0)
  }
}
