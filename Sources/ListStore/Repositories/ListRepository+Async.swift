import Dispatch

/// The repository calls for async code: each runs its SQLite work on a queue of the store's
/// own, never on the caller's thread, so an app's main actor does not wait on the file (a
/// write waiting for another process's lock, a read from a slow disk) while it awaits.
///
/// For example, from a view model on the main actor:
///
/// ```swift
/// let page = try await database.orders().page(after: nil, limit: 20)
/// ```
///
/// Each call behaves exactly as its synchronous twin: the same result, the same errors.
extension ListRepository {
  /// Validates and adds one item, off the caller's thread. See ``add(_:)``.
  @discardableResult
  public func add(_ draft: Draft) async throws(ListStoreError) -> Item {
    try await database.offCaller { () throws(ListStoreError) in try self.add(draft) }
  }

  /// The item with `id`, or nil, read off the caller's thread. See ``item(id:)``.
  public func item(id: Int64) async throws(ListStoreError) -> Item? {
    try await database.offCaller { () throws(ListStoreError) in try self.item(id: id) }
  }

  /// The page of up to `limit` items after `cursor`, read off the caller's thread. See
  /// ``page(after:limit:)``.
  public func page(after cursor: ListCursor?, limit: Int) async throws(ListStoreError) -> ListPage<
    Item
  > {
    try await database.offCaller { () throws(ListStoreError) in
      try self.page(after: cursor, limit: limit)
    }
  }

  /// The number of items, read off the caller's thread. See ``count()``.
  public func count() async throws(ListStoreError) -> Int {
    try await database.offCaller { () throws(ListStoreError) in try self.count() }
  }

  /// Whether the list has no items, read off the caller's thread. See ``isEmpty()``.
  public func isEmpty() async throws(ListStoreError) -> Bool {
    try await database.offCaller { () throws(ListStoreError) in try self.isEmpty() }
  }

  /// Removes the items with `ids`, all or none, off the caller's thread. See ``remove(ids:)``.
  public func remove(ids: [Int64]) async throws(ListStoreError) {
    try await database.offCaller { () throws(ListStoreError) in try self.remove(ids: ids) }
  }

  /// Removes every item of the account's list, off the caller's thread. See ``clear()``.
  @discardableResult
  public func clear() async throws(ListStoreError) -> Int {
    try await database.offCaller { () throws(ListStoreError) in try self.clear() }
  }

  /// Adds every draft of `drafts` in one transaction, all or nothing, off the caller's thread.
  /// See ``importItems(_:)``.
  @discardableResult
  public func importItems(_ drafts: some Sequence<Draft> & Sendable) async throws(ListStoreError)
    -> Int
  {
    try await database.offCaller { () throws(ListStoreError) in try self.importItems(drafts) }
  }
}

extension ListsDatabase {
  /// Where the async calls run their SQLite work: a concurrent queue, so reads run side by
  /// side on the readers while writes take turns on the writer, and a call that waits (for a
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
