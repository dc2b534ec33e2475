extension ListsDatabase {
  /// An async sequence that yields after each committed change to `list` of `account`.
  ///
  /// A write through this database is reported at once; a commit by another connection or
  /// process (also plain SQL from the `sqlite3` shell) within the configured poll interval
  /// (50 ms by default). Changes that happen while the consumer is busy are coalesced into one
  /// element: an observer re-reads the list, it never needs one element per row.
  ///
  /// For example:
  ///
  /// ```swift
  /// for await _ in database.changes(to: .orders, account: "default") {
  ///   print("orders changed; now", try database.orders().count())
  /// }
  /// ```
  /// - Throws: ``ListStoreError`` when the list's current version cannot be read.
  public func changes(to list: ListKind, account: String = "default") throws(ListStoreError)
    -> AsyncStream<Void>
  {
    let key = ChangeHub.Key(account: account, list: list)
    let version = try read { connection in try Self.version(of: key, on: connection) }
    return hub.subscribe(key, version: version)
  }
}
