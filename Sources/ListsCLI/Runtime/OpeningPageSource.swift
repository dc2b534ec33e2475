import ListPaging
import ListStore
import Synchronization

/// A list's pages, from a database opened by the first page request.
///
/// Opening inside the load makes a busy, newer or broken file what it is for a person looking
/// at the list: a failed load with its error placeholder. The last store error is kept so the
/// command can exit with its code.
package final class OpeningPageSource<Repository: ListRepository>: PageSource {
  private let open: @Sendable () throws(ListStoreError) -> ListsDatabase
  private let repository: @Sendable (ListsDatabase) -> Repository
  private let start: ListCursor?
  private let state = Mutex<(database: ListsDatabase?, lastError: ListStoreError?)>((nil, nil))

  /// A source that opens the database with `open` and pages `repository(database)`, starting
  /// after `start`.
  package init(
    open: @escaping @Sendable () throws(ListStoreError) -> ListsDatabase,
    repository: @escaping @Sendable (ListsDatabase) -> Repository, startingAfter start: ListCursor?
  ) {
    self.open = open
    self.repository = repository
    self.start = start
  }

  /// The opened database, once a page request opened it.
  package var database: ListsDatabase? { state.withLock { $0.database } }

  /// The error of the last failed request, if any.
  package var lastError: ListStoreError? { state.withLock { $0.lastError } }

  /// Opens the database if needed and reads the page after `cursor`.
  package func page(after cursor: ListCursor?, limit: Int) async throws -> SourcePage<Repository.Item, ListCursor> {
    do {
      let database = try openedDatabase()
      let page = try await RepositoryPageSource(repository(database), startingAfter: start)
        .page(after: cursor, limit: limit)
      state.withLock { $0.lastError = nil }
      return page
    } catch let error as ListStoreError {
      state.withLock { $0.lastError = error }
      throw error
    }
  }

  private func openedDatabase() throws(ListStoreError) -> ListsDatabase {
    if let database { return database }
    let opened = try open()
    return state.withLock { state in
      if let database = state.database { return database }
      state.database = opened
      return opened
    }
  }
}

extension OpeningPageSource {
  /// The list's name, for messages: `orders`.
  package var listName: String { Repository.list.rawValue }
}
