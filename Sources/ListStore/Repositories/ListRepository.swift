import ListPaging
import SQLiteCore

/// What every list's repository offers: adding, reading, keyset pages, counting, removing,
/// importing and exporting the items of one account.
///
/// Repositories are cheap values bound to a database and an account; accounts never see each
/// other's rows.
public protocol ListRepository: Sendable {
  /// The stored item, e.g. ``Order``.
  associatedtype Item: Sendable & Identifiable where Item.ID == Int64
  /// What adding takes: the item without its id, e.g. ``OrderDraft``.
  associatedtype Draft: Sendable
  /// What selects some of the list's items — a search and filters (``KindQuery``) for a kind
  /// read through ``KindItems`` or ``KindRepository`` — or `Never` for a list that takes none.
  associatedtype Query: Sendable = Never

  /// The list this repository keeps: its kind's name is its table's and its kept count's,
  /// e.g. `orders` or an app's `books`.
  var list: KindName { get }
  /// The database the list lives in.
  var database: ListsDatabase { get }
  /// The account whose items this repository sees.
  var account: String { get }

  /// Validates and adds one item.
  /// - Throws: ``ListStoreError`` naming the invalid field, a duplicate, or a database failure.
  @discardableResult
  func add(_ draft: Draft) throws(ListStoreError) -> Item

  /// The item with `id`, or nil when the account's list has none.
  func item(id: Int64) throws(ListStoreError) -> Item?

  /// The page of up to `limit` items after `cursor` (from the start when nil), in the list's
  /// order.
  ///
  /// Pages are keyset pages: the cost of a page does not depend on how deep it is.
  /// - Throws: ``ListStoreError/invalidCursor(kind:)`` when `cursor` was not made by this list
  ///   and account; ``ListStoreError/invalidLimit(_:allowed:)``.
  func page(after cursor: ListCursor?, limit: Int) throws(ListStoreError) -> ListPage<Item>

  /// The page of up to `limit` items that `query` selects after `cursor` (from the start when
  /// nil), in the list's order; ``ListPage/listHasItems`` says, for an empty first page, whether
  /// the list has items all the same. Provided for a list that takes no query.
  func page(matching query: Query, after cursor: ListCursor?, limit: Int) throws(ListStoreError) -> ListPage<Item>

  /// The page of up to `limit` items that `query` selects (nil: the whole list) that `request`
  /// names: after a place, before it (its ``ListPage/previousCursor`` continues towards the
  /// start), or starting at an item (``cursor(at:)``).
  /// - Throws: ``ListStoreError/invalidCursor(kind:)`` for a cursor of another query, list or
  ///   account; ``ListStoreError/invalidLimit(_:allowed:)``.
  func page(_ request: PageRequest<ListCursor>, matching query: Query?, limit: Int) throws(ListStoreError)
    -> ListPage<Item>

  /// The cursor of the item with `id`, for ``page(_:matching:limit:)`` or a loader around it;
  /// nil when the account's list has no such item.
  func cursor(at id: Int64) throws(ListStoreError) -> ListCursor?

  /// Adds every draft that `next` returns until it returns nil, in one transaction: all or
  /// nothing. Returns how many items were added (a favorite already present adds nothing).
  ///
  /// The drafts are streamed: only one is in memory at a time. `next` runs while the import
  /// holds the write transaction, though not a lock that reads need: it may read the store
  /// (reads see what was committed before the import), but a write from inside it throws
  /// ``ListStoreError/nestedWrite``.
  /// - Throws: an error thrown by `next`, unchanged; ``ListStoreError/importRejected(position:reason:)``
  ///   for an invalid item (its 1-based position); or a database error. Nothing is added then.
  @discardableResult
  func importItems(from next: () throws -> Draft?) throws -> Int

  /// Calls `body` with every item of the list, in the list's order, from one consistent
  /// snapshot, holding one item in memory at a time.
  ///
  /// No lock is held while `body` runs: it may read the store (count another list, read an
  /// item) and write to it; what it writes is not in the snapshot being exported. On an
  /// in-memory database, whose one connection holds the snapshot, a write throws
  /// ``ListStoreError/nestedWrite``.
  func export(_ body: (Item) throws -> Void) throws

  /// Removes the items with `ids`, all or none.
  /// - Throws: ``ListStoreError/itemsNotFound(kind:ids:removing:)`` (`removing` true) listing
  ///   the ids the account's list does not have; nothing is removed then.
  func remove(ids: [Int64]) throws(ListStoreError)

  /// Removes every item of the account's list. Returns how many were removed.
  @discardableResult
  func clear() throws(ListStoreError) -> Int

  /// Checks that `cursor` was made by this list for this account, without reading the list.
  /// - Throws: ``ListStoreError/invalidCursor(kind:)``.
  func validate(_ cursor: ListCursor) throws(ListStoreError)
}

extension ListRepository {
  /// The number of items, read from the count kept beside the list: O(1) however long it is.
  public func count() throws(ListStoreError) -> Int {
    try database.keptCount(of: ChangeHub.Key(account: account, list: list.rawValue))
  }

  /// Whether the list has no items: O(1), from the kept count.
  public func isEmpty() throws(ListStoreError) -> Bool {
    try count() == 0
  }

  /// An async sequence that yields after each committed change to this list, by this database,
  /// another connection or another process.
  public func changes() throws(ListStoreError) -> AsyncStream<Void> {
    try database.changeStream(of: ChangeHub.Key(account: account, list: list.rawValue))
  }

  /// Adds every draft of `drafts` in one transaction: all or nothing.
  /// - Throws: ``ListStoreError/importRejected(position:reason:)`` naming the first invalid
  ///   draft's 1-based position, or a database error. Nothing is added then.
  @discardableResult
  public func importItems(_ drafts: some Sequence<Draft>) throws(ListStoreError) -> Int {
    var iterator = drafts.makeIterator()
    do {
      return try importItems(from: { iterator.next() })
    } catch {
      throw ListStoreError.wrap(error, path: database.path)
    }
  }
}

extension ListRepository where Query == Never {
  /// Never called: there is no query to give.
  public func page(matching query: Never, after cursor: ListCursor?, limit: Int) throws(ListStoreError)
    -> ListPage<Item>
  {}
}
