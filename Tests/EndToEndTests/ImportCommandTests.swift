import Foundation
import Testing

/// `lists import LIST FILE|-`: NDJSON in the JSON items' fields, all or nothing, errors that
/// name the line and the field.
@Suite struct ImportCommandTests {
  @Test(arguments: ["favorites", "addresses", "orders"])
  func exportedItemsImportWithNewIdsAndEverythingElseEqual(list: String) async throws {
    let sandbox = try Sandbox()
    await Fixtures.addEverything(to: sandbox)
    #expect(await sandbox.run("remove", list, "1").exitCode == 0)
    let exported = await sandbox.run("export", list)
    #expect(exported.exitCode == 0, "\(exported)")
    #expect(exported.stdoutLines.count == 2)

    let copy = sandbox.path("copy.db")
    let imported = await sandbox.run(
      ["--db", copy, "import", list, "-"], stdin: exported.stdoutBytes)
    #expect(imported.exitCode == 0, "\(imported)")
    #expect(imported.stdout == "Imported 2 \(list).\n")
    let reexported = await sandbox.run("--db", copy, "export", list)
    let before = try exported.stdoutLines.map { try JSON.parse($0) }
    let after = try reexported.stdoutLines.map { try JSON.parse($0) }
    #expect(before.compactMap { $0["id"]?.intValue }.sorted() == [2, 3])
    #expect(after.compactMap { $0["id"]?.intValue }.sorted() == [1, 2])
    #expect(after.map { $0.removing("id") } == before.map { $0.removing("id") })
  }

  @Test func dashReadsStdinAndIdsAreIgnored() async throws {
    let sandbox = try Sandbox()
    let lines = """
      {"id":77,"number":"B-1","total":"1.50","currency":"EUR","status":"paid","placed_at":"2026-01-02T03:04:05Z"}
      {"number":"B-2","total_minor":300,"currency":"JPY","placed_at":"2026-01-02T03:04:06.123Z"}

      """
    let result = await sandbox.run(["import", "orders", "-"], stdin: Array(lines.utf8))
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout == "Imported 2 orders.\n")
    #expect(
      await sandbox.sqlite(
        "SELECT id, number, status, total_minor, currency, placed_at FROM orders ORDER BY id")
        == "1|B-1|paid|150|EUR|1767323045000\n2|B-2|pending|300|JPY|1767323046123\n")
  }

  /// A failed command never removes the file it created: another process may be writing to it
  /// (see ``FirstWriteRaceTests``). What it leaves is an empty, initialized, closed database.
  @Test func aRejectedImportIntoANewDatabaseLeavesAnEmptyDatabase() async throws {
    let sandbox = try Sandbox()
    let fresh = sandbox.path("fresh/lists.db")
    let lines = Array("{\"ref\":\"a\",\"title\":\"A\"}\n{\"ref\":\"b\"}\n".utf8)
    let result = await sandbox.run(["--db", fresh, "import", "favorites", "-"], stdin: lines)
    #expect(result.exitCode == 65, "\(result)")
    #expect(result.stderr == "Error: Line 2: Field 'title' is missing. Nothing was imported.\n")
    #expect(await sandbox.sqlite("SELECT count(*) FROM favorites", database: fresh) == "0\n")
    for suffix in ["-wal", "-shm"] {
      #expect(!FileManager.default.fileExists(atPath: fresh + suffix), "\(fresh + suffix)")
    }
  }

  @Test func currencyCodesAreReadInAnyCaseAsOnTheCommandLine() async throws {
    let sandbox = try Sandbox()
    let line = Array(#"{"number":"L-1","total":"2.50","currency":"eur"}"#.utf8)
    let result = await sandbox.run(["import", "orders", "-"], stdin: line)
    #expect(result.exitCode == 0, "\(result)")
    let shown = try await sandbox.run("show", "orders", "--json").json()
    #expect(shown["items"]?.arrayValue?.first?["currency"] == .string("EUR"))
    #expect(shown["items"]?.arrayValue?.first?["total_minor"] == .number("250"))
  }

  @Test func aFileIsReadByPath() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Fixtures.favorites, to: sandbox.path("favorites.ndjson"))
    let result = await sandbox.run("import", "favorites", sandbox.path("favorites.ndjson"))
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout == "Imported 3 favorites.\n")
    #expect(await sandbox.sqlite("SELECT count(*) FROM favorites") == "3\n")
  }

  @Test func emptyInputImportsNothingAndSucceeds() async throws {
    let sandbox = try Sandbox()
    let result = await sandbox.run(["import", "favorites", "-"], stdin: [])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout == "Imported 0 favorites.\n")
  }

  @Test func thousandsOfLinesImportInOneGo() async throws {
    let sandbox = try Sandbox()
    var lines = ""
    for index in 1...3000 {
      lines +=
        #"{"ref":"r\#(index)","title":"Item \#(index)","added_at":"2026-01-01T00:00:00Z"}"# + "\n"
    }
    let result = await sandbox.run(["import", "favorites", "-"], stdin: Array(lines.utf8))
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout == "Imported 3000 favorites.\n")
    let object = try await sandbox.run("show", "favorites", "--json").json()
    #expect(object["total_count"] == .number("3000"))
  }

  struct BadFile: Sendable, CustomTestStringConvertible {
    var name: String
    var list: String
    var bytes: [UInt8]
    /// The line the error must name.
    var line: Int
    /// Words the message must contain: the field, or what is wrong.
    var mentions: [String]
    var testDescription: String { name }
  }

  static let good = #"{"number":"C-1","total":"1.00","currency":"EUR"}"# + "\n"

  static let badFiles: [BadFile] = [
    BadFile(
      name: "bad JSON", list: "orders", bytes: Array((good + #"{"number":"C-2","# + "\n").utf8),
      line: 2, mentions: ["JSON"]),
    BadFile(
      name: "unknown field", list: "orders",
      bytes: Array((good + #"{"number":"C-2","totl":"1","currency":"EUR"}"# + "\n").utf8),
      line: 2, mentions: ["'totl'"]),
    BadFile(
      name: "invalid UTF-8", list: "orders",
      bytes: Array((good + #"{"number":"C-"#).utf8) + [0xFF]
        + Array(#"","total":"1","currency":"EUR"}"#.utf8) + [0x0A],
      line: 2, mentions: ["UTF-8"]),
    BadFile(
      name: "missing total", list: "orders",
      bytes: Array((good + #"{"number":"C-2","currency":"EUR"}"# + "\n").utf8),
      line: 2, mentions: ["'total'", "'total_minor'"]),
    BadFile(
      name: "duplicate of a stored number", list: "orders",
      bytes: Array((good + #"{"number":"A-1001","total":"1","currency":"EUR"}"# + "\n").utf8),
      line: 2, mentions: ["'A-1001'"]),
    BadFile(
      name: "duplicate within the file", list: "orders",
      bytes: Array((good + #"{"number":"C-2","total":"1","currency":"EUR"}"# + "\n" + good).utf8),
      line: 3, mentions: ["'C-1'"]),
    BadFile(
      name: "invalid currency", list: "orders",
      bytes: Array((good + #"{"number":"C-2","total":"1","currency":"EURO"}"# + "\n").utf8),
      line: 2, mentions: ["'EURO'"]),
    BadFile(
      name: "too many decimals", list: "orders",
      bytes: Array((good + #"{"number":"C-2","total":"1.001","currency":"EUR"}"# + "\n").utf8),
      line: 2, mentions: ["'1.001'"]),
    BadFile(
      name: "wrong type", list: "favorites",
      bytes: Array((#"{"ref":"a","title":"A"}"# + "\n" + #"{"ref":1,"title":"B"}"#).utf8),
      line: 2, mentions: ["'ref'"]),
    BadFile(
      name: "not an object", list: "favorites",
      bytes: Array((#"{"ref":"a","title":"A"}"# + "\n" + #"["ref","b"]"# + "\n").utf8),
      line: 2, mentions: []),
    BadFile(
      name: "missing required field", list: "addresses",
      bytes: Array(
        (#"{"label":"L","recipient":"R","line1":"1","city":"C","postal_code":"P"}"# + "\n").utf8),
      line: 1, mentions: ["'country'"]),
  ]

  @Test(arguments: badFiles)
  func aBadLineIsExit65NamingTheLineAndNothingIsImported(file: BadFile) async throws {
    let sandbox = try Sandbox()
    await Fixtures.addEverything(to: sandbox)
    let before = FileSnapshot(sandbox.databasePath, in: sandbox)
    let result = await sandbox.run(["import", file.list, "-"], stdin: file.bytes)
    #expect(result.exitCode == 65, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderrLines.count == 1, "\(result)")
    let line = result.stderrLines.first ?? ""
    #expect(line.hasPrefix("Error: Line \(file.line): "), "\(line)")
    #expect(line.hasSuffix(" Nothing was imported."), "\(line)")
    for word in file.mentions { #expect(line.contains(word), "\(line) lacks \(word)") }
    expectNoCrash(result)
    #expect(FileSnapshot(sandbox.databasePath, in: sandbox) == before)
  }

  @Test func aMissingFileIsExit66AndCreatesNothing() async throws {
    let sandbox = try Sandbox()
    let path = sandbox.path("nope.ndjson")
    let result = await sandbox.run("import", "orders", path)
    expectError(result, code: 66, line: "Error: Cannot read \(path): No such file or directory.")
    #expect(!sandbox.exists(sandbox.databasePath))
  }

  @Test func aFolderIsNotAnInputFile() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let before = FileSnapshot(sandbox.databasePath, in: sandbox)
    let result = await sandbox.run("import", "orders", sandbox.folder)
    expectError(result, code: 66, line: "Error: Cannot read \(sandbox.folder): Is a directory.")
    #expect(FileSnapshot(sandbox.databasePath, in: sandbox) == before)
  }
}
