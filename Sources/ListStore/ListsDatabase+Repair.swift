import SQLiteCore

extension ListsDatabase {
  /// What ``repair()`` did.
  public struct Repair: Sendable, Equatable {
    /// The indexes, triggers and tables it made again, as `trigger orders_counted_insert`,
    /// in the order it made them.
    public var recreated: [String]
    /// The rows of `list_counts` it removed because they counted no known list.
    public var removedCountRows: Int
    /// The counts it set right, as they were before (``HealthReport/Count/kept``) and now.
    public var recounted: [HealthReport.Count]
    /// What it found wrong but cannot restore (a missing data table), one sentence each.
    public var notRepaired: [String]

    /// Whether it changed nothing.
    public var isEmpty: Bool { recreated.isEmpty && removedCountRows == 0 && recounted.isEmpty }
  }

  /// Restores the file's bookkeeping, in one `BEGIN IMMEDIATE` transaction: every index and
  /// trigger the migrations make that is missing or was changed, the table of kept counts when
  /// it is gone, and then every count that differs from its list's rows.
  ///
  /// The statements run are the migrations' own, read back from a scratch database the
  /// embedded migrations are applied to. No data row is added, changed or removed. When a
  /// list's own table is missing, or `lists_migrations` is not the migrations' table, nothing
  /// is changed and ``Repair/notRepaired`` says why (a list's table is not made again empty).
  /// Observers of a recounted list are told.
  /// - Throws: a ``ListStoreError`` when a statement fails; nothing is changed then.
  public func repair() throws(ListStoreError) -> Repair {
    let path = path
    let repair: Repair
    do {
      repair = try withConnection { connection in
        try connection.transaction(.immediate) {
          var repair = Repair(recreated: [], removedCountRows: 0, recounted: [], notRepaired: [])
          let differences = try SchemaReference.differences(
            in: connection, upTo: Migrator.latestVersion)
          // A file missing a list's table (or holding a mistyped bookkeeping table) is past
          // what repair restores: then it changes nothing, and says why.
          repair.notRepaired = differences.filter { !$0.isRepairable }.map {
            ListStoreError.corrupt(path: path, detail: $0.detail).message
          }
          guard repair.notRepaired.isEmpty else { return repair }
          // Tables first: the indexes and triggers made next name them.
          let ordered =
            differences.filter { $0.expected.type == "table" }
            + differences.filter { $0.expected.type != "table" }
          for difference in ordered {
            if let found = difference.found {
              // Names come from sqlite_schema and the migrations; quoted all the same.
              try connection.execute("DROP \(found.type.uppercased()) \"\(found.name)\"")
            }
            try connection.execute(difference.expected.sql)
            repair.recreated.append("\(difference.expected.type) \(difference.expected.name)")
          }
          for index in try SearchIndexHealth.check(connection) where index.state != .ok {
            guard let kind = try KindRegistry.kind(named: index.kind, connection) else { continue }
            try SearchIndexHealth.rebuild(kind.definition, connection)
            repair.recreated.append("search index \(index.table)")
          }
          repair.removedCountRows = try Self.removeMalformedCounts(connection)
          repair.recounted = try Self.recount(on: connection)
          return repair
        }
      }
    } catch {
      throw ListStoreError.wrap(error, path: path)
    }
    announce(repair.recounted)
    return repair
  }

  /// Removes the rows of `list_counts` that ``HealthReport`` finds malformed; returns how many.
  private static func removeMalformedCounts(_ connection: Connection) throws -> Int {
    try connection.execute("DELETE FROM list_counts WHERE " + HealthReport.malformedCountsCondition(connection))
    return connection.changes
  }
}
