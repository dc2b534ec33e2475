import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs other programs and measures them as a user's shell would see them: wall time from
/// spawn to exit, and the child's peak resident memory.
enum ChildProcess {
  /// Where a child's output stream goes.
  enum Output {
    /// The bench's own stream.
    case inherit
    /// `/dev/null`.
    case discard
    /// A pipe the bench reads to the end (standard output only).
    case capture
  }

  /// What one run of a child cost and produced.
  struct Run {
    /// From just before the spawn to just after the child was reaped, in milliseconds.
    var wallMilliseconds: Double
    /// The child's peak resident set size (`ru_maxrss` from `wait4`), in MiB.
    var peakRSSMiB: Double
    /// The exit code, or minus the signal number when a signal ended the child.
    var status: Int32
    /// Standard output when it was captured; empty otherwise.
    var output: [UInt8]
  }

  /// Runs `executable` (a path, or a name looked up in `PATH`) with `arguments` and
  /// `environment`, waits for it, and returns its wall time, peak RSS and exit status.
  ///
  /// For example, the `sqlite3` shell answering a query, its output thrown away:
  ///
  /// ```swift
  /// let run = try ChildProcess.run("sqlite3", ["-json", path, "SELECT 1"])
  /// print(run.wallMilliseconds, run.peakRSSMiB)
  /// ```
  /// - Parameter environment: the child's whole environment (default: the bench's own).
  /// - Throws: ``BenchError/child(_:)`` when the child cannot be started or waited for.
  static func run(
    _ executable: String, _ arguments: [String],
    environment: [String: String] = ProcessInfo.processInfo.environment,
    stdout: Output = .discard, stderr: Output = .inherit
  ) throws -> Run {
    precondition(stderr != .capture, "only standard output can be captured")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }

    var pipeEnds: [Int32] = [-1, -1]
    switch stdout {
    case .inherit: break
    case .discard: posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    case .capture:
      guard pipe(&pipeEnds) == 0 else {
        throw BenchError.child("pipe() failed: \(String(cString: strerror(errno)))")
      }
      posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
      posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
      posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    }
    if stderr == .discard {
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    }

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }

    var pid = pid_t()
    let start = Stopwatch.now()
    let spawned = posix_spawnp(&pid, executable, &actions, nil, argv, envp)
    if stdout == .capture { close(pipeEnds[1]) }
    guard spawned == 0 else {
      if stdout == .capture { close(pipeEnds[0]) }
      throw BenchError.child("Could not start \(executable): \(String(cString: strerror(spawned)))")
    }

    var output: [UInt8] = []
    if stdout == .capture {
      output = readToEnd(pipeEnds[0])
      close(pipeEnds[0])
    }

    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else {
        throw BenchError.child("wait4 failed: \(String(cString: strerror(errno)))")
      }
    }
    let elapsed = Double(Stopwatch.now() &- start) / 1_000_000
    #if os(Linux)
      let rssBytes = Double(usage.ru_maxrss) * 1024  // kilobytes on Linux
    #else
      let rssBytes = Double(usage.ru_maxrss)  // bytes on Darwin
    #endif
    // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
    let signal = status & 0x7F
    let code = signal == 0 ? (status >> 8) & 0xFF : -signal
    return Run(
      wallMilliseconds: elapsed, peakRSSMiB: rssBytes / 1_048_576, status: code, output: output)
  }

  /// The path of the executable `name` in `PATH`, or nil.
  static func locate(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  private static func readToEnd(_ descriptor: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes.append(contentsOf: chunk[..<count])
      } else if count == 0 || errno != EINTR {
        return bytes
      }
    }
  }
}
