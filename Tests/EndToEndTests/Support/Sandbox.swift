import Foundation

/// A fresh temporary folder for one test, with the environment `lists` runs in; removed when
/// the test is done.
///
/// Every run gets exactly the sandbox's environment, never the test process's: `LISTS_DB` is
/// the sandbox's `lists.db`, `HOME` a folder inside the sandbox (so no default path can reach
/// a real home), `NO_COLOR=1`, `COLUMNS=80`, `TZ=UTC`, and neither `LISTS_ACCOUNT` nor
/// `XDG_DATA_HOME` unless a test sets them. Output goes to pipes, so it is not a terminal
/// unless a test asks for one (``start(_:environment:terminal:)``).
///
/// For example:
/// ```swift
/// let sandbox = try Sandbox()
/// let result = await sandbox.run("show", "orders", "--json")
/// ```
final class Sandbox {
  /// The folder, an absolute path without a trailing slash.
  let folder: String
  /// The environment every run starts from.
  var environment: [String: String]

  /// The database file `LISTS_DB` points to.
  var databasePath: String { folder + "/lists.db" }

  /// How long any one run may take before it is killed and the test fails.
  static let runTimeout: Duration = .seconds(20)

  init() throws {
    var template = Array((NSTemporaryDirectory() + "/lists-e2e-XXXXXX").utf8CString)
    guard let created = mkdtemp(&template) else {
      throw Subprocess.SpawnError(description: "mkdtemp: \(String(cString: strerror(errno)))")
    }
    folder = URL(fileURLWithPath: String(cString: created)).standardizedFileURL.path
    environment = [
      "PATH": ListsBinary.searchPath,
      "HOME": folder + "/home",
      "LISTS_DB": folder + "/lists.db",
      "NO_COLOR": "1",
      "COLUMNS": "80",
      "TZ": "UTC",
      "LANG": "C.UTF-8",
    ]
  }

  deinit {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// The absolute path of `name` inside the sandbox.
  func path(_ name: String) -> String {
    folder + "/" + name
  }

  // MARK: Running lists

  /// Runs `lists` with `arguments`.
  func run(_ arguments: String...) async -> RunResult {
    await run(arguments)
  }

  /// Runs `lists` with `arguments`, `stdin` as its input, the sandbox's environment changed by
  /// `changes` (a nil value removes the variable), in `directory` (default: the sandbox).
  func run(
    _ arguments: [String], stdin: [UInt8] = [], environment changes: [String: String?] = [:],
    directory: String? = nil, timeout: Duration = Sandbox.runTimeout
  ) async -> RunResult {
    await runProgram(
      ListsBinary.path, arguments, stdin: stdin, environment: changes, directory: directory, timeout: timeout)
  }

  /// Starts `lists` with `arguments` and leaves it running (for `watch`, or to talk to it);
  /// the standard streams numbered in `terminal` are a pseudo-terminal.
  func start(
    _ arguments: [String], environment changes: [String: String?] = [:],
    terminal: Set<Int32> = []
  ) throws -> Subprocess {
    try Subprocess(
      executable: ListsBinary.path, arguments: arguments,
      environment: environment(with: changes), directory: folder, terminal: terminal)
  }

  /// Runs any program to its end with the sandbox's environment.
  ///
  /// The waiting happens on a Dispatch thread, never on the concurrency pool (two threads on
  /// two cores, shared with every other test), and at most ``ProcessSlots/limit`` programs run
  /// at once, so the end-to-end tests do not starve the timing-sensitive unit tests.
  func runProgram(
    _ executable: String, _ arguments: [String], stdin: [UInt8] = [],
    environment changes: [String: String?] = [:], directory: String? = nil, timeout: Duration = Sandbox.runTimeout
  ) async -> RunResult {
    let environment = environment(with: changes)
    let directory = directory ?? folder
    await ProcessSlots.shared.acquire()
    let result = await Subprocess.offPool {
      Self.runToEnd(executable, arguments, stdin, environment, directory, timeout)
    }
    await ProcessSlots.shared.release()
    return result
  }

  private static func runToEnd(
    _ executable: String, _ arguments: [String], _ stdin: [UInt8],
    _ environment: [String: String], _ directory: String, _ timeout: Duration
  ) -> RunResult {
    let started = ContinuousClock.now
    do {
      let process = try Subprocess(
        executable: executable, arguments: arguments, environment: environment,
        directory: directory)
      process.send(stdin, thenClose: true)
      let termination = process.wait(until: started + timeout)
      var code: Int32?
      if case .exited(let status)? = termination { code = status }
      return RunResult(
        arguments: arguments, exitCode: code, stdoutBytes: process.stdout,
        stderrBytes: process.stderr, duration: ContinuousClock.now - started)
    } catch {
      return RunResult(
        arguments: arguments, exitCode: nil, stdoutBytes: [],
        stderrBytes: Array("\(error)".utf8), duration: ContinuousClock.now - started)
    }
  }

  private func environment(with changes: [String: String?]) -> [String: String] {
    var result = environment
    for (name, value) in changes { result[name] = value }
    return result
  }

  // MARK: Files

  /// The bytes of the file at `path`, or nil when there is none.
  func bytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
  }

  /// Writes `bytes` to `path`, creating or replacing the file.
  func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  /// Writes `text` as UTF-8 to `path`.
  func write(_ text: String, to path: String) throws {
    try write(Array(text.utf8), to: path)
  }

  /// Whether anything exists at `path`.
  func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: path)
  }

  /// Every path inside the sandbox, relative to it, sorted.
  func contents() -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder)
    var paths: [String] = []
    while let path = enumerator?.nextObject() as? String { paths.append(path) }
    return paths.sorted()
  }

  // MARK: SQLite

  /// Runs `sql` on the database with the `sqlite3` shell; its stdout, or a failure message.
  @discardableResult
  func sqlite(_ sql: String, database: String? = nil) async -> String {
    let result = await runProgram(
      ListsBinary.sqlite3, ["-batch", "-bail", database ?? databasePath, sql])
    guard result.exitCode == 0 else { return "sqlite3 failed: \(result.stderr)" }
    return result.stdout
  }
}
