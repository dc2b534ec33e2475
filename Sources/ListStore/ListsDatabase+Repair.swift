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
    /// The objects it would have replaced but left alone because they are not what the package
    /// makes for that purpose (a table where an index belongs, another kind's table under the
    /// name of a search index's shadow table), one sentence each.
    public var leftAlone: [String] = []

    /// Whether it changed nothing.
    public var isEmpty: Bool { recreated.isEmpty && removedCountRows == 0 && recounted.isEmpty }
  }

  /// Restores the file's bookkeeping, in one `BEGIN IMMEDIATE` transaction: every index and
  /// trigger the migrations make that is missing or was changed, the table of kept counts when
  /// it is gone, and then every count that differs from its list's rows.
  ///
  /// The statements run are the migrations' own, read back from a scratch database the
  /// embedded migrations are applied to. No data row is added, changed or removed, and only
  /// objects the package made for the purpose are dropped: one of the same type on the same
  /// table, or a search index's own; anything else of that name is left alone and named in
  /// ``Repair/leftAlone``. No table that holds a kind's items is ever dropped. When a
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
              guard difference.isReplaceable else {
                repair.leftAlone.append(
                  "\(found.name) is a \(found.type) on \(found.table), not the \(difference.expected.type) "
                    + "on \(difference.expected.table) the migrations make; it was left alone")
                continue
              }
              try connection.execute("DROP \(found.type.uppercased()) \(SQLText.identifier(found.name))")
            }
            // The migrations' own statement, read back from the scratch database.
            try connection.execute(difference.expected.sql)
            repair.recreated.append("\(difference.expected.type) \(difference.expected.name)")
          }
          let kinds = try KindRegistry.readable(connection).kinds
          for index in try SearchIndexHealth.check(connection) where index.state != .ok {
            guard let kind = kinds.first(where: { $0.name == index.kind }) else { continue }
            if let reason = try SearchIndexHealth.rebuild(kind.definition, connection) {
              repair.leftAlone.append(reason)
            } else {
              repair.recreated.append("search index \(index.table)")
            }
          }
          if try SyncSchema.strandedFlagDetail(connection) != nil {
            try connection.execute("DELETE FROM list_sync_applying")
            repair.recreated.append("list_sync_applying, emptied: the writes of synced lists are recorded again")
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
    let delete = try connection.prepare("DELETE FROM list_counts WHERE " + HealthReport.malformedCountsCondition(connection))
    try delete.run()
    return connection.changes
  }
}
