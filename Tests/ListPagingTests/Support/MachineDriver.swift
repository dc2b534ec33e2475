import ListPaging
import Testing

/// A `LoaderMachine` plus everything it published, for tests that walk it through events.
struct MachineDriver {
  var machine: LoaderMachine<Int, Int>
  /// Every transition published so far, in order.
  private(set) var published: [ListTransition<Int>] = []
  /// The effects of the last event.
  private(set) var last: [LoaderEffect<Int, Int>] = []

  init(pageSize: Int = 3, beginsMidList: Bool = false, around: Int? = nil, maxItems: Int? = nil) {
    machine = LoaderMachine(
      pageSize: pageSize, beginsMidList: beginsMidList, around: around, maxItems: maxItems)
  }

  var state: ListState<Int> { machine.state }

  /// Every event published so far, in order.
  var events: [PageEvent] { published.flatMap(\.events) }

  /// Handles `event`, records what it published and returns its effects.
  @discardableResult
  mutating func send(_ event: LoaderEvent<Int, Int>) -> [LoaderEffect<Int, Int>] {
    last = machine.handle(event)
    published += last.transitions()
    return last
  }

  /// Handles `event`, which must ask for exactly one page, and returns that fetch.
  mutating func expectFetch(
    _ event: LoaderEvent<Int, Int>, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Fetch {
    let fetches = send(event).fetches()
    try #require(
      fetches.count == 1, "expected one fetch, got \(fetches)", sourceLocation: sourceLocation)
    return fetches[0]
  }

  /// Loads pages of three items until `pages` pages are shown, the last one with `next`.
  mutating func loadPages(_ pages: Int, lastNext: Int? = 99) throws {
    for number in 1...pages {
      let fetch = try expectFetch(.loadNextPage)
      let first = (number - 1) * 3
      send(
        .pageLoaded(
          fetch.request, page(first...first + 2, next: number == pages ? lastNext : number * 3)))
    }
  }
}
