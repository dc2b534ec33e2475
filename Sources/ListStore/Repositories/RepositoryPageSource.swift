import ListPaging

/// A repository as the page source of a `ListLoader`: the loader pages the list,
/// and the database's change notifications refresh it.
///
/// Pages are read synchronously from SQLite (a `SynchronousPageSource`), so a
/// loader driving this source completes each page inside the call that asked for it.
///
/// For example:
///
/// ```swift
/// let loader = database.orders().loader(pageSize: 20)
/// let state = await loader.loadNextPage()   // .content, .empty or .error
/// ```
public struct RepositoryPageSource<Repository: ListRepository>: SynchronousPageSource {
  /// The list's items.
  public typealias Item = Repository.Item
  /// The store's cursors.
  public typealias Cursor = ListCursor
  /// What selects some of the items: ``KindQuery`` for a kind's items, `Never` for a list that
  /// takes no query.
  public typealias Query = Repository.Query

  /// The repository pages come from.
  public let repository: Repository
  /// Where the first page starts: after this cursor, or at the beginning when nil.
  public let start: ListCursor?

  /// A source for `repository` whose first page starts after `start`.
  public init(_ repository: Repository, startingAfter start: ListCursor? = nil) {
    self.repository = repository
    self.start = start
  }

  /// The page `request` names, of up to `limit` items that `query` selects (the whole list when
  /// nil), read now: after `cursor` (after ``start`` when nil), before it, or starting at the
  /// item it was made for (``ListRepository/cursor(at:)``). An empty first page of a list that
  /// has items is the loader's `ListPhase.noResults`.
  /// - Throws: ``ListStoreError``.
  ///
  /// Inlinable, as the repositories' pages are: a loader of a concrete repository then reads
  /// each row into its record type directly, not through generic code that looks the type up
  /// and appends through a witness for every row.
  @inlinable
  public func synchronousPage(_ request: PageRequest<ListCursor>, limit: Int, query: Repository.Query?)
    throws
    -> SourcePage<Repository.Item, ListCursor>
  {
    guard case .after(let cursor) = request else {
      let page = try repository.page(request, matching: query, limit: limit)
      return SourcePage(
        items: page.items, nextCursor: page.nextCursor, listHasItems: page.listHasItems,
        previousCursor: page.previousCursor)
    }
    // The first page after ``start`` says where the page before it ends: at ``start``.
    let previous = cursor == nil ? start : nil
    guard let query else {
      let page = try repository.page(after: cursor ?? start, limit: limit)
      return SourcePage(items: page.items, nextCursor: page.nextCursor, previousCursor: previous)
    }
    let page = try repository.page(matching: query, after: cursor ?? start, limit: limit)
    return SourcePage(
      items: page.items, nextCursor: page.nextCursor, listHasItems: page.listHasItems,
      previousCursor: previous)
  }
}

extension ListRepository {
  /// The type of this list's loader: `OrdersRepository.Loader`.
  public typealias Loader = ListLoader<RepositoryPageSource<Self>>
  /// The type of a screen's model of this list: `OrdersRepository.Model`.
  public typealias Model = ListModel<RepositoryPageSource<Self>>

  /// A loader over this list, `pageSize` items a page, that refreshes by itself when the list
  /// changes — through this database, another connection, or another process — while it is
  /// observed: `ListLoader/startObservingChanges()`,
  /// `ListLoader/observeChanges()` or `ListModel/run(observingChanges:)`.
  ///
  /// Each observation follows a change stream of its own, so observations may be cancelled and
  /// started again (a SwiftUI view's `.task`) and run several at once. One that starts after a
  /// change nobody observed (made while the view was away) refreshes the loader at once.
  ///
  /// Making a loader reads nothing that can fail: a file that cannot be read shows as the first
  /// page's error. (When the list's change version cannot be read now, the first observation
  /// refreshes at once, as after a change nobody observed.)
  ///
  /// For example, a screen opened at the order a notification named:
  ///
  /// ```swift
  /// let orders = database.orders()
  /// let loader = orders.loader(around: try orders.cursor(at: id), maxItems: 500)
  /// await loader.loadNextPage()       // the page that starts at the order
  /// await loader.loadPreviousPage()   // the orders before it
  /// ```
  /// - Parameters:
  ///   - pageSize: How many items a page holds.
  ///   - start: Begin after this cursor instead of at the start of the list; an empty first
  ///     page then means the end was reached (phase `content`), not an empty list.
  ///   - around: Begin at the item this cursor was made for (``cursor(at:)``) and page both
  ///     ways from it.
  ///   - maxItems: The most items the loader keeps (at least three pages); nil keeps all.
  public func loader(
    pageSize: Int = 20, startingAfter start: ListCursor? = nil, around: ListCursor? = nil,
    maxItems: Int? = nil
  ) -> Loader {
    let key = ChangeHub.Key(account: account, list: list.rawValue)
    let changes = LoaderChanges(key, version: try? database.changeVersion(of: key))
    let database = self.database
    return ListLoader(
      source: RepositoryPageSource(self, startingAfter: start), pageSize: pageSize,
      makeInvalidations: { changes.stream(database) }, beginsMidList: start != nil, around: around,
      maxItems: maxItems)
  }

  /// A screen's model of this list: its loader (``loader(pageSize:startingAfter:around:maxItems:)``), the
  /// list's name for its placeholders, and for a synced list its sync's statuses. Call
  /// `ListModel/run(observingChanges:)` to keep it up to date. For example:
  ///
  /// ```swift
  /// @State var model: OrdersRepository.Model = database.orders().model()
  /// var body: some View {
  ///   content.task { await model.run() }
  /// }
  /// ```
  /// - Parameters:
  ///   - pageSize: How many items a page holds.
  ///   - placeholders: Where the placeholders and notices come from.
  ///   - syncStatuses: For a synced list, makes the stream of its sync's statuses (a sync
  ///     engine's `statuses`).
  @MainActor
  public func model(
    pageSize: Int = 20, placeholders: PlaceholderCatalog = PlaceholderCatalog(),
    syncStatuses: (@Sendable () -> AsyncStream<SyncStatus>)? = nil
  ) -> Model {
    ListModel(
      loader: loader(pageSize: pageSize), list: list.rawValue, placeholders: placeholders,
      syncStatuses: syncStatuses)
  }

}

/// The store's errors carry their own classification: only a busy database is worth retrying.
extension ListStoreError: ClassifiedError {}
