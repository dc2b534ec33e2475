import ListPaging
import SQLiteCore
import Testing

@testable import ListStore
import ListStoreTesting

/// An observing loader with ten pages loaded sees an edit as a change like any other: the new
/// values in place, the same pages, never a `loading` phase; another program's plain SQL
/// `UPDATE` the same way.
@Suite struct LoaderEditTests {
  /// 50 orders, newest first, and a loader of pages of 5 with all ten loaded.
  private func loadedTenPages(_ database: ListsDatabase) async throws -> OrdersRepository.Loader {
    try database.orders().importItems(try orderDrafts(50))
    let loader = database.orders().loader(pageSize: 5)
    var state = await loader.loadNextPage()
    while state.pagesLoaded < 10 { state = await loader.loadNextPage() }
    #expect(state.items.count == 50)
    return loader
  }

  @Test(arguments: ["another connection's UPDATE", "the store's typed update"])
  func anEditShowsInPlaceWithoutLoading(by writer: String) async throws {
    try await withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path(), configuration: .init(changePollInterval: .milliseconds(10)))
      let loader = try await loadedTenPages(database)
      let before = loader.state.items.map(\.id)
      let (_, stream) = loader.subscribe()
      let observer = Task { await loader.observeChanges() }
      defer { observer.cancel() }
      // N-3 is on the tenth page.
      if writer == "the store's typed update" {
        _ = try database.orders().update(id: 4) { $0.status = .shipped }
      } else {
        let other = try Connection(path: folder.path())
        other.setBusyTimeout(milliseconds: 5_000)
        try other.execute("UPDATE orders SET status = 'shipped' WHERE number = 'N-3'")
      }
      let seen = await transitions(stream, within: .seconds(10)) { transition in
        transition.state.refresh == .idle && transition.state.items.contains { $0.number == "N-3" && $0.status == .shipped }
      }
      #expect(!seen.isEmpty)
      #expect(seen.allSatisfy { $0.state.phase == .content && $0.previousPhase == .content })
      let after = try #require(seen.last?.state)
      #expect(after.items.map(\.id) == before)
      #expect(after.pagesLoaded == 10)
      #expect(after.items.filter { $0.status == .shipped }.map(\.number) == ["N-3"])
    }
  }

  @Test func anEditOfTheOrderingFieldMovesTheItem() async throws {
    try await withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path(), configuration: .init(changePollInterval: .milliseconds(10)))
      let loader = try await loadedTenPages(database)
      let (_, stream) = loader.subscribe()
      let observer = Task { await loader.observeChanges() }
      defer { observer.cancel() }
      let other = try Connection(path: folder.path())
      other.setBusyTimeout(milliseconds: 5_000)
      try other.execute("UPDATE orders SET placed_at = 9000 WHERE number = 'N-3'")
      let seen = await transitions(stream, within: .seconds(10)) { transition in
        transition.state.refresh == .idle && transition.state.items.first?.number == "N-3"
      }
      #expect(seen.last?.state.items.map(\.number) == ["N-3"] + (0..<50).reversed().filter { $0 != 3 }.map { "N-\($0)" })
      #expect(!seen.contains { $0.state.phase == .loading })
    }
  }
}
