import SQLiteCore

/// The health of a database file: its integrity, schema version and migrations, its kinds'
/// definitions and tables, its search indexes, and the kept counts against the real ones —
/// what an app checks before trusting a file it did not write (``inspect(path:busyTimeoutMilliseconds:)``).
public struct HealthReport: Sendable {
  /// One applied or expected migration and how it compares with this build's.
  public struct Migration: Sendable, Hashable {
    /// Whether an applied migration matches this build.
    public enum State: String, Sendable, Hashable {
      /// Applied, with this build's checksum.
      case ok
      /// Applied with another text than this build's.
      case changed
      /// Applied, but this build does not know it (a newer build applied it).
      case unknown
      /// Known to this build, not applied yet.
      case pending
    }
    /// The migration's number.
    public var number: Int
    /// The migration's name.
    public var name: String
    /// How it compares.
    public var state: State
  }

  /// The kept count of one account's list beside the real number of rows.
  public struct Count: Sendable, Hashable {
    /// The account.
    public var account: String
    /// The list.
    public var list: KindName
    /// The count kept in `list_counts`.
    public var kept: Int
    /// The rows actually in the table.
    public var actual: Int
  }

  /// The full-text index of one kind, as `doctor` found it.
  public struct SearchIndex: Sendable, Hashable {
    /// What `doctor` found.
    public enum State: String, Sendable, Hashable {
      /// In step with the kind's rows (FTS5's `integrity-check` passed).
      case ok
      /// The index table or one of its triggers is gone.
      case missing
      /// The index does not match the kind's rows, or cannot be read.
      case damaged
      /// An object of one of the index's names is not what the package makes for it (another
      /// kind's table, a table made by hand): it is left alone, and the index is not checked.
      case foreign
    }
    /// The kind's name.
    public var kind: String
    /// The index's table: `<kind>_search`.
    public var table: String
    /// What was found.
    public var state: State
  }

  /// The path inspected.
  public var path: String
  /// `PRAGMA integrity_check`'s lines: `["ok"]` for a sound file.
  public var integrity: [String]
  /// `PRAGMA user_version`.
  public var schemaVersion: Int
  /// The newest version this build knows.
  public var supportedSchemaVersion: Int
  /// Every migration, applied or pending.
  public var migrations: [Migration]
  /// Every kept count, with the real count beside it.
  public var counts: [Count]
  /// The full-text index of every kind that has `search` fields.
  public var searchIndexes: [SearchIndex] = []
  /// Problems found, one sentence each; empty when the file is healthy.
  public var problems: [String]
  /// What is worth knowing but does not make the file unhealthy, one sentence each: a file
  /// that other users may read or write.
  public var warnings: [String] = []
  /// The first serious problem as the store's error, whose message says what to do and whose
  /// kind gives the exit status: damage (corrupt), a newer schema, a changed migration, or
  /// the error that stopped a check. Nil when healthy, and when the only problems are
  /// migrations still to apply (the next write applies them).
  public var verdict: ListStoreError?

  /// Whether nothing is wrong.
  public var isHealthy: Bool { problems.isEmpty }

  /// Inspects the database file at `path` without changing it: no migration, no repair.
  ///
  /// A damaged file gives a report that says so rather than an error.
  /// - Throws: ``ListStoreError`` only when the file cannot be read at all as a lists database
  ///   (missing, not SQLite, another program's database, a directory).
  public static func inspect(path: String, busyTimeoutMilliseconds: Int32 = 5000) throws(ListStoreError)
    -> HealthReport
  {
    let probe = FileProbe.probe(path)
    switch probe {
    case .missing: throw .cannotOpen(path: path, reason: "no such file")
    case .directory: throw .cannotOpen(path: path, reason: "it is a directory")
    case .notRegularFile(let what): throw .cannotOpen(path: path, reason: FileProbe.notRegularReason(what))
    case .notSQLite: throw .notADatabase(path: path)
    case .unreadable(let code): throw .cannotOpen(path: path, reason: FileProbe.describe(errno: code))
    case .empty, .sqlite, .truncated: break
    }
    var report = HealthReport(
      path: path, integrity: [], schemaVersion: 0, supportedSchemaVersion: Migrator.latestVersion,
      migrations: [], counts: [], problems: [], verdict: nil)
    /// Notes a problem; the first serious one is the verdict.
    func found(_ problem: String, _ error: ListStoreError?) {
      report.problems.append(problem)
      if report.verdict == nil { report.verdict = error }
    }
    if case .truncated(let bytes, let pageSize) = probe {
      // Read on: what the pages before the cut still hold is worth reporting.
      let error = ListStoreError.corrupt(
        path: path, detail: FileProbe.truncationDetail(bytes: bytes, pageSize: pageSize))
      found(error.message, error)
    }
    if let warning = modeWarning(path) { report.warnings.append(warning) }
    let connection: Connection
    let mark: Migrator.Mark
    do {
      connection = try Connection(path: path, options: .init(create: false))
      connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
      mark = try Migrator.readMark(connection)
    } catch {
      throw ListStoreError(error, path: path)
    }
    report.schemaVersion = mark.version
    do {
      try Migrator.checkMark(mark, path: path)
    } catch {
      switch error {
      case .schemaTooNew:
        found(error.message, error)
        return report
      case .corrupt:
        // A schema version no build writes: said, and the rest of the file is still read.
        found(error.message, error)
      default:
        throw error
      }
    }
    // The migrations the file should have had applied; a damaged version is read as the
    // newest one when the file has a schema, so its objects and counts are still checked.
    let expectedVersion =
      mark.hasSchema
      ? min(max(mark.version, 1), Migrator.latestVersion)
      : max(0, min(mark.version, Migrator.latestVersion))

    do {
      report.integrity = try connection.textColumn("PRAGMA integrity_check")
      if report.integrity != ["ok"] {
        found(
          "The integrity check found \(report.integrity.count) problem(s).",
          .corrupt(path: path, detail: "the integrity check found \(report.integrity.count) problem(s)"))
      }
    } catch {
      let failure = ListStoreError.wrap(error, path: path)
      report.integrity = [failure.message]
      found("The integrity check could not run: \(failure.message)", failure)
    }

    do {
      let applied = try Migrator.applied(connection)
      if let detail = Migrator.inconsistency(
        applied, version: report.schemaVersion, hasSchema: mark.hasSchema)
      {
        let error = ListStoreError.corrupt(path: path, detail: detail)
        found(error.message, error)
      }
      report.migrations = migrationStates(applied, version: report.schemaVersion)
      // A pending migration is not a problem: the next open applies it (a new file that a
      // killed first open left without its schema is one).
      for migration in report.migrations where migration.state != .ok && migration.state != .pending {
        let error: ListStoreError? =
          switch migration.state {
          case .changed: .migrationChanged(app: nil, number: migration.number, name: migration.name)
          case .unknown: .schemaTooNew(app: nil, found: migration.number, supported: Migrator.latestVersion)
          case .ok, .pending: nil
          }
        found("Migration \(migration.number) (\(migration.name)) is \(migration.state.rawValue).", error)
      }
    } catch {
      let failure = ListStoreError.wrap(error, path: path)
      found("The migrations could not be read: \(failure.message)", failure)
    }

    var tablesMissing = false
    do {
      for difference in try SchemaReference.differences(in: connection, upTo: expectedVersion) {
        if difference.expected.type == "table" && difference.found == nil { tablesMissing = true }
        let error: ListStoreError =
          difference.isRepairable
          ? .bookkeepingDamaged(path: path, detail: difference.detail)
          : .corrupt(path: path, detail: difference.detail)
        found(error.message, error)
      }
    } catch {
      let failure = ListStoreError.wrap(error, path: path)
      found("The schema could not be read: \(failure.message)", failure)
    }

    // Without the tables the counts are not counted: the missing ones are named above.
    if expectedVersion > 0 && !tablesMissing {
      // A definition that fails validation is damage, named; none of its names is used. A
      // registered kind's table must be there, and a table (the migrations' own are compared
      // above).
      do {
        let read = try KindRegistry.readable(connection)
        for damaged in read.damaged {
          let error = ListStoreError.corrupt(path: path, detail: damaged.detail)
          found(error.message, error)
        }
        let lookup = try connection.prepare("SELECT type FROM sqlite_schema WHERE name = ?1")
        for kind in read.kinds where !kind.isBuiltIn {
          lookup.reset()
          try lookup.bind(kind.name, at: 1)
          let type = try lookup.step() ? lookup.text(at: 0) : nil
          guard type != "table" else { continue }
          let detail =
            type.map { "\(kind.name) is a \($0), not the table of the list \(kind.name)" }
            ?? "the table of the list \(kind.name) is missing"
          let error = ListStoreError.corrupt(path: path, detail: detail)
          found(error.message, error)
        }
      } catch {
        let failure = ListStoreError.wrap(error, path: path)
        found("The definitions could not be read: \(failure.message)", failure)
      }
      do {
        let malformed =
          try connection.scalarInt("SELECT count(*) FROM list_counts WHERE " + malformedCountsCondition(connection)) ?? 0
        if malformed > 0 {
          let error = ListStoreError.bookkeepingDamaged(
            path: path,
            detail: "list_counts has \(malformed) row(s) that are not a count of a known list")
          found(error.message, error)
        }
        report.counts = try counts(connection)
        report.searchIndexes = try SearchIndexHealth.check(connection)
        for index in report.searchIndexes where index.state != .ok {
          let detail =
            index.state == .foreign
            ? "an object of the search index \(index.table) of \(index.kind) is not the one lists makes for it"
            : "the search index \(index.table) of \(index.kind) is \(index.state.rawValue)"
          let error = ListStoreError.bookkeepingDamaged(path: path, detail: detail)
          found(error.message, error)
        }
        if let detail = try SyncSchema.strandedFlagDetail(connection) {
          let error = ListStoreError.bookkeepingDamaged(path: path, detail: detail)
          found(error.message, error)
        }
        for count in report.counts where count.kept != count.actual {
          let drift = ListStoreError.countDrift(
            kind: count.list, account: count.account, kept: count.kept, actual: count.actual)
          found(drift.message, drift)
        }
      } catch {
        let failure = ListStoreError.wrap(error, path: path)
        found("The counts could not be read: \(failure.message)", failure)
      }
    }
    return report
  }

  /// The rows of `list_counts` that cannot be a kept count: a list the file holds no kind of,
  /// or a count that is not an integer (possible only in a table made again by hand).
  static func malformedCountsCondition(_ connection: Connection) throws -> String {
    "typeof(item_count) != 'integer' OR typeof(account) != 'text' OR list NOT IN ("
      + (try kindNames(connection)).map(SQLText.literal).joined(separator: ", ") + ")"
  }

  /// The names of the kinds the file holds whose tables exist: from `list_kinds`, or the
  /// built-in three in a file made before kinds were kept. Only names a kind can have; quoted
  /// all the same where they go into SQL.
  static func kindNames(_ connection: Connection) throws -> [String] {
    try kinds(connection).map(\.rawValue)
  }

  /// The kinds of ``kindNames(_:)``, with their item names.
  static func kinds(_ connection: Connection) throws -> [KindName] {
    let tables = try connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
    var present: Set<String> = []
    while try tables.step() { present.insert(tables.text(at: 0)) }
    var kinds = KindName.builtIns
    if present.contains("list_kinds") {
      let rows = try connection.prepare("SELECT name, item FROM list_kinds ORDER BY built_in DESC, created_at, name")
      kinds = []
      while try rows.step() {
        guard let kind = KindName(rawValue: rows.text(at: 0)) else { continue }
        kinds.append(KindName(name: kind.rawValue, itemName: rows.text(at: 1)))
      }
    }
    return kinds.filter { present.contains($0.rawValue) }
  }

  /// The warning for a file that users other than its owner may read or write, or nil.
  static func modeWarning(_ path: String) -> String? {
    guard case .success(let info) = System.status(ofPath: path) else { return nil }
    let mode = info.permissions
    guard mode & 0o077 != 0 else { return nil }
    let access =
      switch (mode & 0o044 != 0, mode & 0o022 != 0) {
      case (true, true): "readable and writable"
      case (true, false): "readable"
      case (false, true): "writable"
      case (false, false): "accessible"
      }
    let octal = String(mode, radix: 8)
    let padded = String(repeating: "0", count: max(0, 4 - octal.count)) + octal
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return "\(name) is \(access) by other users (mode \(padded)); run chmod 600 \(path)."
  }

  private static func migrationStates(_ applied: [Migrator.Applied], version: Int) -> [Migration] {
    var states: [Migration] = []
    // Rows numbered below 1 fit no migration; the inconsistency check names them.
    for row in applied where row.number >= 1 {
      if row.number <= Migrator.latestVersion {
        let known = EmbeddedMigration.all[row.number - 1]
        states.append(Migration(number: row.number, name: row.name, state: known.checksum == row.checksum ? .ok : .changed))
      } else {
        states.append(Migration(number: row.number, name: row.name, state: .unknown))
      }
    }
    for migration in EmbeddedMigration.all where !applied.contains(where: { $0.number == migration.number }) {
      states.append(Migration(number: migration.number, name: migration.name, state: .pending))
    }
    return states
  }

  static func counts(_ connection: Connection) throws -> [Count] {
    let kinds = try kinds(connection)
    let names = kinds.map(\.rawValue)
    guard !names.isEmpty else { return [] }
    let actual = names.map { "SELECT account, \(SQLText.literal($0)), count(*) FROM \(SQLText.identifier($0)) GROUP BY account" }
      .joined(separator: "\n    UNION ALL ")
    let statement = try connection.prepare(
      """
      WITH actual(account, list, n) AS (
        \(actual)
      ),
      keys(account, list) AS (
        SELECT account, list FROM actual UNION SELECT account, list FROM list_counts
      )
      SELECT keys.account, keys.list, coalesce(list_counts.item_count, 0), coalesce(actual.n, 0)
      FROM keys
      LEFT JOIN list_counts ON list_counts.account = keys.account AND list_counts.list = keys.list
      LEFT JOIN actual ON actual.account = keys.account AND actual.list = keys.list
      ORDER BY keys.account, keys.list
      """)
    var counts: [Count] = []
    while try statement.step() {
      guard let list = kinds.first(where: { $0.rawValue == statement.text(at: 1) }) else { continue }
      counts.append(
        Count(
          account: statement.text(at: 0), list: list, kept: Int(statement.int64(at: 2)),
          actual: Int(statement.int64(at: 3))))
    }
    return counts
  }
}
