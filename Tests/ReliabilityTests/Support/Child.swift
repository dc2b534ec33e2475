import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a child process ended.
enum Termination: Equatable, Sendable, CustomStringConvertible {
  /// It called `exit` with this status.
  case exited(Int32)
  /// A signal ended it.
  case signaled(Int32)
  /// It was still running at the deadline and was killed: a hang.
  case timedOut

  var description: String {
    switch self {
    case .exited(let code): "exit \(code)"
    case .signaled(let signal): "signal \(signal)"
    case .timedOut: "timed out"
    }
  }
}

/// What a finished child printed and how it ended.
struct Finished: Sendable {
  var termination: Termination
  var stdout: String
  var stderr: String
  /// From start to reaping, in seconds.
  var seconds: Double

  /// The exit status, or nil when a signal ended the child.
  var exitCode: Int32? {
    if case .exited(let code) = termination { return code }
    return nil
  }

  /// The non-empty lines of stderr.
  var stderrLines: [Substring] {
    stderr.split(separator: "\n", omittingEmptySubsequences: true)
  }

  /// One line for a failed expectation: how it ended and what it said.
  var summary: String {
    "\(termination) after \(String(format: "%.3f", seconds)) s; stderr: \(stderr.debugDescription); "
      + "stdout: \(String(stdout.prefix(300)).debugDescription)"
  }
}

/// One process started with `posix_spawn`, its output going to files, so that a test can kill
/// it at any moment and still read what it printed.
///
/// The child gets default signal dispositions and an empty signal mask whatever the test
/// runner's are, stdin from a file (or `/dev/null`), and exactly the environment given.
final class Child {
  let pid: pid_t
  private let started = ContinuousClock.now
  private let outputPath: String
  private let errorPath: String
  /// What ``wait(timeout:)`` found, once the child is reaped.
  private var reaped: Finished?

  /// Starts `executable` with `arguments`.
  /// - Parameters:
  ///   - fileSizeLimit: bytes; the child runs under `prlimit --fsize`, so a write past it fails.
  ///   - scratch: a folder for the two output files.
  init(
    _ executable: String, _ arguments: [String], stdin: String? = nil,
    environment: [String: String], fileSizeLimit: Int? = nil, scratch: String
  ) throws {
    let name = UUID().uuidString
    outputPath = scratch + "/\(name).out"
    errorPath = scratch + "/\(name).err"
    var argv = [executable] + arguments
    var program = executable
    if let fileSizeLimit {
      program = Child.prlimit
      argv = [program, "--fsize=\(fileSizeLimit)", "--"] + argv
    }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, stdin ?? "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigfillset(&defaults)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let cArguments = argv.map { strdup($0) } + [nil]
    let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in cArguments { free(pointer) }
      for pointer in cEnvironment { free(pointer) }
    }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, program, &actions, &attributes, cArguments, cEnvironment)
    guard status == 0 else {
      throw ChildError(message: "posix_spawn \(program): \(String(cString: strerror(status)))")
    }
    self.pid = pid
  }

  /// Whether the child has written to stdout yet (read before ``wait(timeout:)``, which removes
  /// the output files).
  var hasWrittenOutput: Bool {
    var info = stat()
    return stat(outputPath, &info) == 0 && info.st_size > 0
  }

  /// Whether the child has ended (a zombie not yet reaped), read from `/proc`.
  var hasEnded: Bool {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = text.lastIndex(of: ")")
    else { return true }
    return text[close...].dropFirst(2).first == "Z"
  }

  /// `prlimit` from util-linux, which sets the child's `RLIMIT_FSIZE` in bytes.
  static let prlimit: String = {
    for candidate in ["/usr/bin/prlimit", "/bin/prlimit", "/usr/local/bin/prlimit"]
    where access(candidate, X_OK) == 0 {
      return candidate
    }
    return "/usr/bin/prlimit"
  }()

  /// Sends `signal` (SIGKILL by default).
  func kill(_ signal: Int32 = SIGKILL) {
    _ = systemKill(pid, signal)
  }

  /// Waits for the child to end, for at most `timeout`; a child still running then is killed
  /// and reported as ``Termination/timedOut``. Polls, sleeping between looks without holding a
  /// thread of the concurrency pool.
  @discardableResult
  func wait(timeout: Duration = .seconds(20)) async -> Finished {
    while true {
      if let finished = poll(deadline: started.advanced(by: timeout)) { return finished }
      try? await Task.sleep(for: .milliseconds(2))
    }
  }

  /// ``wait(timeout:)`` for a thread of its own, which it blocks.
  @discardableResult
  func waitBlocking(timeout: Duration = .seconds(20)) -> Finished {
    while true {
      if let finished = poll(deadline: started.advanced(by: timeout)) { return finished }
      usleep(2_000)
    }
  }

  /// The child's end once it has ended (killing it at `deadline`), or nil while it runs.
  private func poll(deadline: ContinuousClock.Instant) -> Finished? {
    if let reaped { return reaped }
    var status: Int32 = 0
    let termination: Termination
    let result = waitpid(pid, &status, WNOHANG)
    if result == pid {
      termination = Self.termination(status)
    } else if result < 0 && errno != EINTR {
      termination = .signaled(0)
    } else if ContinuousClock.now >= deadline {
      kill()
      _ = waitpid(pid, &status, 0)
      termination = .timedOut
    } else {
      return nil
    }
    let elapsed = started.duration(to: .now)
    let finished = Finished(
      termination: termination, stdout: Self.read(outputPath), stderr: Self.read(errorPath),
      seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    unlink(outputPath)
    unlink(errorPath)
    reaped = finished
    return finished
  }

  /// `WIFEXITED` and friends are macros Swift does not import.
  private static func termination(_ status: Int32) -> Termination {
    let low = status & 0x7f
    if low == 0 { return .exited((status >> 8) & 0xff) }
    return .signaled(low)
  }

  private static func read(_ path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path) else { return "" }
    return String(decoding: data, as: UTF8.self)
  }
}

/// A child could not be started.
struct ChildError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// Waits for every child, in order.
func waitAll(_ children: [Child], timeout: Duration = .seconds(20)) async -> [Finished] {
  var finished: [Finished] = []
  for child in children { finished.append(await child.wait(timeout: timeout)) }
  return finished
}

// The C function that the method of the same name here hides.
#if canImport(Glibc)
  private let systemKill = Glibc.kill
#elseif canImport(Darwin)
  private let systemKill = Darwin.kill
#endif
