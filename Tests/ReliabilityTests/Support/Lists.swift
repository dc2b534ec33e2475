import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The built `lists` binary, run on one database file of a test's scratch folder.
struct Lists {
  /// The binary next to the test bundle (`swift build` puts both in `.build/<triple>/debug`),
  /// or `$LISTS_BINARY`.
  static let binary: String = {
    if let given = ProcessInfo.processInfo.environment["LISTS_BINARY"], !given.isEmpty {
      return given
    }
    var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent()
    if folder.path.hasSuffix(".xctest/Contents/MacOS") {
      folder = folder.deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    }
    return folder.appendingPathComponent("lists").path
  }()

  /// The folder the output files and the database live in.
  let scratch: Scratch
  /// The database file, given with `--db`.
  let database: String

  init(_ scratch: Scratch, database: String = "lists.db") {
    self.scratch = scratch
    self.database = database.hasPrefix("/") ? database : scratch.file(database)
  }

  /// The same scratch folder, another database file.
  func on(_ database: String) -> Lists { Lists(scratch, database: database) }

  /// A child environment without the runner's `LISTS_*` variables: no color, a home folder in
  /// the scratch folder.
  var environment: [String: String] {
    ["HOME": scratch.path, "NO_COLOR": "1", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
  }

  /// Starts `lists --db DATABASE ARGUMENTS...` without waiting for it.
  func start(
    _ arguments: [String], stdin: String? = nil, fileSizeLimit: Int? = nil,
    environment extra: [String: String] = [:]
  ) throws -> Child {
    try Child(
      Self.binary, ["--db", database] + arguments, stdin: stdin,
      environment: environment.merging(extra) { $1 }, fileSizeLimit: fileSizeLimit,
      scratch: scratch.path)
  }

  /// Runs `lists --db DATABASE ARGUMENTS...` to its end (at most `timeout`).
  @discardableResult
  func run(
    _ arguments: String..., stdin: String? = nil, fileSizeLimit: Int? = nil,
    timeout: Duration = .seconds(30)
  ) async throws -> Finished {
    try await start(arguments, stdin: stdin, fileSizeLimit: fileSizeLimit).wait(timeout: timeout)
  }

  /// ``run(_:stdin:fileSizeLimit:timeout:)`` with the arguments in an array.
  @discardableResult
  func run(
    arguments: [String], stdin: String? = nil, fileSizeLimit: Int? = nil,
    environment extra: [String: String] = [:], timeout: Duration = .seconds(30)
  ) async throws -> Finished {
    try await start(arguments, stdin: stdin, fileSizeLimit: fileSizeLimit, environment: extra)
      .wait(timeout: timeout)
  }

  /// ``run(_:stdin:fileSizeLimit:timeout:)`` for a thread of its own, which it blocks.
  @discardableResult
  func runBlocking(_ arguments: String..., timeout: Duration = .seconds(30)) throws -> Finished {
    try start(arguments).waitBlocking(timeout: timeout)
  }
}

/// One NDJSON line of an order, with fields in the export's shape.
func orderLine(_ number: String, total: String = "12.34", currency: String = "EUR") -> String {
  #"{"number":"\#(number)","total":"\#(total)","currency":"\#(currency)","placed_at":"2026-01-01T00:00:00Z"}"#
}
