import Foundation
import Testing

/// Output that cannot be written (stdout on a full disk) is an I/O error: exit 74 and one line
/// on stderr, never a silent success.
@Suite struct OutputFailureTests {
  /// Runs `lists` with stdout on `/dev/full`, where every write fails with `ENOSPC`.
  static func runIntoFullDisk(_ sandbox: Sandbox, _ arguments: [String]) async -> RunResult {
    var result = await sandbox.runProgram(
      "/bin/sh", ["-c", #"exec "$0" "$@" > /dev/full"#, ListsBinary.path] + arguments)
    result.arguments = arguments
    return result
  }

  static let commands: [[String]] = [
    [], ["show", "orders"], ["show", "orders", "--json"], ["show", "orders", "--all"],
    ["show", "favorites", "--events"], ["export", "orders"], ["export", "orders", "--format", "csv"],
    ["doctor"], ["--version"], ["--help"], ["show", "--help"], ["help", "exit-codes"],
  ]

  @Test(arguments: commands)
  func aCommandWhoseOutputCannotBeWrittenFailsWithAnIOError(_ arguments: [String]) async throws {
    let sandbox = try Sandbox()
    await Fixtures.addEverything(to: sandbox)
    let before = sandbox.bytes(sandbox.databasePath)
    let result = await Self.runIntoFullDisk(sandbox, arguments)
    #expect(result.exitCode == 74, "\(result)")
    // `--events` lines go to stderr too; past them, one line says what went wrong.
    let lines = result.stderrLines.filter { !$0.hasPrefix("{\"event\"") }
    #expect(lines.count == 1 && result.stderrLines.last == lines.first, "\(result)")
    #expect(lines.first?.hasPrefix("Error: Cannot write the ") == true, "\(result)")
    #expect(lines.first?.contains("No space left on device") == true, "\(result)")
    #expect(sandbox.bytes(sandbox.databasePath) == before)
  }

  @Test func aWriteThatCommittedButCouldNotSaySoIsStillAnIOError() async throws {
    let sandbox = try Sandbox()
    let result = await Self.runIntoFullDisk(
      sandbox, ["add", "orders", "--number", "A-1", "--total", "1", "--currency", "EUR"])
    #expect(result.exitCode == 74, "\(result)")
    #expect(result.stderrLines == ["Error: Cannot write the output: No space left on device."])
    // The order was stored before its confirmation could not be printed.
    let shown = await sandbox.run("show", "orders", "--json")
    #expect(try shown.json()["total_count"] == .number("1"))
  }

  @Test func watchWhoseOutputCannotBeWrittenEnds() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addEverything(to: sandbox)
    let result = await Self.runIntoFullDisk(sandbox, ["watch", "orders", "--json"])
    #expect(result.exitCode == 74, "\(result)")
    #expect(result.stderrLines == ["Error: Cannot write the output: No space left on device."])
  }
}
