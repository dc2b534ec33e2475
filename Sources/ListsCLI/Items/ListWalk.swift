import ListPaging
import ListStore

/// How `show` and `watch` run a loader over a source that answers at once: one page at a time,
/// with the events the loader published for it.
enum ListWalk {
  /// Where a walk stands after a page, and what the loader published for it.
  struct Step: Sendable {
    /// The loader's state.
    var state: ListState<DynamicItem>
    /// Where the next page starts, nil at the end.
    var nextCursor: ListCursor?
    /// Where the page before the shown ones ends, nil at the start.
    var previousCursor: ListCursor?
    /// The events the loader published for the page, in order; empty unless asked for.
    var events: [PageEvent]
  }

  /// Loads the first page of `loader` with `query` (nil: the whole list).
  ///
  /// - Parameter events: The loader's `events`, taken before anything was asked; nil when they
  ///   are not wanted.
  static func first<Source: PageSource>(
    _ loader: ListLoader<Source>, query: Source.Query?, events: ListStream<PageEvent>?
  ) async -> Step where Source.Item == DynamicItem, Source.Cursor == ListCursor {
    if let query { loader.setQuery(query) }
    _ = await loader.loadNextPage()
    return step(loader, events: events)
  }

  /// Whether a page follows the ones `state` shows, to be asked for: the content shows, the end
  /// was not reached and no page failed.
  static func continues(_ state: ListState<DynamicItem>) -> Bool {
    guard state.phase == .content, !state.endReached, case .idle = state.append else { return false }
    return true
  }

  /// Loads the page after the shown ones, when one ``continues(_:)`` them; nil otherwise.
  static func next<Source: PageSource>(
    _ loader: ListLoader<Source>, events: ListStream<PageEvent>?
  ) async -> Step? where Source.Item == DynamicItem, Source.Cursor == ListCursor {
    guard continues(loader.state) else { return nil }
    _ = await loader.loadNextPage()
    return step(loader, events: events)
  }

  /// Where `loader` stands now. The source answers at once, so the page asked for has settled
  /// and every event it published is buffered.
  private static func step<Source: PageSource>(_ loader: ListLoader<Source>, events: ListStream<PageEvent>?)
    -> Step where Source.Item == DynamicItem, Source.Cursor == ListCursor
  {
    let (state, previousCursor, nextCursor) = loader.stateAndCursors
    return Step(
      state: state, nextCursor: nextCursor, previousCursor: previousCursor, events: events?.takeBuffered() ?? [])
  }

  /// The items of `state` after the one with id `last`, looked for among the last `limit + 1`
  /// (all of them when it is not there): what the page just loaded added, whatever pages were
  /// dropped before it.
  static func items(of state: ListState<DynamicItem>, after last: Int64?, limit: Int) -> [DynamicItem] {
    let items = state.items
    var index = items.endIndex
    while index > items.startIndex, items.endIndex - index <= limit {
      if items[index - 1].id == last { return Array(items[index...]) }
      index -= 1
    }
    return Array(items)
  }
}
