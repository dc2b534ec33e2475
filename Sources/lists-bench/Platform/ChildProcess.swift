import CBench
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs other programs and measures them as a user's shell would see them: wall time from
/// start to exit, and the child's peak resident memory.
///
/// On Linux a child started straight from the bench would report the bench's own peak as its
/// `ru_maxrss`: `posix_spawn` starts it with `vfork`, sharing the bench's memory, and `exec`
/// keeps that memory's high-water mark (`exec_mmap` → `setmax_mm_hiwater_rss`). So the child is
/// started from `/bin/sh` (1.5 MiB): the shell forks a subshell, prints its pid and exits; the
/// bench, a child subreaper, inherits the subshell, lets it `exec` the child, and waits for it
/// with `wait4`, which reports the child's own peak (or the shell's, when that is larger).
enum ChildProcess {
  /// Where a child's output stream goes.
  enum Output {
    /// The bench's own stream.
    case inherit
    /// `/dev/null`.
    case discard
    /// A pipe the bench reads to the end (standard output only).
    case capture
    /// The bench's standard error: a child's output that must not mix with the bench's JSON.
    case standardError
  }

  /// What one run of a child cost and produced.
  struct Run {
    /// From the child's start to its exit, in milliseconds.
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
  /// The child's standard input is `/dev/null`. An executable that cannot be found or started
  /// exits with 127 (the shell's code for it).
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
    guard isSubreaper else {
      return try runDirectly(
        executable, arguments, environment: environment, stdout: stdout, stderr: stderr)
    }
    let actions = FileActions()
    let childOutput = try actions.route(stdout, to: 3)
    if stderr == .discard { actions.open("/dev/null", flags: O_WRONLY, as: 2) }
    actions.open("/dev/null", flags: O_RDONLY, as: 0)
    let pidPipe = try DescriptorPipe()
    actions.dup(pidPipe.write, to: 1)
    let goPipe = try DescriptorPipe()
    actions.dup(goPipe.read, to: 4)

    // `$@` is the child and its arguments. The shell forks a subshell (its standard output is
    // descriptor 3, so it does not hold the pid pipe open), prints its pid and exits. The
    // subshell waits for a line on descriptor 4, which the bench writes once the shell is gone
    // and the subshell is the bench's own child, then becomes the child with `exec`. Were the
    // child started at once, a quick one could end before the shell, which would reap it and
    // take its usage along.
    let script = "(read -r _ <&4 && exec \"$@\" 4<&-) >&3 3>&- & echo $!"
    let shell = try spawn(
      "/bin/sh", ["-c", script, "sh", executable] + arguments, environment: environment,
      actions: actions)
    pidPipe.closeWrite()
    goPipe.closeRead()
    childOutput?.closeWrite()

    let pidText = String(decoding: readToEnd(pidPipe.read), as: UTF8.self)
    pidPipe.closeRead()
    _ = try reap(shell)
    guard let pid = pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw BenchError.child("/bin/sh did not start \(executable)")
    }
    let start = Stopwatch.now()
    var go: UInt8 = 0x0A
    guard write(goPipe.write, &go, 1) == 1 else {
      throw BenchError.child("Could not start \(executable): \(String(cString: strerror(errno)))")
    }
    goPipe.closeWrite()
    return try finish(pid, output: childOutput, startedAt: start)
  }

  /// Reads the child's output to its end, waits for it, and times it from `start`.
  private static func finish(
    _ pid: pid_t, output childOutput: DescriptorPipe?, startedAt start: UInt64
  ) throws -> Run {
    let output = childOutput.map { readToEnd($0.read) } ?? []
    childOutput?.closeRead()
    let (status, usage) = try reap(pid)
    return Run(
      wallMilliseconds: Double(Stopwatch.now() &- start) / 1_000_000, peakRSSMiB: mebibytes(usage),
      status: status, output: output)
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

  /// Whether this process inherits its orphaned grandchildren (Linux), set up on first use.
  private static let isSubreaper = cbench_become_child_subreaper() == 0

  /// Where `ru_maxrss` is exact without a shell in between (not Linux): spawns the child itself.
  private static func runDirectly(
    _ executable: String, _ arguments: [String], environment: [String: String], stdout: Output,
    stderr: Output
  ) throws -> Run {
    let actions = FileActions()
    let childOutput = try actions.route(stdout, to: 1)
    if stderr == .discard { actions.open("/dev/null", flags: O_WRONLY, as: 2) }
    actions.open("/dev/null", flags: O_RDONLY, as: 0)
    let start = Stopwatch.now()
    let pid = try spawn(executable, arguments, environment: environment, actions: actions)
    childOutput?.closeWrite()
    return try finish(pid, output: childOutput, startedAt: start)
  }

  private static func spawn(
    _ executable: String, _ arguments: [String], environment: [String: String],
    actions: FileActions
  ) throws -> pid_t {
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid = pid_t()
    let rc = posix_spawnp(&pid, executable, &actions.raw, nil, argv, envp)
    guard rc == 0 else {
      throw BenchError.child("Could not start \(executable): \(String(cString: strerror(rc)))")
    }
    return pid
  }

  /// Waits for `pid` and returns its exit code (minus the signal that ended it) and usage.
  private static func reap(_ pid: pid_t) throws -> (Int32, rusage) {
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else {
        throw BenchError.child("wait4 failed: \(String(cString: strerror(errno)))")
      }
    }
    // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
    let signal = status & 0x7F
    return (signal == 0 ? (status >> 8) & 0xFF : -signal, usage)
  }

  private static func mebibytes(_ usage: rusage) -> Double {
    #if os(Linux)
      Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
    #else
      Double(usage.ru_maxrss) / 1_048_576  // bytes on Darwin
    #endif
  }

  /// Reads `descriptor` to its end.
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
