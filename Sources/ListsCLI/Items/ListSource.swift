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

  func synchronousPage(_ request: PageRequest<ListCursor>, limit: Int, query: KindQuery?) throws
    -> SourcePage<DynamicItem, ListCursor>
  {
    // `show --before`: the first page is the page before ``end``.
    if case .after(nil) = request, let end {
      return try RepositoryPageSource(items.get()).synchronousPage(.before(end), limit: limit, query: query)
    }
    return try RepositoryPageSource(items.get(), startingAfter: start).synchronousPage(
      request, limit: limit, query: query)
  }
}
