import SQLiteCore

extension ListsDatabase {
  /// Every kind the file holds: the built-in lists, then the kinds registered in it, in the order
  /// they were registered.
  /// - Throws: ``ListStoreError/corrupt(path:detail:)`` when a stored definition does not read.
  public func kinds() throws(ListStoreError) -> [RegisteredKind] {
    try registry { connection in try KindRegistry.all(connection) }
  }

  /// The kind named `name`, or nil when the file holds none of that name.
  public func kind(named name: String) throws(ListStoreError) -> RegisteredKind? {
    try registry { connection in try KindRegistry.kind(named: name, connection) }
  }

  /// Registers a kind: makes its table, the indexes its order and uniqueness need and the
  /// triggers that keep its count, and records its definition, all in one `BEGIN IMMEDIATE`
  /// transaction. A definition that is invalid, or whose names the file already uses, changes
  /// nothing.
  ///
  /// For example:
  ///
  /// ```swift
  /// try database.registerKind(KindDefinition(json: booksJSON))
  /// ```
  /// - Throws: ``ListStoreError/invalidDefinition(_:)`` naming the problem.
  @discardableResult
  public func registerKind(_ definition: KindDefinition) throws(ListStoreError) -> RegisteredKind {
    try registerKind(definition, in: nil)
  }

  /// ``registerKind(_:)`` in `transaction` (nil: a transaction of its own).
  @discardableResult
  func registerKind(_ definition: KindDefinition, in transaction: TransactionID?) throws(ListStoreError)
    -> RegisteredKind
  {
    let now = configuration.now().millisecondsSince1970
    return try registryWrite(in: transaction) { connection in
      try KindRegistry.register(definition, connection, now: now)
    }
  }

  /// Applies a compatible change to a registered kind (new optional fields, placeholders,
  /// `show`, `search`, the item name) and raises its version; a definition equal to the stored
  /// one changes nothing.
  /// - Throws: ``ListStoreError/invalidDefinition(_:)`` saying why a change cannot be applied;
  ///   ``ListStoreError/unknownKind(_:)``.
  @discardableResult
  public func updateKind(_ definition: KindDefinition) throws(ListStoreError) -> RegisteredKind {
    try updateKind(definition, in: nil)
  }

  /// ``updateKind(_:)`` in `transaction` (nil: a transaction of its own).
  @discardableResult
  func updateKind(_ definition: KindDefinition, in transaction: TransactionID?) throws(ListStoreError)
    -> RegisteredKind
  {
    let now = configuration.now().millisecondsSince1970
    return try registryWrite(in: transaction) { connection in
      try KindRegistry.update(definition, connection, now: now).kind
    }
  }

  /// Drops a kind the file's user added, with all its items.
  /// - Throws: ``ListStoreError/builtInKind(_:)`` for a built-in list;
  ///   ``ListStoreError/unknownKind(_:)``.
  public func removeKind(named name: String) throws(ListStoreError) {
    try registryWrite(in: nil) { connection in try KindRegistry.remove(name, connection) }
  }

  private func registry<T>(_ body: (Connection) throws -> T) throws(ListStoreError) -> T {
    do {
      return try readRethrowing { connection in try body(connection) }
    } catch {
      throw kindError(error)
    }
  }

  /// Runs `body`, a change of the registry, in `transaction`, or in a transaction of its own
  /// when nil.
  private func registryWrite<T>(
    in transaction: TransactionID?, _ body: (Connection) throws -> T
  ) throws(ListStoreError) -> T {
    do {
      if let transaction { return try join(transaction, touching: nil, body) }
      return try withConnection { connection in
        try connection.transaction(.immediate) { try body(connection) }
      }
    } catch {
      throw kindError(error)
    }
  }

  private func kindError(_ error: any Error) -> ListStoreError {
    switch error {
    case let error as KindDefinitionError: .invalidDefinition(error.message)
    case KindRegistryError.unknown(let name): .unknownKind(name)
    case KindRegistryError.builtIn(let name): .builtInKind(name)
    case let error as SearchError: .invalidDefinition(error.message)
    case let error as DamagedDefinition: .corrupt(path: path, detail: error.detail)
    case KindRegistryError.foreign(let detail): .corrupt(path: path, detail: detail + "; it was left alone")
    default: ListStoreError.wrap(error, path: path)
    }
  }
}
