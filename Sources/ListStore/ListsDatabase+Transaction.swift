import SQLiteCore
import Synchronization

extension ListsDatabase {
  /// Runs `body` in one `BEGIN IMMEDIATE` transaction and gives it the transaction: every write
  /// made through it — to any kind, typed (``ListsTransaction/records(of:account:)``), by name
  /// (``ListsTransaction/items(of:account:)``) or a built-in list's, registering a record's kind
  /// on first use — is committed together, or, when `body` throws, none of it.
  ///
  /// Each write inside runs in a savepoint of its own, so a write that fails (a duplicate, an
  /// invalid value) leaves nothing behind even when `body` catches its error and goes on. Reads
  /// made inside, through the transaction or the database, see what it wrote so far. The
  /// observers of every list it changed hear of it once, after the commit; after a rollback,
  /// never.
  ///
  /// For example, moving a book to an order in one step:
  ///
  /// ```swift
  /// try database.write { transaction in
  ///   try transaction.records(of: Book.self).remove(ids: [book.id])
  ///   try transaction.orders().add(OrderDraft(number: "A-1001", total: price))
  /// }
  /// ```
  ///
  /// Writes go through what `body` is given: a write through a repository of the database
  /// itself (`database.orders().add(…)`) from inside throws ``ListStoreError/nestedWrite``, as
  /// a `write` inside another one does. The transaction and its repositories are valid inside
  /// `body`, on the thread that runs it: a write through them after `body` returned, or from
  /// another thread or task, stops the program with a message naming the mistake.
  /// - Parameter body: The writes, given the open transaction.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws, unchanged (everything is rolled back);
  ///   ``ListStoreError/nestedWrite`` for a `write` from inside another one, or from inside an
  ///   import's draft source or a ``read(_:)``; ``ListStoreError/databaseBusy`` and the other
  ///   database errors.
  @discardableResult
  public func write<T>(_ body: (ListsTransaction) throws -> T) throws -> T {
    if isInOpenTransaction { throw ListStoreError.nestedWrite }
    let me = Threads.currentID()
    let (result, changed) = try withConnection {
      connection throws -> (T, [(ChangeHub.Key, Int64?)]) in
      let id = TransactionID(serial: transactionSerial.add(1, ordering: .relaxed).newValue)
      openTransaction.store(id.serial, ordering: .relaxed)
      transactionOwner.store(me, ordering: .relaxed)
      defer {
        transactionOwner.store(0, ordering: .relaxed)
        openTransaction.store(0, ordering: .relaxed)
      }
      touchedLists.withLock { $0 = [] }
      let result: T
      do {
        result = try connection.transaction(.immediate) {
          try body(ListsTransaction(database: self, id: id))
        }
      } catch {
        touchedLists.withLock { $0 = [] }
        throw error
      }
      let touched = touchedLists.withLock { touched in
        defer { touched = [] }
        return touched
      }
      let hub = existingHub
      let observed = touched.filter { hub?.isObserved($0) ?? false }
      return (result, observed.map { ($0, try? Self.version(of: $0, on: connection)) })
    }
    for (key, version) in changed { existingHub?.committed(key, version: version) }
    return result
  }

  /// ``write(_:)-k0zw`` from async code: the whole transaction — `body` and every synchronous call
  /// it makes — runs on a queue of the store's own, never on the caller's thread, so an app's
  /// main actor does not wait on the file while it awaits. The one `await` is here, at the
  /// access point; inside, the repositories' calls are the synchronous ones.
  ///
  /// ```swift
  /// let added = try await database.write { transaction in
  ///   let books = try transaction.records(of: Book.self)
  ///   let dune = try books.add(Book(title: "Dune"))
  ///   try transaction.orders().add(OrderDraft(number: "A-1001", total: price))
  ///   return dune
  /// }
  /// ```
  /// - Returns: What `body` returns.
  /// - Throws: What ``write(_:)-k0zw`` throws.
  @discardableResult
  public func write<T: Sendable>(_ body: @escaping @Sendable (ListsTransaction) throws -> T) async throws -> T {
    try await offCaller { () throws -> T in try self.write(body) }
  }

  /// Whether this thread runs a ``write(_:)`` transaction now: its reads see what it wrote.
  var isInOpenTransaction: Bool {
    transactionOwner.load(ordering: .relaxed) == Threads.currentID()
  }

  /// Runs `body`, a write to `key`'s list (nil: a kind's registration), inside the open
  /// ``write(_:)`` transaction `transaction`, in a savepoint: a failing write leaves nothing
  /// behind. A body that is atomic by itself (`isAtomic`) runs without one: a savepoint copies
  /// every page the write touches, a third of a one-field update.
  ///
  /// A transaction that is not the open one on this thread (its closure returned, or it was
  /// handed to another thread) is a mistake of the calling code that no error it could catch
  /// would mend: the program stops, naming it.
  func join<T>(
    _ transaction: TransactionID, touching key: ChangeHub.Key?, isAtomic: Bool = false,
    _ body: (Connection) throws -> T
  ) throws -> T {
    guard isInOpenTransaction, openTransaction.load(ordering: .relaxed) == transaction.serial else {
      preconditionFailure(
        "A write went through a ListsTransaction (or a repository it gave) outside the closure of the "
          + "database.write that gave it, or from another thread: use it only inside that closure.")
    }
    do {
      return try writer.withConnection { connection, _ throws -> T in
        if isAtomic {
          let result = try body(connection)
          if let key { touchedLists.withLock { if !$0.contains(key) { $0.append(key) } } }
          return result
        }
        // Prepared once per connection: a transaction of many small writes (an app's loop of
        // updates) opens and releases one per write.
        try connection.cachedStatement("SAVEPOINT lists_write").run()
        let result: T
        do {
          result = try body(connection)
        } catch {
          try? connection.execute("ROLLBACK TO lists_write")
          try? connection.execute("RELEASE lists_write")
          throw error
        }
        try connection.cachedStatement("RELEASE lists_write").run()
        if let key { touchedLists.withLock { if !$0.contains(key) { $0.append(key) } } }
        return result
      }
    } catch let error as SQLiteError {
      throw ListStoreError(error, path: path)
    }
  }
}

/// Which ``ListsDatabase/write(_:)-k0zw`` transaction a repository writes in: the serial number
/// of that call, unique for the database's lifetime.
struct TransactionID: Hashable, Sendable {
  let serial: UInt64
}

/// The open transaction of ``ListsDatabase/write(_:)-k0zw``: the repositories it gives write in
/// it, and only they do.
///
/// Valid only inside the closure it is given to, on the thread that runs it.
public struct ListsTransaction {
  /// The database the transaction writes.
  public let database: ListsDatabase
  /// Which transaction this is: what its repositories carry.
  let id: TransactionID

  /// The typed repository of `Record`'s kind of `account`, registering the kind (in this
  /// transaction) on first use; see ``ListsDatabase/records(of:account:)``.
  public func records<Record: KindRecord>(
    of record: Record.Type, account: String = "default"
  ) throws(ListStoreError) -> KindRepository<Record> {
    try database.records(of: record, account: account, in: id)
  }

  /// The items of the kind named `kind` of `account`, fields by name; see
  /// ``ListsDatabase/items(of:account:)``.
  public func items(of kind: String, account: String = "default") throws(ListStoreError)
    -> KindItems
  {
    try database.items(of: kind, account: account, in: id)
  }

  /// The orders of `account`; see ``ListsDatabase/orders(account:)``.
  public func orders(account: String = "default") -> OrdersRepository {
    database.orders(account: account).joining(id)
  }

  /// The favorites of `account`; see ``ListsDatabase/favorites(account:)``.
  public func favorites(account: String = "default") -> FavoritesRepository {
    database.favorites(account: account).joining(id)
  }

  /// The addresses of `account`; see ``ListsDatabase/addresses(account:)``.
  public func addresses(account: String = "default") -> AddressesRepository {
    database.addresses(account: account).joining(id)
  }
}
