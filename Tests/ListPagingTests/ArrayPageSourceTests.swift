import ListPaging
import ListPagingTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ArrayPageSourceTests {
  @Test func pagesFollowTheOffsetCursor() async throws {
    let source = ArrayPageSource(Array(0..<5))
    #expect(
      try await source.page(.after(nil), limit: 2, query: nil) == SourcePage(items: [0, 1], nextCursor: 2))
    #expect(try await source.page(.after(2), limit: 2, query: nil) == SourcePage(items: [2, 3], nextCursor: 4))
    #expect(try await source.page(.after(4), limit: 2, query: nil) == SourcePage(items: [4], nextCursor: nil))
    #expect(try await source.page(.after(9), limit: 2, query: nil) == SourcePage(items: [], nextCursor: nil))
    #expect(try await ArrayPageSource<Int>().page(.after(nil), limit: 2, query: nil).items.isEmpty)
    #expect(source.pageRequests == 4)
  }

  @Test func pagesBeforeAPlaceAndAroundAnItem() async throws {
    let source = ArrayPageSource(Array(0..<5))
    #expect(
      try await source.page(.before(4), limit: 2, query: nil)
        == SourcePage(items: [2, 3], nextCursor: 4, previousCursor: 2))
    #expect(
      try await source.page(.before(1), limit: 2, query: nil)
        == SourcePage(items: [0], nextCursor: 1, previousCursor: nil))
    #expect(
      try await source.page(.around(3), limit: 3, query: nil)
        == SourcePage(items: [3, 4], nextCursor: nil, previousCursor: 3))
    // Nothing left at the place: the page that ends there.
    #expect(
      try await source.page(.around(7), limit: 2, query: nil)
        == SourcePage(items: [3, 4], nextCursor: nil, previousCursor: 3))
  }

  @Test func everyChangeIsAnnouncedOnce() async throws {
    let source = ArrayPageSource<Int>()
    var changes = source.changes.makeAsyncIterator()
    source.append(1)
    #expect(await changes.next() != nil)
    source.update { $0 += [2, 3] }
    #expect(await changes.next() != nil)
    #expect(source.items == [1, 2, 3])
    source.removeAll()
    #expect(await changes.next() != nil)
    #expect(source.items.isEmpty)
  }

  @Test func failureMakesEveryPageThrowUntilCleared() async throws {
    let source = ArrayPageSource([1, 2])
    source.setFailure(TestError.corrupt)
    await #expect(throws: TestError.corrupt) { try await source.page(.after(nil), limit: 5, query: nil) }
    source.setFailure(nil)
    #expect(try await source.page(.after(nil), limit: 5, query: nil).items == [1, 2])
  }
}
