import Foundation
import Testing

/// A kind with `date` fields on the command line: its flag and help, the table, `--where`
/// comparisons, JSON and CSV out and back in, and a bad day refused with exit 65.
@Suite struct DateFieldCommandTests {
  static let tasks = #"""
    {"name": "tasks", "item": "task",
     "fields": [
       {"name": "title", "type": "text", "required": true},
       {"name": "due", "type": "date", "required": true},
       {"name": "done_on", "type": "date"}],
     "order": [{"field": "due"}]}
    """#

  private func sandboxWithTasks() async throws -> Sandbox {
    let sandbox = try Sandbox()
    let added = await sandbox.run(["kinds", "add", "-"], stdin: Array(Self.tasks.utf8))
    try #require(added.exitCode == 0, "\(added)")
    for (title, due) in [("Taxes", "2027-05-31"), ("Gifts", "2026-12-24"), ("Cards", "2026-12-20")]
    {
      let add = await sandbox.run("add", "tasks", "--title", title, "--due", due)
      try #require(add.exitCode == 0, "\(add)")
    }
    return sandbox
  }

  @Test func datesAreAddedShownInOrderAndCompared() async throws {
    let sandbox = try await sandboxWithTasks()
    let help = await sandbox.run("add", "tasks", "--help")
    #expect(help.stdout.contains("--due <yyyy-mm-dd>"), "\(help.stdout)")
    let table = await sandbox.run("show", "tasks")
    #expect(
      Array(table.stdoutLines.prefix(4)) == [
        "TITLE  DUE         DONE ON", "Cards  2026-12-20", "Gifts  2026-12-24", "Taxes  2027-05-31",
      ])
    let soon = await sandbox.run("show", "tasks", "--where", "due<2027-01-01", "--json")
    let titles = try soon.json()["items"]?.arrayValue?.map { $0["title"] }
    #expect(titles == [.string("Cards"), .string("Gifts")])
    let edited = await sandbox.run("edit", "tasks", "3", "--done-on", "2026-12-19")
    #expect(edited.exitCode == 0, "\(edited)")
    let done = await sandbox.run("show", "tasks", "--where", "done_on>=2026-12-01", "--json")
    let item = try #require(try done.json()["items"]?.arrayValue?.first)
    #expect(item["due"] == .string("2026-12-20") && item["done_on"] == .string("2026-12-19"))
  }

  @Test func aDayThatDoesNotExistIsBadDataAndChangesNothing() async throws {
    let sandbox = try await sandboxWithTasks()
    let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.path("lists.db")))
    let refused = await sandbox.run("add", "tasks", "--title", "Leap", "--due", "2026-02-29")
    #expect(refused.exitCode == 65)
    #expect(
      refused.stderr == "Error: The due must be a date such as 2026-12-24, got '2026-02-29'.\n")
    let filter = await sandbox.run("show", "tasks", "--where", "due<2027-13-01")
    #expect(filter.exitCode == 64)
    #expect(
      filter.stderr.hasPrefix(
        "Error: The filter 'due<2027-13-01' needs a date such as 2026-12-24.\n"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.path("lists.db"))) == before)
  }

  @Test(arguments: ["ndjson", "csv"])
  func datesExportAndImportUnchanged(format: String) async throws {
    let sandbox = try await sandboxWithTasks()
    let exported = await sandbox.run("export", "tasks", "--format", format)
    #expect(exported.exitCode == 0)
    #expect(exported.stdout.contains("2026-12-24"))
    try exported.stdout.write(
      toFile: sandbox.path("tasks.\(format)"), atomically: true, encoding: .utf8)
    _ = await sandbox.run(
      ["--db", sandbox.path("copy.db"), "kinds", "add", "-"], stdin: Array(Self.tasks.utf8))
    let imported = await sandbox.run(
      "--db", sandbox.path("copy.db"), "import", "tasks", sandbox.path("tasks.\(format)"),
      "--format", format)
    #expect(imported.exitCode == 0, "\(imported)")
    let again = await sandbox.run(
      "--db", sandbox.path("copy.db"), "export", "tasks", "--format", format)
    // The same items, the dates unchanged; the copy numbers them itself.
    #expect(Self.withoutIDs(again.stdout) == Self.withoutIDs(exported.stdout))
  }

  /// `text` without the items' ids: `"id":3,` in NDJSON, the first cell in CSV.
  static func withoutIDs(_ text: String) -> [String] {
    text.split(whereSeparator: \.isNewline).map { line in
      line.hasPrefix("{")
        ? String(line).replacing(/"id":[0-9]+,/, with: "") : String(line.drop { $0 != "," })
    }
  }
}
