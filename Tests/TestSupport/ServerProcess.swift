import Foundation

/// `lists-server serve` in a child process on 127.0.0.1 and a port the system picked, over a
/// fresh storage that has the kind `books` and the tokens of `alice` and `bob`: a database in a
/// fresh folder, or — while ``PostgresCluster/target`` is set — fresh databases of that
/// cluster, one per node.
public final class ServerProcess: @unchecked Sendable {
  /// The folder of the database and the kind's file; removed by ``stop()``.
  public let folder: String
  /// The database file.
  public var database: String { folder + "/server.db" }
  /// The port.
  public private(set) var port = 0
  /// The storage options every command is given: `--db` and the file, or `--postgres` and
  /// each node's connection string.
  public private(set) var storage: [String] = []
  /// The connection strings of the PostgreSQL nodes (none on SQLite).
  public private(set) var nodes: [String] = []
  /// The tokens by account.
  public private(set) var tokens: [String: String] = [:]
  private var process: Process?
  /// The file `serve` writes its standard error to: one JSON line per request.
  private var errorFile: String { folder + "/serve.stderr" }

  /// The definition every test's `books` kind has.
  public static let books = """
    {"name": "books", "item": "book", "fields": [
      {"name": "title", "type": "text", "required": true, "max_length": 20},
      {"name": "author", "type": "text"},
      {"name": "pages", "type": "integer", "min": 1, "max": 5000},
      {"name": "isbn", "type": "text", "pattern": "[0-9][0-9][0-9]"},
      {"name": "status", "type": "enum", "values": ["want", "reading", "done"], "default": "want"},
      {"name": "started_at", "type": "timestamp"},
      {"name": "owned", "type": "bool"}],
     "unique": {"fields": ["title", "author"]}}
    """

  /// Makes the folder, the kind and the tokens, then starts serving with `options`.
  public static func start(
    _ options: [String] = [], kind: String = books, accounts: [String] = ["alice", "bob"]
  ) async throws -> ServerProcess {
    let server = try ServerProcess(folder: ServerBinary.temporaryFolder())
    server.storage = ["--db", server.database]
    if let target = PostgresCluster.target {
      for _ in 0..<target.nodes { server.nodes.append(try await target.cluster.newDatabase()) }
      server.storage = server.nodes.flatMap { ["--postgres", $0] }
    }
    try kind.write(toFile: server.folder + "/books.json", atomically: true, encoding: .utf8)
    let added = try await server.command(["kinds", "add", server.folder + "/books.json"])
    guard added.status == 0 else { throw ServerTestError("kinds add: \(added.stderr)") }
    for account in accounts {
      let result = try await server.command(["token", "add", account])
      guard result.status == 0 else { throw ServerTestError("token add: \(result.stderr)") }
      server.tokens[account] = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    try await server.serve(options)
    return server
  }

  private init(folder: String) {
    self.folder = folder
  }

  /// Runs `lists-server` with `arguments` and the storage options of this server.
  public func command(_ arguments: [String]) async throws -> ProgramRun {
    try await runProgram(ServerBinary.path("lists-server"), arguments + storage)
  }

  /// Starts `serve` and waits for its first line.
  public func serve(_ options: [String] = []) async throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ServerBinary.path("lists-server"))
    process.arguments = ["serve"] + storage + ["--listen", "127.0.0.1:0"] + options
    let output = Pipe()
    // A file, not a pipe: a request's log line is written before its answer is sent, so a test
    // that reads the file after an answer finds the line.
    guard FileManager.default.createFile(atPath: errorFile, contents: nil),
      let errors = FileHandle(forWritingAtPath: errorFile)
    else { throw ServerTestError("cannot create \(errorFile)") }
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    defer { try? errors.close() }
    try process.run()
    self.process = process
    let line: String = try await withCheckedThrowingContinuation { continuation in
      Thread {
        var bytes: [UInt8] = []
        let handle = output.fileHandleForReading
        while bytes.last != UInt8(ascii: "\n"), bytes.count < 200 {
          guard let byte = try? handle.read(upToCount: 1), !byte.isEmpty else { break }
          bytes += byte
        }
        continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
      }.start()
    }
    guard line.hasPrefix("Listening on http://127.0.0.1:"),
      let port = Int(
        line.dropFirst("Listening on http://127.0.0.1:".count).trimmingCharacters(in: .newlines))
    else {
      process.terminate()
      throw ServerTestError("serve printed '\(line)'")
    }
    self.port = port
  }

  /// What the running `serve` wrote on its standard error so far: its log, one JSON line per
  /// request answered.
  public func errorOutput() -> String {
    (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
  }

  /// The server's process id, while it runs.
  public var pid: Int32? { process?.processIdentifier }

  /// The server's resident memory in KiB (`VmRSS`), while it runs.
  public func residentKiB() -> Int? {
    guard let pid, let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    else { return nil }
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
    return line.flatMap {
      Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }
  }

  /// The URL of a kind's list.
  public func url(_ kind: String = "books", query: String = "") -> String {
    "http://127.0.0.1:\(port)/v1/lists/\(kind)" + (query.isEmpty ? "" : "?" + query)
  }

  /// Sends SIGTERM (or `signal`) and waits for the exit; returns its status and stderr.
  public func stop(signal: Int32 = SIGTERM) async -> (
    status: Int32, reason: Process.TerminationReason, stderr: String
  ) {
    guard let process else { return (0, .exit, "") }
    self.process = nil
    kill(process.processIdentifier, signal)
    return await withCheckedContinuation { continuation in
      Thread {
        process.waitUntilExit()
        continuation.resume(
          returning: (process.terminationStatus, process.terminationReason, self.errorOutput()))
      }.start()
    }
  }

  /// Stops the server (SIGKILL when still running) and removes the folder.
  public func remove() async {
    _ = await stop(signal: SIGKILL)
    try? FileManager.default.removeItem(atPath: folder)
  }
}

/// A failure of the tests' own setup.
public struct ServerTestError: Error, CustomStringConvertible {
  /// What failed.
  public var description: String
  /// An error saying `description`.
  public init(_ description: String) { self.description = description }
}
