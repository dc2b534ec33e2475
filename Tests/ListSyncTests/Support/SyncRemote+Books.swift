import ListStore
import ListStoreTesting
import ListSync

extension SyncRemote {
  /// The books of `database`, synced whole with this remote once someone else added `count`
  /// items to it (`Item 1`, `Item 2`, …): pages of `pageSize`, retries as `retry`, and
  /// checkpoints when `checkpoints` (the Python remote offers none unless asked; lists-server
  /// always does).
  func syncedBooks(
    in database: ListsDatabase, count: Int = 3, checkpoints: Bool = false, pageSize: Int = 50,
    retry: RetryPolicy = .never
  ) async throws -> (KindItems, KindSync) {
    let books = try Books.register(database)
    if checkpoints { try await offerCheckpoints() }
    try await add(count: count)
    let sync = Books.sync(books, try client(pageSize: pageSize, retry: retry))
    try await sync.all()
    return (books, sync)
  }

  /// Runs `body` with a new remote of `kind` and a new database whose books are synced with it
  /// (``syncedBooks(in:count:checkpoints:pageSize:retry:)``).
  static func withSyncedBooks(
    _ kind: RemoteKind, count: Int = 3, checkpoints: Bool = false, pageSize: Int = 50,
    serverOptions: [String] = [],
    _ body: (SyncRemote, ListsDatabase, KindItems, KindSync) async throws -> Void
  ) async throws {
    try await with(kind, serverOptions: serverOptions) { remote in
      try await withTemporaryDatabase { database in
        let (books, sync) = try await remote.syncedBooks(
          in: database, count: count, checkpoints: checkpoints, pageSize: pageSize)
        try await body(remote, database, books, sync)
      }
    }
  }
}
