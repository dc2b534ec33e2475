import ListPaging
import ListPagingTesting
import Testing

/// Observations of a loader made with `makeInvalidations`: any number, one after the other or
/// at once, each hearing every change.
extension ListLoaderTests {
  @Test func observationsStartedAgainAndSideBySideEachHearEveryChange() async throws {
    let source = ArrayPageSource<String>()
    let loader = ListLoader(source: source, makeInvalidations: { source.changes })
    #expect(await loader.loadNextPage().phase == .empty)
    for _ in 0..<100 { loader.startObservingChanges().cancel() }
    var transitions = TransitionReader(loader.transitions)
    // `startObservingChanges` listens before it returns, so no change can come too early.
    let first = loader.startObservingChanges()
    let second = loader.startObservingChanges()

    source.append("A")
    _ = try await transitions.until { $0.phase == .content && $0.refresh == .idle }
    second.cancel()
    source.append("B")
    _ = try await transitions.until { $0.items.count == 2 && $0.refresh == .idle }
    let third = loader.startObservingChanges()
    first.cancel()
    source.append("C")
    let last = try await transitions.until { $0.items.count == 3 && $0.refresh == .idle }
    #expect(Array(last.last?.state.items ?? []) == ["A", "B", "C"])
    third.cancel()
    #expect(first.isCancelled && second.isCancelled && third.isCancelled)
  }

  @Test func anObservationDoesNotKeepItsLoaderAlive() async {
    let source = ArrayPageSource<Int>()
    weak var released: ListLoader<ArrayPageSource<Int>>?
    let observation: ChangeObservation
    do {
      let loader = ListLoader(source: source, makeInvalidations: { source.changes })
      released = loader
      observation = loader.startObservingChanges()
      #expect(await loader.loadNextPage().phase == .empty)
    }
    for _ in 0..<1_000 where released != nil { await Task.yield() }
    #expect(released == nil)
    // The loader took its observation with it: nothing is asked of the source any more.
    #expect(observation.isCancelled)
    let requests = source.pageRequests
    source.append(1)
    #expect(source.pageRequests == requests)
  }

  @Test func aLoaderWithoutInvalidationsHasNothingToObserve() {
    let observation = ListLoader(source: ArrayPageSource<Int>()).startObservingChanges()
    #expect(observation.isCancelled)
  }
}
