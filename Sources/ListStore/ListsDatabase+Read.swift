import Dispatch
import SQLiteCore

extension ListsDatabase {
  /// Runs `body` — reads of any of the database's lists, through its repositories — off the
  /// caller's thread, on a queue of the store's own, and returns what it returns: the access
  /// point of async code that reads, as `database.write { }` is of async code that writes. An
  /// app's main actor never waits on the file while it awaits.
  ///
  /// Everything `body` reads is one consistent state of the file, whatever other connections
  /// commit meanwhile: a page and a count read inside agree.
  ///
  /// ```swift
  /// let (first, count) = try await database.read { database in
  ///   let orders = database.orders()
  ///   return (try orders.page(after: nil, limit: 20), try orders.count())
  /// }
  /// ```
  ///
  /// `body` only reads: a write from inside it throws ``ListStoreError/nestedWrite``.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws, unchanged; a database error.
  public func read<T: Sendable>(_ body: @escaping @Sendable (ListsDatabase) throws -> T) async throws -> T {
    try await offCaller { () throws -> T in try self.readSnapshot { try body(self) } }
  }

  /// Runs `body` in one read transaction that every read this thread makes inside it joins: on a
  /// reader of the pool, held for the whole of `body`, or, for an in-memory database, on its
  /// one connection, held too. A write from inside throws ``ListStoreError/nestedWrite``.
  func readSnapshot<T>(_ body: () throws -> T) throws -> T {
    do {
      guard let readers else {
        return try withConnection { connection in try connection.transaction(.deferred) { try body() } }
      }
      let me = Threads.currentID()
      return try readers.withReader { connection throws -> T in
        configuration.willUseConnection?()
        return try connection.transaction(.deferred) {
          let held = HeldReader(connection: connection)
          heldReads.withLock { $0[me] = held }
          heldReadCount.add(1, ordering: .relaxed)
          defer {
            heldReadCount.subtract(1, ordering: .relaxed)
            heldReads.withLock { $0[me] = nil }
          }
          return try body()
        }
      }
    } catch let error as SQLiteError {
      throw ListStoreError(error, path: path)
    }
  }

  /// The reader this thread holds for a ``read(_:)`` closure, if it runs one.
  var heldRead: Connection? {
    guard heldReadCount.load(ordering: .relaxed) > 0 else { return nil }
    let me = Threads.currentID()
    return heldReads.withLock { $0[me]?.connection }
  }

  /// Where the async access points run their SQLite work: a concurrent queue, so reads run side
  /// by side on the readers while writes take turns on the writer, and a call that waits (for a
  /// lock, for the disk) holds a thread of this queue, never one of Swift's cooperative pool.
  private static let workQueue = DispatchQueue(
    label: "lists.ListStore.work", qos: .userInitiated, attributes: .concurrent)

  /// Runs `work` on ``workQueue`` and resumes the caller with its result.
  func offCaller<T: Sendable, Failure: Error>(
    _ work: @escaping @Sendable () throws(Failure) -> T
  ) async throws(Failure) -> T {
    let result: Result<T, Failure> = await withCheckedContinuation { continuation in
      Self.workQueue.async {
        continuation.resume(returning: Result { () throws(Failure) -> T in try work() })
      }
    }
    return try result.get()
  }
}

/// A reader held by one thread for a ``ListsDatabase/read(_:)`` closure: only that thread finds
/// it (by its id) and uses it, hence `@unchecked`.
struct HeldReader: @unchecked Sendable {
  let connection: Connection
}
