import Foundation
import Testing

/// `lists export LIST [--format ndjson|csv]`: every item in the list's order, NDJSON in the
/// JSON items' shape, CSV with RFC 4180 quoting.
@Suite struct ExportCommandTests {
  static let csvHeaders = [
    "orders": "id,number,status,total,total_minor,currency,placed_at",
    "favorites": "id,ref,title,note,added_at",
    "addresses":
      "id,label,recipient,line1,line2,city,region,postal_code,country,phone,is_default,created_at",
  ]

  /// The CSV records of `output`, each ended by CRLF as RFC 4180 says (a CR or LF alone may
  /// only appear inside a quoted field).
  static func records(_ output: String) -> [String] {
    var records = output.components(separatedBy: "\r\n")
    #expect(records.last == "", "the last record ends in CRLF")
    records.removeLast()
    return records
  }

  @Test(arguments: ["favorites", "addresses", "orders"])
  func ndjsonIsEveryItemAsShowPrintsIt(list: String) async throws {
    let sandbox = try Sandbox()
    await Fixtures.addEverything(to: sandbox)
    let result = await sandbox.run("export", list)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr == "")
    let exported = try result.stdoutLines.map { try JSON.parse($0) }
    let shown = try await sandbox.run("show", list, "--all", "--json").json()["items"]?.arrayValue
    #expect(exported == shown)
    for item in exported { ShowCommandTests.expectItemShape(item, of: list) }
  }

  @Test func ndjsonStreamsLongLists() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addNumberedOrders(600, to: sandbox)
    let result = await sandbox.run("export", "orders")
    #expect(result.exitCode == 0)
    #expect(result.stdoutLines.count == 600)
    #expect(try JSON.parse(result.stdoutLines.last ?? "")["number"] == .string("A-2600"))
  }

  @Test func csvOfOrders() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let result = await sandbox.run("export", "orders", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      Self.records(result.stdout) == [
        Self.csvHeaders["orders"]!,
        "1,A-1001,paid,25.90,2590,EUR,2026-11-30T13:40:00Z",
        "2,A-1002,pending,1200,1200,JPY,2026-11-29T09:05:00Z",
        "3,A-1003,shipped,19.99,1999,USD,2026-11-28T18:30:00Z",
      ])
  }

  @Test func csvQuotesCommasQuotesAndLineBreaksAndLeavesNullsEmpty() async throws {
    let sandbox = try Sandbox()
    let lines = """
      {"ref":"plain","title":"Plain","added_at":"2026-01-01T00:00:00Z"}
      {"ref":"mug","title":"Mug, \\"large\\"","note":"first line\\nsecond line","added_at":"2026-01-02T00:00:00Z"}

      """
    let imported = await sandbox.run(["import", "favorites", "-"], stdin: Array(lines.utf8))
    #expect(imported.exitCode == 0, "\(imported)")
    let result = await sandbox.run("export", "favorites", "--format", "csv")
    #expect(result.exitCode == 0, "\(result)")
    let expected =
      Self.csvHeaders["favorites"]! + "\r\n"
      + "2,mug,\"Mug, \"\"large\"\"\",\"first line\nsecond line\",2026-01-02T00:00:00Z\r\n"
      + "1,plain,Plain,,2026-01-01T00:00:00Z\r\n"
    #expect(result.stdout == expected, "\(result)")
  }

  @Test(arguments: ["favorites", "addresses", "orders"])
  func csvHasTheHeaderOfTheJSONFields(list: String) async throws {
    let sandbox = try Sandbox()
    await Fixtures.addEverything(to: sandbox)
    let result = await sandbox.run("export", list, "--format", "csv")
    #expect(result.exitCode == 0)
    let records = Self.records(result.stdout)
    #expect(records.first == Self.csvHeaders[list])
    #expect(records.count == 4)
    let fields = ShowCommandTests.itemFields[list]!.map(\.0).joined(separator: ",")
    #expect(Self.csvHeaders[list] == fields)
  }

  @Test func anEmptyListExportsNothingButTheCSVHeader() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addFavorites(to: sandbox)
    let ndjson = await sandbox.run("export", "orders")
    #expect(ndjson.exitCode == 0)
    #expect(ndjson.stdout == "")
    let csv = await sandbox.run("export", "orders", "--format", "csv")
    #expect(csv.exitCode == 0)
    #expect(csv.stdout == Self.csvHeaders["orders"]! + "\r\n")
  }
}
