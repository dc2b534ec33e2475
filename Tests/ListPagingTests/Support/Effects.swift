import ListPaging

/// A fetch effect, as a value tests can compare.
struct Fetch: Equatable, CustomStringConvertible {
  var request: RequestID
  var cursor: Int?
  var page: Int
  var limit: Int

  var description: String { "fetch \(request) cursor \(cursor.map(String.init) ?? "nil") p\(page)" }
}

extension Array {
  /// The fetches among these effects, in order.
  func fetches<Item>() -> [Fetch] where Element == LoaderEffect<Item, Int> {
    compactMap { effect in
      guard case .fetch(let request, let cursor, let page, let limit) = effect else { return nil }
      return Fetch(request: request, cursor: cursor, page: page, limit: limit)
    }
  }

  /// The published transitions among these effects, in order.
  func transitions<Item>() -> [ListTransition<Item>] where Element == LoaderEffect<Item, Int> {
    compactMap { effect in
      guard case .publish(let transition) = effect else { return nil }
      return transition
    }
  }

  /// The events of the published transitions, in order.
  func events<Item>() -> [PageEvent] where Element == LoaderEffect<Item, Int> {
    transitions().flatMap(\.events)
  }

  /// The cancelled requests, in order.
  func cancelled<Item>() -> [RequestID] where Element == LoaderEffect<Item, Int> {
    compactMap { effect in
      guard case .cancel(let request) = effect else { return nil }
      return request
    }
  }
}

/// A page of the integers in `range`, followed by the page at `next`.
func page(_ range: ClosedRange<Int>?, next: Int?) -> SourcePage<Int, Int> {
  SourcePage(items: range.map(Array.init) ?? [], nextCursor: next)
}
