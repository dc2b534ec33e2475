import ListPaging

/// A fetch effect, as a value tests can compare.
struct Fetch: Equatable, CustomStringConvertible {
  var request: RequestID
  var target: PageRequest<Int>
  var page: Int
  var limit: Int

  /// The cursor the page is asked after, before or around.
  var cursor: Int? {
    switch target {
    case .after(let cursor): cursor
    case .before(let cursor), .around(let cursor): cursor
    }
  }

  var description: String { "fetch \(request) \(target) p\(page)" }
}

extension Array {
  /// The fetches among these effects, in order.
  func fetches<Item>() -> [Fetch] where Element == LoaderEffect<Item, Int> {
    compactMap { effect in
      guard case .fetch(let request, let target, let page, let limit) = effect else { return nil }
      return Fetch(request: request, target: target, page: page, limit: limit)
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

/// A page of the integers in `range` that ends where the page at `previous` ends (nil: the
/// page holds the first item), followed by the page at `next`.
func page(_ range: ClosedRange<Int>?, next: Int?, previous: Int?) -> SourcePage<Int, Int> {
  SourcePage(items: range.map(Array.init) ?? [], nextCursor: next, previousCursor: previous)
}
