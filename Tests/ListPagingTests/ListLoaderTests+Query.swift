import ListPaging
import ListPagingTesting
import Testing

extension ListLoaderTests {
  // MARK: Queries: each change a new generation, with the scripted source deciding the order

  /// A loader showing `[1, 2]` for the whole list.
  static func loadedWithoutQuery() async -> (
    ScriptedPageSource<Int>, ListLoader<ScriptedPageSource<Int>>
  ) {
    let source = ScriptedPageSource<Int>()
    let loader = ListLoader(source: source, pageSize: 2)
    async let first = loader.loadNextPage()
    await source.nextRequest().succeed([1, 2], next: 2)
    _ = await first
    return (source, loader)
  }

  @Test func aBurstOfTwentyQueryChangesCostsAtMostTwoFetchesAndShowsOnlyTheLast() async throws {
    let (source, loader) = await Self.loadedWithoutQuery()
    var transitions = TransitionReader(loader.transitions)
    for number in 1...20 { loader.setQuery("q\(number)") }
    #expect(loader.query == "q20")
    let first = await source.nextRequest()
    #expect(first.query == "q1")
    #expect(source.requests.count == 2)
    // The first query's page comes back while nineteen newer ones are waiting: dropped.
    first.succeed([100, 101], next: 2)
    let second = await source.nextRequest()
    #expect(second.query == "q20" && second.cursor == nil)
    second.succeed([20], next: nil)

    let seen = try await transitions.until { $0.items.first == 20 }
    #expect(source.requests.count == 3, "the burst cost \(source.requests.count - 1) fetches")
    #expect(!seen.contains { $0.state.items.contains(100) })
    #expect(seen.map(\.state.phase) == [.loading, .content])
    #expect(
      seen.flatMap(\.events) == [
        .loading(page: 1), .loaded(page: 1, count: 1, hasMore: false), .end(pages: 1, items: 1),
      ])
    // Rule 7: numbered one after the other, none lost.
    #expect(zip(seen, seen.dropFirst()).allSatisfy { $1.number == $0.number + 1 })
  }

  @Test func anOlderQuerysPageThatCompletesLastIsNeverShown() async throws {
    let (source, loader) = await Self.loadedWithoutQuery()
    var transitions = TransitionReader(loader.transitions)
    async let appended = loader.loadNextPage()
    let append = await source.nextRequest()
    #expect(append.query == nil && append.cursor == 2)
    loader.setQuery("dune")
    #expect(append.isCancelled)
    let search = await source.nextRequest()
    #expect(search.query == "dune")
    // The new query's page first, then the old one's, late.
    search.succeed([7], next: nil)
    append.succeed([3, 4], next: nil)
    let afterLate = await appended
    #expect(Array(afterLate.items) == [7])

    loader.setQuery("dune h")
    let refined = await source.nextRequest()
    refined.succeed([], next: nil, listHasItems: true)
    let seen = try await transitions.until { $0.phase == .noResults }
    #expect(!seen.contains { $0.state.items.contains(3) })
    #expect(
      seen.flatMap(\.events) == [
        .loading(page: 2), .loading(page: 1), .loaded(page: 1, count: 1, hasMore: false),
        .end(pages: 1, items: 1), .loading(page: 1), .noResults,
      ])
    #expect(zip(seen, seen.dropFirst()).allSatisfy { $1.number == $0.number + 1 })
  }

  @Test func noResultsOnlyWhenTheListItselfHasItems() async throws {
    let source = ScriptedPageSource<Int>()
    let loader = ListLoader(source: source, pageSize: 2)
    loader.setQuery("zzz")
    #expect(source.requests.isEmpty)
    async let first = loader.loadNextPage()
    let request = await source.nextRequest()
    #expect(request.query == "zzz")
    request.succeed([], next: nil, listHasItems: true)
    #expect(await first.phase == .noResults)

    var events = EventReader(loader.events)
    loader.setQuery("yyy")
    await source.nextRequest().succeed([], next: nil, listHasItems: false)
    #expect(try await events.next(2) == [.loading(page: 1), .empty])
    #expect(loader.state.phase == .empty)

    loader.setQuery(nil)
    let whole = await source.nextRequest()
    #expect(whole.query == nil)
    whole.succeed([1], next: nil)
    #expect(
      try await events.next(3) == [
        .loading(page: 1), .loaded(page: 1, count: 1, hasMore: false), .end(pages: 1, items: 1),
      ])
  }

  @Test func automaticRefreshesAskWithTheQueryInForce() async throws {
    let (source, loader) = await Self.loadedWithoutQuery()
    loader.setQuery("dune")
    await source.nextRequest().succeed([5], next: nil)
    var transitions = TransitionReader(loader.transitions)
    loader.send(.invalidate)
    let refresh = await source.nextRequest()
    #expect(refresh.query == "dune")
    refresh.succeed([5, 6], next: nil)
    _ = try await transitions.until { $0.items.count == 2 }
  }
}
