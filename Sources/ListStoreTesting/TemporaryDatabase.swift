import ListStore

/// Runs `body` with a fresh database for one test and removes it afterwards.
///
/// The database is a real file in WAL mode, in a folder of its own, as in production — not
/// `:memory:`, where WAL, locking and other connections do not exist. The folder, the file and
/// its `-wal` and `-shm` files are removed when `body` returns or throws. For example, in a
/// Swift Testing test:
/// ```swift
/// @Test func newOrdersComeFirst() async throws {
///   try await withTemporaryDatabase { database in
///     let orders = database.orders()
///     try await orders.importItems(Seed.orders.drafts(3))
///     #expect(try await orders.page(after: nil, limit: 1).items.first?.number == "A-1003")
///   }
/// }
/// ```
/// - Parameters:
///   - configuration: How the database is opened (a fixed clock, a busy timeout).
///   - isolation: The actor `body` runs on: the caller's.
///   - body: The test, given the open database.
/// - Throws: what `body` throws, or `ListStoreError` when the database cannot be created.
@discardableResult
public func withTemporaryDatabase<T>(
  configuration: ListsDatabase.Configuration = ListsDatabase.Configuration(),
  isolation: isolated (any Actor)? = #isolation,
  _ body: (ListsDatabase) async throws -> T
) async throws -> T {
  try await withTemporaryFolder { folder in
    let database = try ListsDatabase(path: folder.path(), configuration: configuration)
    return try await body(database)
  }
}

/// Runs `body` with a fresh database for one test and removes it afterwards; the synchronous
/// form of ``withTemporaryDatabase(configuration:isolation:_:)``.
/// - Parameters:
///   - configuration: How the database is opened (a fixed clock, a busy timeout).
///   - body: The test, given the open database.
/// - Throws: what `body` throws, or `ListStoreError` when the database cannot be created.
@discardableResult
public func withTemporaryDatabase<T>(
  configuration: ListsDatabase.Configuration = ListsDatabase.Configuration(),
  _ body: (ListsDatabase) throws -> T
) throws -> T {
  try withTemporaryFolder { folder in
    try body(try ListsDatabase(path: folder.path(), configuration: configuration))
  }
}
