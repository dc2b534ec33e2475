import ListPaging
import Testing

/// Reads a loader's transitions one by one, failing the test if the stream ends early.
struct TransitionReader<Item: Sendable> {
  private var iterator: ListStream<ListTransition<Item>>.Iterator

  init(_ stream: ListStream<ListTransition<Item>>) {
    iterator = stream.makeAsyncIterator()
  }

  /// The next transition.
  mutating func next(sourceLocation: SourceLocation = #_sourceLocation) async throws
    -> ListTransition<Item>
  {
    try #require(await iterator.next(), "the stream ended", sourceLocation: sourceLocation)
  }

  /// Transitions up to and including the first whose state satisfies `done`.
  mutating func until(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ done: (ListState<Item>) -> Bool
  ) async throws -> [ListTransition<Item>] {
    var read: [ListTransition<Item>] = []
    repeat {
      read.append(try await next(sourceLocation: sourceLocation))
    } while !done(read[read.count - 1].state)
    return read
  }
}

/// Reads per-page events one by one, failing the test if the stream ends early.
struct EventReader {
  private var iterator: ListStream<PageEvent>.Iterator

  init(_ stream: ListStream<PageEvent>) {
    iterator = stream.makeAsyncIterator()
  }

  /// The next `count` events.
  mutating func next(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws
    -> [PageEvent]
  {
    var read: [PageEvent] = []
    for _ in 0..<count {
      read.append(try #require(await iterator.next(), sourceLocation: sourceLocation))
    }
    return read
  }
}
