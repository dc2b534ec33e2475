import ListPaging
import SQLiteCore
import Testing

@testable import ListStore
import ListStoreTesting

/// Pages before a place and around an item, and a loader opened in the middle, on a file.
@Suite struct LoaderAroundTests {
  /// 45 orders, and the numbers of all of them in the list's order (newest first).
  static func orders(_ folder: TemporaryFolder) throws -> (OrdersRepository, [Order]) {
    let database = try ListsDatabase(path: folder.path())
    let orders = database.orders()
    try orders.importItems(try orderDrafts(45))
    return (orders, try orders.page(after: nil, limit: 100).items)
  }

  @Test func pagesAroundAnItemAndBeforeItWalkBackToTheStart() throws {
    try withTemporaryFolder { folder in
      let (orders, all) = try Self.orders(folder)
      let cursor = try #require(try orders.cursor(at: all[20].id))
      let around = try orders.page(.around(cursor), matching: nil, limit: 7)
      #expect(around.items.map(\.id) == all[20..<27].map(\.id))
      #expect(try orders.page(after: around.nextCursor, limit: 7).items.map(\.id) == all[27..<34].map(\.id))
      var previous = around.previousCursor
      var walked: [[Int64]] = []
      while let cursor = previous {
        let page = try orders.page(.before(cursor), matching: nil, limit: 7)
        walked.append(page.items.map(\.id))
        previous = page.previousCursor
      }
      #expect(walked == [all[13..<20], all[6..<13], all[0..<6]].map { $0.map(\.id) })
      // A page before a place continues after it with the place itself.
      let before = try orders.page(.before(try #require(around.previousCursor)), matching: nil, limit: 7)
      #expect(try orders.page(after: before.nextCursor, limit: 7).items.map(\.id) == all[20..<27].map(\.id))
      #expect(try orders.cursor(at: 999_999) == nil)
    }
  }

  @Test func aRemovedItemGivesItsPlaceToItsNeighbour() throws {
    try withTemporaryFolder { folder in
      let (orders, all) = try Self.orders(folder)
      let cursor = try #require(try orders.cursor(at: all[20].id))
      try orders.remove(ids: [all[20].id])
      #expect(try orders.page(.around(cursor), matching: nil, limit: 3).items.map(\.id) == all[21..<24].map(\.id))
      // Nothing left at or after the place: the page that ends there.
      let last = try #require(try orders.cursor(at: all[44].id))
      try orders.remove(ids: all[40..<45].map(\.id))
      let page = try orders.page(.around(last), matching: nil, limit: 4)
      #expect(page.items.map(\.id) == all[36..<40].map(\.id))
      #expect(page.nextCursor == nil && page.previousCursor != nil)
    }
  }

  @Test func aCursorOfAnotherListIsRefused() throws {
    try withTemporaryFolder { folder in
      let (orders, all) = try Self.orders(folder)
      let cursor = try #require(try orders.cursor(at: all[3].id))
      #expect(throws: ListStoreError.self) {
        try orders.database.favorites().page(.before(cursor), matching: nil, limit: 3)
      }
    }
  }

  @Test func aLoaderOpenedAtAnItemWalksBothWaysWithBoundedMemory() async throws {
    try await withTemporaryFolder { folder in
      let (orders, all) = try Self.orders(folder)
      let loader = orders.loader(pageSize: 5, around: try orders.cursor(at: all[22].id), maxItems: 15)
      var state = await loader.loadNextPage()
      #expect(state.items.map(\.id) == all[22..<27].map(\.id))
      while !state.startReached {
        state = await loader.loadPreviousPage()
        #expect(state.items.count <= 15 && state.prepend == .idle)
      }
      // Pages of five from item 22: the first page holds items 0 and 1, and the fourth is gone.
      #expect(state.items.map(\.id) == all[0..<12].map(\.id))
      while !state.endReached {
        state = await loader.loadNextPage()
        #expect(state.items.count <= 15 && state.append == .idle)
      }
      #expect(state.items.map(\.id) == all[32..<45].map(\.id))
    }
  }

  /// Another connection removes the item the screen shows first: the automatic refresh keeps
  /// the place, showing the item after it first, without going back to the top or blinking.
  @Test func anAutomaticRefreshKeepsThePlaceWhenAnotherConnectionRemovesTheFirstVisibleItem()
    async throws
  {
    try await withTemporaryFolder { folder in
      let (orders, all) = try Self.orders(folder)
      let loader = orders.loader(pageSize: 5)
      for _ in 1...5 { await loader.loadNextPage() }
      loader.setFirstVisibleItem(12)
      let (_, stream) = loader.subscribe()
      let observer = Task { await loader.observeChanges() }
      defer { observer.cancel() }
      let other = try Connection(path: folder.path())
      try other.execute("DELETE FROM orders WHERE number = '\(all[10].number)'")
      let seen = await transitions(stream, within: deliveryBound) {
        $0.events.contains { if case .refreshed = $0 { true } else { false } }
      }
      // The page that held item 12 started after item 9: it is reloaded from there, item 10 gone.
      #expect(seen.last?.state.items.map(\.id) == Array(all[11..<26]).map(\.id))
      #expect(seen.last?.state.startReached == false)
      #expect(!seen.contains { $0.state.phase == .loading })
    }
  }
}
