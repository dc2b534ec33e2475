import SQLiteCore

extension ListsDatabase {
  /// Sets every list's kept count to its real number of rows, in one transaction, and returns
  /// the counts that were wrong (`kept` as it was, `actual` as it is now).
  ///
  /// The counts stay right by themselves, also for plain SQL from other programs, with one
  /// exception SQLite makes: `INSERT OR REPLACE` (and `REPLACE`) deletes the row it replaces
  /// without firing delete triggers unless that connection turned on
  /// `PRAGMA recursive_triggers`. ``HealthReport`` finds such a drift
  /// (``ListStoreError/countDrift(kind:account:kept:actual:)``); this repairs it. It reads
  /// every row, so it costs what counting them does. Observers of a recounted list are told.
  @discardableResult
  public func recountLists() throws(ListStoreError) -> [HealthReport.Count] {
    let wrong: [HealthReport.Count]
    do {
      wrong = try withConnection { connection in
        try connection.transaction(.immediate) { try Self.recount(on: connection) }
      }
    } catch {
      throw ListStoreError.wrap(error, path: path)
    }
    announce(wrong)
    return wrong
  }

  /// Sets the counts that differ from their lists' rows, inside the caller's transaction;
  /// returns them as they were.
  static func recount(on connection: Connection) throws -> [HealthReport.Count] {
    let wrong = try HealthReport.counts(connection).filter { $0.kept != $0.actual }
    let set = try connection.prepare(
      """
      INSERT INTO list_counts (account, list, item_count, version) VALUES (?1, ?2, ?3, 1)
      ON CONFLICT (account, list) DO UPDATE SET item_count = ?3, version = version + 1
      """)
    for count in wrong {
      set.reset()
      try set.bind(count.account, at: 1)
      try set.bind(count.list.rawValue, at: 2)
      try set.bind(count.actual, at: 3)
      try set.run()
    }
    return wrong
  }

  /// Tells the observers of each recounted list.
  func announce(_ recounted: [HealthReport.Count]) {
    for count in recounted {
      existingHub?.committed(ChangeHub.Key(account: count.account, list: count.list), version: nil)
    }
  }
}
