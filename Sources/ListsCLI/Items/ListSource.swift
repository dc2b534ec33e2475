import ListPaging
import ListStore

/// A list as `show` pages it through the loader: the kind's items, whole or as the loader's
/// query selects them, or the reason they could not be read.
///
/// Opening the file is part of the first page: a busy or broken file is a failed load, with
/// its error placeholder, its events and its exit code, like any other. The source reads at
/// once (a ``SynchronousPageSource``), so the loader completes each page inside the call that
/// asked for it, with no task, and reads no change version: `show` observes nothing.
struct ListSource: SynchronousPageSource {
  typealias Item = DynamicItem
  typealias Cursor = ListCursor
  typealias Query = KindQuery

  /// The items, or why the file or the kind could not be read.
  let items: Result<KindItems, ListStoreError>
  /// Where the first page starts: after this cursor, or at the beginning when nil.
  let start: ListCursor?
  /// Where the first page ends instead (`show --before`): it is the page before this cursor.
  var end: ListCursor? = nil

  func pageNow(after cursor: ListCursor?, limit: Int) throws -> SourcePage<DynamicItem, ListCursor> {
    try pageNow(after: cursor, limit: limit, query: nil)
  }

  func pageNow(after cursor: ListCursor?, limit: Int, query: KindQuery?) throws
    -> SourcePage<DynamicItem, ListCursor>
  {
    if cursor == nil, let end { return try pageNow(before: end, limit: limit, query: query) }
    return try RepositoryPageSource(items.get(), startingAfter: start).pageNow(after: cursor, limit: limit, query: query)
  }

  func pageNow(before cursor: ListCursor, limit: Int, query: KindQuery?) throws
    -> SourcePage<DynamicItem, ListCursor>
  {
    try RepositoryPageSource(items.get()).pageNow(before: cursor, limit: limit, query: query)
  }

  func pageNow(around cursor: ListCursor, limit: Int, query: KindQuery?) throws
    -> SourcePage<DynamicItem, ListCursor>
  {
    try RepositoryPageSource(items.get()).pageNow(around: cursor, limit: limit, query: query)
  }
}
