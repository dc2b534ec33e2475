import Foundation
import Testing

/// Only a regular file (or nothing, or a zero-byte file) is a database. A FIFO, a character
/// device such as `/dev/null`, or a socket at the database path is refused by every command
/// with exit 74 and one line, at once: nothing opens it, so nothing waits for a FIFO's writer
/// and no write "succeeds" into `/dev/null`.
@Suite struct SpecialFileTests {
  enum Special: String, CaseIterable, Sendable {
    case fifo = "a FIFO"
    case devNull = "/dev/null"
    case socket = "a socket"

    /// What the one error line says it is.
    var what: String {
      switch self {
      case .fifo: "a FIFO"
      case .devNull: "a character device"
      case .socket: "a socket"
      }
    }
  }

  /// Makes the special file and returns its path.
  static func make(_ special: Special, in sandbox: Sandbox) async throws -> String {
    switch special {
    case .devNull:
      return "/dev/null"
    case .fifo:
      let path = sandbox.path("fifo.db")
      #expect(mkfifo(path, 0o600) == 0)
      return path
    case .socket:
      let path = sandbox.path("socket.db")
      let made = await sandbox.runProgram(
        "/usr/bin/env",
        ["python3", "-c", "import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])", path])
      #expect(made.exitCode == 0, "\(made)")
      return path
    }
  }

  /// Every command of the hostile-file tests, and those that only read or check.
  static let commands: [[String]] =
    HostileFileTests.commands + [
      ["show", "orders"], ["show", "orders", "--json"], ["kinds"], ["kinds", "show", "orders"],
      ["watch", "orders", "--json"], ["doctor"], ["doctor", "--repair"],
    ]

  @Test(arguments: Special.allCases, commands)
  func everyCommandRefusesItAtOnceWithOneLine(special: Special, command: [String]) async throws {
    let sandbox = try Sandbox()
    let path = try await Self.make(special, in: sandbox)
    let input = Array(#"{"number":"Z-1","total":"1","currency":"EUR"}"#.utf8) + [0x0A]
    // Through LISTS_DB and through --db: the same path either way.
    for (arguments, environment) in [
      (command, ["LISTS_DB": path]), (["--db", path] + command, [String: String?]()),
    ] {
      let result = await sandbox.run(arguments, stdin: input, environment: environment)
      // Killed at the sandbox's run timeout (no exit code) if it waited on the FIFO.
      #expect(result.exitCode == 74, "\(result)")
      #expect(result.duration < .seconds(15), "\(result)")
      let line = "Error: Cannot open the database \(path): it is \(special.what), not a regular file."
      #expect(result.stderrLines.last == line, "\(result)")
      #expect(result.stderrLines.count == 1, "\(result)")
      expectNoCrash(result)
    }
    // Nothing was made beside it (in the sandbox: /dev is shared with every other program).
    if special != .devNull {
      let sidecars = ["-wal", "-shm", "-journal"].filter { sandbox.exists(path + $0) }
      #expect(sidecars == [])
    }
  }

  @Test func aSymbolicLinkToARegularFileIsThatFile() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let link = sandbox.path("link.db")
    #expect(symlink(sandbox.databasePath, link) == 0)
    let shown = await sandbox.run("--db", link, "show", "orders", "--json")
    #expect(shown.exitCode == 0, "\(shown)")
    #expect(try shown.json()["total_count"] == .number("3"))
  }

  @Test func aSymbolicLinkToAFIFOIsRefused() async throws {
    let sandbox = try Sandbox()
    let fifo = try await Self.make(.fifo, in: sandbox)
    let link = sandbox.path("link.db")
    #expect(symlink(fifo, link) == 0)
    let result = await sandbox.run("--db", link, "add", "favorites", "--ref", "a", "--title", "A")
    expectError(
      result, code: 74, line: "Error: Cannot open the database \(link): it is a FIFO, not a regular file.")
  }
}
