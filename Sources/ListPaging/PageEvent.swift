/// What happened to a list, page by page: the events a loader publishes on `ListLoader.events`.
///
/// A first load of an empty list emits `loading(page: 1)`, `empty`. A walk over three pages emits
/// `loading(page: 1)`, `loaded(page: 1, count: 20, hasMore: true)`, `loading(page: 2)`, ...,
/// `loaded(page: 3, count: 5, hasMore: false)`, `end(pages: 3, items: 45)`.
public enum PageEvent: Sendable, Hashable {
  /// Page `page` (counted from 1) was requested.
  case loading(page: Int)
  /// Page `page` arrived with `count` items; `hasMore` tells whether another page follows.
  case loaded(page: Int, count: Int, hasMore: Bool)
  /// Page `page` failed.
  case failed(page: Int, error: LoadError)
  /// The first page came back with no items.
  case empty
  /// The first page came back with no items, though the list has some: none match the query.
  case noResults
  /// The last page was loaded: `pages` pages holding `items` items in all.
  case end(pages: Int, items: Int)
  /// A refresh started; `automatic` when the data changed, not because someone asked.
  case refreshing(automatic: Bool)
  /// A refresh replaced the content with `count` items; `hasMore` tells whether pages follow.
  case refreshed(count: Int, hasMore: Bool)
  /// A refresh failed and the previous content was kept.
  case refreshFailed(error: LoadError)
}
