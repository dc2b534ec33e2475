import ListPagingTesting
import Testing

@testable import ListPaging

/// A loader's streams end from the reader's side as well as the loader's: a cancelled reader
/// and a dropped stream unsubscribe, a waiting reader is resumed by the next transition on its
/// own actor, and what is buffered is read in order without waiting.
@Suite struct ListStreamTests {
  typealias Loader = ListLoader<ArrayPageSource<Int>>

  static func subscribers(_ loader: Loader) -> (transitions: Int, events: Int) {
    loader.core.withLock { ($0.transitionSubscribers.count, $0.eventSubscribers.count) }
  }

  /// Yields until `condition` holds, at most 10,000 times.
  static func settle(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<10_000 {
      if condition() { return true }
      await Task.yield()
    }
    return condition()
  }

  @Test func whatIsBufferedIsTakenAtOnceAndOnlyOnce() async {
    let loader = Loader(source: ArrayPageSource(Array(0..<3)), pageSize: 2)
    let events = loader.events
    #expect(events.takeBuffered() == [])
    // The source answers at once: the page's events are buffered when the call returns.
    await loader.loadNextPage()
    #expect(events.takeBuffered() == [.loading(page: 1), .loaded(page: 1, count: 2, hasMore: true)])
    #expect(events.takeBuffered() == [])
    await loader.loadNextPage()
    #expect(events.takeBuffered().first == .loading(page: 2))
    // What was taken is not read again: the stream goes on with what comes next.
    await loader.refresh()
    var iterator = events.makeAsyncIterator()
    #expect(await iterator.next() == .refreshing(automatic: false))
  }

  @Test func aDroppedStreamUnsubscribes() {
    let loader = Loader(source: ArrayPageSource(Array(0..<4)), pageSize: 2)
    do {
      let transitions = loader.transitions
      let events = loader.events
      #expect(Self.subscribers(loader) == (1, 1))
      _ = (transitions, events)
    }
    #expect(Self.subscribers(loader) == (0, 0))
    // An iterator keeps its stream's subscription after the stream itself is gone.
    var iterator = loader.transitions.makeAsyncIterator()
    #expect(Self.subscribers(loader) == (1, 0))
    loader.send(.loadNextPage)
    _ = iterator
    iterator = loader.transitions.makeAsyncIterator()
    #expect(Self.subscribers(loader) == (1, 0))
  }

  @Test func aCancelledReaderEndsItsStreamAndIsNoLongerPublishedTo() async {
    let loader = Loader(source: ArrayPageSource(Array(0..<100)), pageSize: 1)
    let stream = loader.transitions
    let reader = Task {
      var read = 0
      for await _ in stream { read += 1 }
      return read
    }
    let waiting = await Self.settle { stream.reader.buffer.state.withLock { $0.waiter != nil } }
    #expect(waiting)
    await loader.loadNextPage()
    reader.cancel()
    let read = await reader.value
    #expect(read <= 2)
    #expect(Self.subscribers(loader).transitions == 0)
    // Publishing goes on for the loader's other subscribers, and for none.
    #expect(await loader.loadNextPage().pagesLoaded == 2)
  }

  @Test func aWaitingReaderIsResumedByTheNextTransition() async throws {
    let loader = Loader(source: ArrayPageSource(Array(0..<3)), pageSize: 2)
    let stream = loader.transitions
    let reader = Task { () -> [Int] in
      var numbers: [Int] = []
      for await transition in stream {
        numbers.append(transition.number)
        if transition.state.endReached { break }
      }
      return numbers
    }
    let waiting = await Self.settle { stream.reader.buffer.state.withLock { $0.waiter != nil } }
    #expect(waiting)
    await loader.loadNextPage()
    await loader.loadNextPage()
    #expect(await reader.value == [1, 2, 3, 4])
  }

  @MainActor @Test func aReaderOnTheMainActorReadsEveryTransitionThere() async {
    let loader = Loader(source: ArrayPageSource(Array(0..<10)), pageSize: 3)
    let (current, transitions) = loader.subscribe()
    #expect(current.phase == .idle)
    for _ in 0..<4 { await loader.loadNextPage() }
    var numbers: [Int] = []
    for await transition in transitions {
      MainActor.assertIsolated()
      numbers.append(transition.number)
      if transition.state.endReached { break }
    }
    #expect(numbers == Array(1...8))
  }
}
