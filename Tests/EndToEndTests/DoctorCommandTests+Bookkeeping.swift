import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `lists doctor` on files whose bookkeeping was edited by hand: every command ends with a
/// named error and the documented exit code, doctor names each problem, and `--repair`
/// restores what it can.
extension DoctorCommandTests {
  /// A sandbox with three orders and three favorites, edited with `sql`.
  private func edited(_ sql: String) async throws -> Sandbox {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    await Fixtures.addFavorites(to: sandbox)
    let output = await sandbox.sqlite(sql)
    #expect(output == "", "\(output)")
    return sandbox
  }

  @Test func aNegativeSchemaVersionIsDamageNotATrap() async throws {
    let sandbox = try await edited("PRAGMA user_version = -1; DROP TABLE lists_migrations;")
    let line =
      "Error: \(sandbox.databasePath) is damaged (its schema version is -1; no build of lists "
      + "writes a negative one); restore it from a backup."
    for arguments in [["show", "orders"], [], ["add", "favorites", "--ref", "x", "--title", "X"]] {
      let result = await sandbox.run(arguments)
      expectNoCrash(result)
      #expect(result.exitCode == 74, "\(result)")
      #expect(result.stderrLines == [line], "\(result)")
    }
    let doctor = await sandbox.run("doctor")
    #expect(doctor.exitCode == 74, "\(doctor)")
    #expect(!doctor.stdoutLines.contains("Healthy."), "\(doctor)")
    #expect(doctor.stdoutLines.contains { $0.contains("its schema version is -1") }, "\(doctor)")
    #expect(
      doctor.stdoutLines.contains { $0.contains("the table lists_migrations is missing") },
      "\(doctor)")
  }

  @Test func aMigrationRowNumberedZeroIsNamedNotACrash() async throws {
    // The table's CHECK refuses a number 0; a person editing the file can switch it off.
    let sandbox = try await edited(
      "PRAGMA ignore_check_constraints = ON; UPDATE lists_migrations SET number = 0 WHERE number = 1;")
    let doctor = await sandbox.run("doctor")
    expectNoCrash(doctor)
    #expect(doctor.exitCode == 74, "\(doctor)")
    let latest = Int(await sandbox.sqlite("PRAGMA user_version").dropLast()) ?? 0
    let rest = (2...latest).map(String.init).joined(separator: ", ")
    // The row breaks the table's CHECK too, which the integrity check reports first.
    #expect(doctor.stderrLines.count == 1, "\(doctor)")
    #expect(doctor.stderrLines.first?.hasPrefix("Error: \(sandbox.databasePath) is damaged") == true, "\(doctor)")
    #expect(
      doctor.stdoutLines.contains {
        $0.contains("its schema version is \(latest) but the migrations recorded are 0, \(rest)")
      }, "\(doctor)")
    let shown = await sandbox.run("show", "orders", "--json")
    #expect(shown.exitCode == 74, "\(shown)")
  }

  @Test(arguments: [
    ("DROP TRIGGER orders_counted_delete;", "the trigger orders_counted_delete is missing"),
    ("DROP INDEX favorites_page;", "the index favorites_page is missing"),
    (
      "DROP TRIGGER orders_counted_insert; CREATE TRIGGER orders_counted_insert AFTER INSERT ON orders BEGIN SELECT 1; END;",
      "the trigger orders_counted_insert is not the one the migrations make"
    ),
    ("DROP TABLE list_counts;", "the table list_counts is missing"),
    (
      "CREATE TABLE kept AS SELECT * FROM list_counts; DROP TABLE list_counts; "
        + "CREATE TABLE list_counts (account, list, item_count, version, PRIMARY KEY (account, list)); "
        + "INSERT INTO list_counts SELECT account, list, 'many', version FROM kept; DROP TABLE kept;",
      "list_counts has 2 row(s) that are not a count of a known list"
    ),
    (
      "INSERT INTO list_counts VALUES ('nobody', 'orders', 5, 1);",
      "The kept count of orders for account 'nobody' is 5"
    ),
    (
      "UPDATE list_counts SET item_count = -2 WHERE list = 'orders';",
      "The kept count of orders for account 'default' is -2"
    ),
  ])
  func doctorNamesEachKindOfProblem(_ sql: String, _ words: String) async throws {
    let sandbox = try await edited(sql)
    let doctor = await sandbox.run("doctor")
    #expect(doctor.exitCode == 74, "\(doctor)")
    #expect(!doctor.stdoutLines.contains("Healthy."), "\(doctor)")
    #expect(
      doctor.stdoutLines.filter { $0.hasPrefix("Problem: ") && $0.contains(words) }.count == 1,
      "\(doctor)")
    #expect(doctor.stderrLines.count == 1, "\(doctor)")
  }

  @Test func repairRestoresATriggerAnIndexAndTheCounts() async throws {
    let sandbox = try await edited(
      "DROP TRIGGER orders_counted_insert; DROP INDEX orders_page; "
        + "UPDATE list_counts SET item_count = 40 WHERE list = 'favorites';")
    let before = await sandbox.sqlite("SELECT * FROM orders; SELECT * FROM favorites;")
    let repaired = await sandbox.run("doctor", "--repair")
    #expect(repaired.exitCode == 0, "\(repaired)")
    #expect(
      Array(repaired.stdoutLines.prefix(3)) == [
        "Recreated the index orders_page.",
        "Recreated the trigger orders_counted_insert.",
        "Recounted favorites for account 'default': kept 40, now 3.",
      ], "\(repaired)")
    #expect(repaired.stdoutLines.last == "Healthy.", "\(repaired)")
    #expect(await sandbox.sqlite("SELECT * FROM orders; SELECT * FROM favorites;") == before)
    // The trigger counts again: a plain SQL insert moves the kept count.
    #expect(
      await sandbox.sqlite(
        "INSERT INTO orders(number, total_minor, currency) VALUES ('SQL-1', 1, 'EUR');") == "")
    let orders = try await sandbox.run("show", "orders", "--json").json()
    #expect(orders["total_count"] == .number("4"))
    #expect(
      await sandbox.sqlite(
        "SELECT sql FROM sqlite_schema WHERE name = 'orders_page';")
        == "CREATE INDEX orders_page ON orders (account, placed_at DESC, id DESC)\n")
  }

  @Test func repairMakesTheTableOfCountsAgain() async throws {
    let sandbox = try await edited("DROP TABLE list_counts;")
    let repaired = await sandbox.run("doctor", "--repair")
    #expect(repaired.exitCode == 0, "\(repaired)")
    #expect(repaired.stdoutLines.first == "Recreated the table list_counts.", "\(repaired)")
    #expect(repaired.stdoutLines.contains("           default orders: 3 (ok)"), "\(repaired)")
    #expect(repaired.stdoutLines.last == "Healthy.", "\(repaired)")
  }

  @Test func aFileOthersCanReadIsAWarningNotAProblem() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    #expect(chmod(sandbox.databasePath, 0o644) == 0)
    let open = await sandbox.run("doctor")
    #expect(open.exitCode == 0, "\(open)")
    #expect(
      open.stdoutLines.contains(
        "Warning: lists.db is readable by other users (mode 0644); run chmod 600 \(sandbox.databasePath)."
      ),
      "\(open)")
    #expect(open.stdoutLines.last == "Healthy.")
    #expect(chmod(sandbox.databasePath, 0o666) == 0)
    let writable = await sandbox.run("doctor")
    #expect(
      writable.stdoutLines.contains {
        $0.hasPrefix("Warning: lists.db is readable and writable by other users (mode 0666)")
      },
      "\(writable)")
    #expect(chmod(sandbox.databasePath, 0o600) == 0)
    let closed = await sandbox.run("doctor")
    #expect(!closed.stdout.contains("Warning"), "\(closed)")
    var info = stat()
    #expect(stat(sandbox.databasePath, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o600, "doctor never changes the mode")
  }
}
