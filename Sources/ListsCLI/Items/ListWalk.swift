import ListPaging
import ListStore

/// How `show` runs a loader: the first page, then with `--all` every page until the end or a
/// failure, keeping the events the loader published on the way.
enum ListWalk {
  /// Where a walk ended, and what it published.
  struct Ended: Sendable {
    /// The loader's last state.
    var state: ListState<DynamicItem>
    /// Where the next page starts, nil at the end.
    var nextCursor: ListCursor?
    /// Where the page before the shown ones ends, nil at the start.
    var previousCursor: ListCursor?
    /// Every event the loader published, in order; empty unless asked for.
    var events: [PageEvent]
  }

  /// Walks `loader` with `query` (nil: the whole list) and releases it.
  ///
  /// The loader's `events` stream is the one every subscriber of a loader reads; the walk
  /// reads it once the loader is gone, which ends the stream after its last event.
  static func run<Source: PageSource>(
    _ loader: consuming ListLoader<Source>, query: Source.Query?, all: Bool, events wanted: Bool
  ) async -> Ended where Source.Item == DynamicItem, Source.Cursor == ListCursor {
    let events = wanted ? loader.events : nil
    if let query { loader.setQuery(query) }
    var state = await loader.loadNextPage()
    while all && state.phase == .content && !state.endReached, case .idle = state.append {
      state = await loader.loadNextPage()
    }
    let (_, previousCursor, nextCursor) = loader.stateAndCursors
    _ = consume loader
    var published: [PageEvent] = []
    if let events {
      for await event in events { published.append(event) }
    }
    return Ended(state: state, nextCursor: nextCursor, previousCursor: previousCursor, events: published)
  }
}
