import ListPaging
import ListPagingTesting
import Testing

/// A loader opened in the middle of a list walks to both ends with bounded memory.
@Suite(.timeLimit(.minutes(1)))
struct ListLoaderAroundTests {
  @Test func opensAtAnItemAndWalksBothWaysKeepingAtMostMaxItems() async {
    let source = ArrayPageSource(Array(0..<100))
    let loader = ListLoader(source: source, pageSize: 10, around: 45, maxItems: 30)
    var state = await loader.loadNextPage()
    #expect(Array(state.items) == Array(45..<55))
    while !state.startReached {
      state = await loader.loadPreviousPage()
      #expect(state.items.count <= 30 && state.phase == .content)
    }
    #expect(Array(state.items) == Array(0..<25))
    while !state.endReached {
      state = await loader.loadNextPage()
      #expect(state.items.count <= 30)
    }
    #expect(Array(state.items) == Array(75..<100))
    #expect(state.append == .idle && state.prepend == .idle)
  }

  @Test func aRefreshKeepsThePlaceOfTheFirstVisibleItem() async {
    let source = ArrayPageSource(Array(0..<100))
    let loader = ListLoader(source: source, pageSize: 10)
    for _ in 1...5 { await loader.loadNextPage() }
    loader.setFirstVisibleItem(35)
    let requests = source.pageRequests
    let state = await loader.refresh()
    // Pages 4 and 5 reloaded, from the page holding item 35; not pages 1 to 3.
    #expect(source.pageRequests == requests + 2)
    #expect(Array(state.items) == Array(30..<50) && !state.startReached)
    #expect(await loader.loadPreviousPage().items.first == 20)
  }

  /// A source that only implements the page after a cursor.
  struct ForwardOnly: PageSource {
    func page(_ request: PageRequest<Int>, limit: Int, query: Never?) async throws -> SourcePage<Int, Int> {
      guard case .after(let cursor) = request else { throw LoadError.forwardOnly }
      let start = cursor ?? 0
      return SourcePage(items: Array(start..<start + limit), nextCursor: start + limit)
    }
  }

  @Test func aSourceThatOnlyPagesForwardCannotOpenAroundAnItem() async {
    let loader = ListLoader(source: ForwardOnly(), pageSize: 2, around: 4)
    let state = await loader.loadNextPage()
    #expect(state.phase == .error && state.error == LoadError.forwardOnly)
    #expect(state.error?.isRetryable == false)
    // From the top it pages forward as ever, and has nothing before its first page to ask for.
    let top = ListLoader(source: ForwardOnly(), pageSize: 2)
    #expect(Array(await top.loadNextPage().items) == [0, 1])
    #expect(await top.loadPreviousPage().prepend == .idle)
  }
}
