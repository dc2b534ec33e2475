import Foundation
import SQLiteCore
import Testing
import TestSupport

extension Reliability {
  /// Random edits of a real file's bookkeeping with plain SQL — `user_version`,
  /// `lists_migrations`, `list_counts`, the triggers and indexes — and every command on each
  /// edited file: none dies of a signal, each ends with an exit code the contract names (never
  /// 70, internal error, for a file's problem) and, when it fails, exactly one line on stderr;
  /// the rows of the lists stay as they were (but for the one order `add` adds).
  ///
  /// Seeded and reproducible: file `i` of a run with seed `S` is edited by the generator seeded
  /// `S + i`. `swift test` edits ``fastFiles`` files; `Tests/Scripts/mutation.sh` sets
  /// `LISTS_MUTATION_FILES` to edit thousands.
  @Suite struct BookkeepingMutationTests {
    /// Files edited under `swift test`: 7 commands each.
    static let fastFiles = 40

    /// Files to edit in this run.
    static var files: Int {
      ProcessInfo.processInfo.environment["LISTS_MUTATION_FILES"].flatMap { Int($0) }
        .map { max(1, $0) } ?? fastFiles
    }

    /// Exit codes the contract names; 70 (internal error) is left out on purpose.
    static let allowedCodes: Set<Int32> = [0, 64, 65, 66, 73, 74, 75, 78]

    /// One random edit of the bookkeeping, as SQL; `objects` are the file's trigger and index
    /// names, read from it, so no name is spelled here.
    static func edit(_ random: inout SplitMix, objects: [String]) -> String {
      func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
      let list = pick(["favorites", "addresses", "orders"])
      let number = pick(["0", "-1", "2", "1000", "9223372036854775807", "NULL", "'one'"])
      let count = pick([
        "-1", "0", "7", "1000000", "9223372036854775807", "-9223372036854775808", "NULL", "'many'",
        "1.5",
      ])
      let key = pick(["PRIMARY KEY (account, list)", "UNIQUE (account, list)", "CHECK (1)"])
      let edits = [
        "PRAGMA user_version = \(pick(["-1", "-2147483648", "0", "2", "99", "2147483647"]))",
        "PRAGMA ignore_check_constraints = ON; UPDATE lists_migrations SET number = \(pick(["0", "-1", "3", "1000"])) WHERE number = 1",
        "DELETE FROM lists_migrations",
        "PRAGMA ignore_check_constraints = ON; INSERT INTO lists_migrations (number, name, checksum, applied_at) "
          + "VALUES (\(pick(["0", "3", "-3", "7"])), 'x', 'y', 0)",
        "UPDATE lists_migrations SET checksum = \(pick(["'edited'", "''", "upper(checksum)"]))",
        "UPDATE lists_migrations SET name = 'other', applied_at = -1",
        "DROP TABLE lists_migrations",
        "CREATE TABLE kept AS SELECT * FROM lists_migrations; DROP TABLE lists_migrations; "
          + "CREATE TABLE lists_migrations (number, name, checksum, applied_at); "
          + "INSERT INTO lists_migrations SELECT \(number), name, checksum, applied_at FROM kept; "
          + "DROP TABLE kept",
        "CREATE TABLE kept AS SELECT * FROM lists_migrations; DROP TABLE lists_migrations; "
          + "CREATE TABLE lists_migrations (number, name, checksum, applied_at); "
          + "INSERT INTO lists_migrations SELECT * FROM kept; "
          + "INSERT INTO lists_migrations SELECT * FROM kept; DROP TABLE kept",
        "UPDATE list_counts SET item_count = \(count) WHERE list = '\(list)'",
        "UPDATE list_counts SET version = \(pick(["-1", "9223372036854775807", "0"]))",
        "DELETE FROM list_counts WHERE list = '\(list)'",
        "DELETE FROM list_counts",
        "INSERT OR REPLACE INTO list_counts VALUES "
          + "('\(pick(["ghost", "default", "other"]))', '\(list)', \(count == "NULL" ? "3" : count), 1)",
        "DROP TABLE list_counts",
        "CREATE TABLE kept AS SELECT * FROM list_counts; DROP TABLE list_counts; "
          + "CREATE TABLE list_counts (account, list, item_count, version, \(key)); "
          + "INSERT INTO list_counts SELECT account, list, \(count == "NULL" ? "item_count" : count), "
          + "version FROM kept; DROP TABLE kept",
        "DROP TRIGGER \(pick(objects.filter { $0.contains("counted") }))",
        "DROP INDEX \(pick(objects.filter { !$0.contains("counted") }))",
        "DROP TRIGGER \(list)_counted_insert; CREATE TRIGGER \(list)_counted_insert "
          + "AFTER INSERT ON \(list) BEGIN SELECT 1; END",
        "PRAGMA application_id = \(pick(["0", "7"]))",
      ]
      return pick(edits)
    }

    /// The rows of every list, as text, to compare before and after.
    static func rows(_ path: String) throws -> [String: [String]] {
      let connection = try Connection(path: path, options: .init(create: false))
      connection.setBusyTimeout(milliseconds: 10_000)
      var rows: [String: [String]] = [:]
      for table in ["favorites", "addresses", "orders"] {
        let statement = try connection.prepare("SELECT * FROM \(table) ORDER BY id")
        while try statement.step() {
          let values = (0..<statement.columnCount).map { statement.optionalText(at: $0) ?? "NULL" }
          rows[table, default: []].append(values.joined(separator: "|"))
        }
      }
      return rows
    }

    @Test func noEditOfTheBookkeepingCrashesACommandOrTouchesARow() async throws {
      let scratch = try Scratch()
      let sound = scratch.file("sound.db")
      try makeDatabase(sound, orders: 30, favorites: 12, otherOrders: 5)
      do {
        let connection = try Connection(path: sound, options: .init(create: false))
        try connection.execute(
          """
          INSERT INTO addresses (label, recipient, line1, city, postal_code, country, is_default)
          VALUES ('Home', 'Ada', '1 Road', 'London', 'N1', 'GB', 1),
                 ('Work', 'Ada', '2 Road', 'Berlin', '10115', 'DE', 0)
          """)
      }
      let objects = try Connection(path: sound, options: .init(create: false)).textColumn(
        "SELECT name FROM sqlite_schema WHERE type IN ('trigger', 'index') "
          + "AND name NOT LIKE 'sqlite_%' ORDER BY name")
      let soundRows = try Self.rows(sound)
      var figures = Figures("mutation")
      let started = ContinuousClock.now

      for index in 0..<Self.files {
        let seed = Budget.seed &+ UInt64(index)
        var random = SplitMix(seed: seed)
        let path = try scratch.copyDatabase(sound, to: "mutated.db")
        var edits: [String] = []
        for _ in 0...(random.next() % 3) {
          let sql = Self.edit(&random, objects: objects)
          // An edit SQLite refuses (a trigger already dropped) is no edit; the next is tried.
          do {
            let connection = try Connection(path: path, options: .init(create: false))
            try connection.executeScript(sql)
            edits.append(sql)
          } catch {}
        }
        let label = "seed \(seed) (file \(index)), edits \(edits)"
        figures.add("files")
        var expected = soundRows
        let lists = Lists(scratch, database: path)
        let commands: [[String]] = [
          ["show", "favorites"], ["show", "addresses"], ["show", "orders"], [], ["doctor"],
          ["add", "orders", "--number", "M-\(index)", "--total", "1.50", "--currency", "EUR"],
          ["doctor", "--repair"],
        ]
        for command in commands {
          let run = try await lists.run(arguments: command, timeout: .seconds(20))
          figures.add("commands")
          let what = "lists \(command.joined(separator: " ")) on \(label): \(run.summary)"
          let code = run.exitCode
          #expect(code.map(Self.allowedCodes.contains) == true, "\(what)")
          if let code, code != 0 {
            #expect(run.stderrLines.count == 1, "not one line: \(what)")
          }
          let now = try Self.rows(path)
          if command.first == "add" && code == 0 {
            expected = now
            #expect(now["orders"]?.count == (soundRows["orders"]?.count ?? 0) + 1, "\(what)")
            #expect(now["favorites"] == soundRows["favorites"], "\(what)")
          }
          #expect(now == expected, "rows changed: \(what)")
          if code.map(Self.allowedCodes.contains) == true && now == expected {
            figures.add("passed")
          }
          figures.add("exit \(code.map(String.init) ?? "signal")")
        }
      }
      figures.add("seconds", Int((ContinuousClock.now - started).components.seconds))
      figures.report()
    }
  }
}
