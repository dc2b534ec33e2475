import ListPaging
import ListPagingTesting
import Testing

extension ListLoaderTests {
  @Test func slowConsumerGetsEveryTransitionInOrder() async throws {
    let pages = 2_000
    let loader = ListLoader(source: ArrayPageSource(Array(0..<pages)), pageSize: 1)
    let stream = loader.transitions
    let consumer = Task {
      var received: [ListTransition<Int>] = []
      for await transition in stream {
        received.append(transition)
        // Deliberately slower than the producer, so that thousands wait in the buffer.
        for _ in 0..<3 { await Task.yield() }
        if transition.state.endReached { break }
      }
      return received
    }
    for _ in 0..<pages + 5 { loader.send(.loadNextPage) }

    let received = await consumer.value
    #expect(received.count == 2 * pages)
    #expect(received.map(\.number) == Array(1...2 * pages))
    for (index, transition) in received.enumerated() {
      // Transitions alternate `loading(page: n)` and `loaded(page: n)`.
      let page = index / 2 + 1
      let shown = index.isMultiple(of: 2) ? page - 1 : page
      #expect(transition.state.items.count == shown)
      #expect(transition.state.items.last == (shown > 0 ? shown - 1 : nil))
    }
    #expect(received.last?.state.items.elementsEqual(0..<pages) == true)
  }

  @Test func transitionsFromManyTasksKeepOneOrder() async throws {
    let loader = ListLoader(source: ArrayPageSource(Array(0..<600)), pageSize: 3)
    var transitions = TransitionReader(loader.transitions)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<300 { await loader.loadNextPage() }
        }
      }
    }
    let seen = try await transitions.until(\.endReached)
    #expect(seen.count == 400)
    #expect(seen.map(\.number) == Array(1...400))
    for (earlier, later) in zip(seen, seen.dropFirst()) {
      #expect(later.previousPhase == earlier.state.phase)
      #expect(later.state.items.count >= earlier.state.items.count)
    }
    #expect(loader.state.items.elementsEqual(0..<600))
  }

  @Test func everySubscriberGetsEveryTransitionFromItsStart() async throws {
    let loader = ListLoader(source: ArrayPageSource(Array(0..<10)), pageSize: 4)
    var early = TransitionReader(loader.transitions)
    await loader.loadNextPage()
    let (current, stream) = loader.subscribe()
    #expect(current == loader.state)
    var late = TransitionReader(stream)
    await loader.loadNextPage()
    #expect(try await early.next().number == 1)
    #expect(try await early.next().number == 2)
    #expect(try await early.next().number == 3)
    let lateFirst = try await late.next()
    #expect(lateFirst.number == 3 && lateFirst.previousPhase == current.phase)
  }

  @Test func streamsFinishWhenTheLoaderIsReleased() async {
    var loader: ListLoader<ArrayPageSource<Int>>? = ListLoader(source: ArrayPageSource([1]))
    let transitions = loader?.transitions
    let events = loader?.events
    await loader?.loadNextPage()
    loader = nil
    var count = 0
    for await _ in transitions! { count += 1 }
    #expect(count == 2)
    var names: [String] = []
    for await event in events! { names.append(event.name) }
    #expect(names == ["loading", "loaded", "end"])
  }
}
