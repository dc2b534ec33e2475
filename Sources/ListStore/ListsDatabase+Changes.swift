extension ListsDatabase {
  /// An async sequence that yields after each committed change to `list` of `account`.
  ///
  /// A write through this database is reported at once; a commit by another connection or
  /// process (also plain SQL from the `sqlite3` shell) within the configured poll interval
  /// (50 ms by default), unless observing them is paused
  /// (``pauseObservingOtherProcesses()``). Changes that happen while the consumer is busy are
  /// coalesced into one element: an observer re-reads the list, it never needs one element per
  /// row. Each call makes a new stream: any number of them may be followed at once, and each
  /// gets every change. The stream ends when its consumer is cancelled or this database is
  /// released.
  ///
  /// For example:
  ///
  /// ```swift
  /// for await _ in try database.changes(to: .orders, account: "default") {
  ///   print("orders changed; now", try database.orders().count())
  /// }
  /// ```
  /// - Throws: ``ListStoreError`` when the list's current version cannot be read.
  public func changes(to list: KindName, account: String = "default") throws(ListStoreError)
    -> AsyncStream<Void>
  {
    let key = ChangeHub.Key(account: account, list: list)
    return hub.subscribe(key, version: try changeVersion(of: key))
  }

  /// Stops looking for commits by other connections and processes until
  /// ``resumeObservingOtherProcesses()``: for an app moving to the background. The polling
  /// thread ends and no poll runs meanwhile; writes through this database are still reported
  /// at once. Calling it again while paused does nothing.
  public func pauseObservingOtherProcesses() {
    hub.pausePolling()
  }

  /// Looks for other connections' and processes' commits again after
  /// ``pauseObservingOtherProcesses()``. A change made while paused is reported by the first
  /// poll, within one poll interval; calling it while not paused does nothing.
  public func resumeObservingOtherProcesses() {
    hub.resumePolling()
  }

  /// The version the triggers keep for `key`'s list: it moves with every change to it.
  func changeVersion(of key: ChangeHub.Key) throws(ListStoreError) -> Int64 {
    try read { connection in try Self.version(of: key, on: connection) }
  }
}
