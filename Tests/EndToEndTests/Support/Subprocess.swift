import Foundation
import Synchronization

/// A child process started with `posix_spawn`, its stdin, stdout and stderr on pipes.
///
/// Output is collected as it arrives, so a test can wait for a line (`watch`), feed stdin
/// without deadlocking on a full pipe, send a signal, and wait for the exit with a deadline.
/// Pipes are made close-on-exec under one lock with the spawn itself, so children started by
/// tests running in parallel never inherit each other's pipe ends (which would hold a pipe open
/// past its writer's exit).
///
/// It is `@unchecked Sendable` only so its blocking waits can run on a Dispatch thread (see
/// ``offPool(_:)``); one task uses it at a time.
final class Subprocess: @unchecked Sendable {
  /// The process id.
  let pid: pid_t
  /// Everything read from the child's stdout so far.
  private(set) var stdout: [UInt8] = []
  /// Everything read from the child's stderr so far.
  private(set) var stderr: [UInt8] = []
  /// How the child ended, once it has.
  private(set) var termination: Termination?

  private var stdinFD: Int32
  private var stdoutFD: Int32
  private var stderrFD: Int32
  private var pendingInput: [UInt8] = []
  private var closesInputWhenWritten = false

  /// How a child ended.
  enum Termination: Equatable, Sendable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    var description: String {
      switch self {
      case .exited(let code): "exit \(code)"
      case .signaled(let signal): "signal \(signal)"
      }
    }
  }

  struct SpawnError: Error, CustomStringConvertible {
    var description: String
  }

  /// Starts `executable` with `arguments` and exactly `environment`, in `directory`.
  init(
    executable: String, arguments: [String], environment: [String: String],
    directory: String? = nil
  ) throws {
    Self.ignoreBrokenPipes()
    (pid, stdinFD, stdoutFD, stderrFD) = try Self.spawnLock.withLock { _ in
      try Self.spawn(executable, arguments, environment, directory)
    }
    _ = fcntl(stdinFD, F_SETFL, fcntl(stdinFD, F_GETFL) | O_NONBLOCK)
  }

  private static let spawnLock = Mutex(())

  /// Starts the child; returns its pid and this side's ends of its stdin, stdout and stderr.
  private static func spawn(
    _ executable: String, _ arguments: [String], _ environment: [String: String],
    _ directory: String?
  ) throws -> (pid_t, Int32, Int32, Int32) {
    let input = try makePipe()
    let output = try makePipe()
    let errors = try makePipe()

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, input.read, 0)
    posix_spawn_file_actions_adddup2(&actions, output.write, 1)
    posix_spawn_file_actions_adddup2(&actions, errors.write, 2)
    if let directory {
      guard let addChdir = Self.addChdir, addChdir(&actions, directory) == 0 else {
        throw SpawnError(description: "cannot start \(executable) in \(directory)")
      }
    }

    // A signal ignored here would stay ignored in the child: give it the defaults back.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGPIPE, SIGQUIT] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var noMask = sigset_t()
    sigemptyset(&noMask)
    posix_spawnattr_setsigmask(&attributes, &noMask)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp =
      environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid = pid_t()
    let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    close(input.read)
    close(output.write)
    close(errors.write)
    guard status == 0 else {
      close(input.write)
      close(output.read)
      close(errors.read)
      throw SpawnError(
        description: "cannot start \(executable): \(String(cString: strerror(status)))")
    }
    return (pid, input.write, output.read, errors.read)
  }

  /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29, macOS 10.15), which Swift's Glibc
  /// module does not import.
  private static let addChdir:
    (
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) ->
        Int32
    )? = {
      guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addchdir_np")
      else { return nil }
      return unsafeBitCast(
        symbol,
        to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>)
          -> Int32).self)
    }()

  deinit {
    if termination == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      _ = waitpid(pid, &status, 0)
    }
    for descriptor in [stdinFD, stdoutFD, stderrFD] where descriptor >= 0 { close(descriptor) }
  }

  /// Queues `bytes` for the child's stdin; they are written while the child is pumped.
  func send(_ bytes: [UInt8], thenClose: Bool = false) {
    pendingInput += bytes
    closesInputWhenWritten = closesInputWhenWritten || thenClose
    flushInput()
  }

  /// Closes the child's stdin (after writing what is queued, on the next pump).
  func closeInput() {
    closesInputWhenWritten = true
    flushInput()
  }

  /// Sends `signal` to the child.
  func signal(_ signal: Int32) {
    if termination == nil { kill(pid, signal) }
  }

  /// The child's stdout decoded as UTF-8.
  var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  /// The child's stderr decoded as UTF-8.
  var stderrText: String { String(decoding: stderr, as: UTF8.self) }

  /// Complete lines of stdout read so far.
  var stdoutLines: [String] {
    let text = stdoutText
    guard let lastNewline = text.lastIndex(of: "\n") else { return [] }
    return text[..<lastNewline].split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
  }

  /// Reads output until `condition` holds or `deadline` passes; returns whether it held.
  @discardableResult
  func pump(until deadline: ContinuousClock.Instant, _ condition: (Subprocess) -> Bool) -> Bool {
    while true {
      if condition(self) { return true }
      if ContinuousClock.now >= deadline { return false }
      if stdoutFD < 0 && stderrFD < 0 && reap() {
        return condition(self)
      }
      step(until: deadline)
    }
  }

  /// Waits for the child to end, reading its output; kills it at `deadline`.
  /// - Returns: how it ended, or nil when it had to be killed.
  @discardableResult
  func wait(until deadline: ContinuousClock.Instant) -> Termination? {
    let ended = pump(until: deadline) { $0.stdoutFD < 0 && $0.stderrFD < 0 && $0.reap() }
    if !ended {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      _ = waitpid(pid, &status, 0)
      termination = .signaled(SIGKILL)
      return nil
    }
    return termination
  }

  /// ``pump(until:_:)`` on a Dispatch thread, so the concurrency pool stays free.
  @discardableResult
  func pump(
    until deadline: ContinuousClock.Instant, _ condition: @escaping @Sendable (Subprocess) -> Bool
  ) async -> Bool {
    await Self.offPool { self.pump(until: deadline, condition) }
  }

  /// ``wait(until:)`` on a Dispatch thread, so the concurrency pool stays free.
  @discardableResult
  func wait(until deadline: ContinuousClock.Instant) async -> Termination? {
    await Self.offPool { self.wait(until: deadline) }
  }

  /// Runs blocking `body` on a Dispatch thread and returns its result.
  ///
  /// The concurrency pool has one thread per core; a test blocked in `poll(2)` there would
  /// hold back every other test of the run.
  static func offPool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: body()) }
    }
  }

  // MARK: Internals

  /// One round of `poll(2)` over the open pipes, at most until `deadline` (and 20 ms, so an
  /// exit without closed pipes is still seen).
  private func step(until deadline: ContinuousClock.Instant) {
    var descriptors: [pollfd] = []
    if stdoutFD >= 0 { descriptors.append(pollfd(fd: stdoutFD, events: Int16(POLLIN), revents: 0)) }
    if stderrFD >= 0 { descriptors.append(pollfd(fd: stderrFD, events: Int16(POLLIN), revents: 0)) }
    if stdinFD >= 0 && !pendingInput.isEmpty {
      descriptors.append(pollfd(fd: stdinFD, events: Int16(POLLOUT), revents: 0))
    }
    let remaining = (deadline - ContinuousClock.now) / .milliseconds(1)
    let milliseconds = Int(max(0, min(20, remaining)))
    if descriptors.isEmpty {
      usleep(UInt32(max(1, milliseconds)) * 1000)
      return
    }
    let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(max(1, milliseconds)))
    guard ready > 0 else { return }
    for descriptor in descriptors where descriptor.revents != 0 {
      if descriptor.fd == stdinFD {
        flushInput()
      } else if descriptor.fd == stdoutFD {
        if !read(from: stdoutFD, into: &stdout) { close(stdoutFD); stdoutFD = -1 }
      } else if descriptor.fd == stderrFD {
        if !read(from: stderrFD, into: &stderr) { close(stderrFD); stderrFD = -1 }
      }
    }
  }

  /// Appends what `descriptor` has to `buffer`; false at end of file.
  private func read(from descriptor: Int32, into buffer: inout [UInt8]) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 65536)
    let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    if count < 0 { return errno == EINTR || errno == EAGAIN }
    if count == 0 { return false }
    buffer += chunk[..<count]
    return true
  }

  private func flushInput() {
    guard stdinFD >= 0 else { return }
    while !pendingInput.isEmpty {
      let written = pendingInput.withUnsafeBytes { write(stdinFD, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN { return }
        // The child closed its stdin (EPIPE): nothing more can be written.
        pendingInput = []
        break
      }
      pendingInput.removeFirst(written)
    }
    if closesInputWhenWritten {
      close(stdinFD)
      stdinFD = -1
    }
  }

  /// Collects the exit status if the child has ended; returns whether it has.
  private func reap() -> Bool {
    if termination != nil { return true }
    var status: Int32 = 0
    let result = waitpid(pid, &status, WNOHANG)
    guard result == pid else { return false }
    let signal = status & 0x7F
    termination = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    return true
  }

  private static func makePipe() throws -> (read: Int32, write: Int32) {
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else {
      throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))")
    }
    for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    return (descriptors[0], descriptors[1])
  }

  /// Writing to a child that has exited must fail with EPIPE, not kill the test process.
  private static let brokenPipesIgnored: Bool = {
    Glibc.signal(SIGPIPE, SIG_IGN)
    return true
  }()

  private static func ignoreBrokenPipes() {
    _ = brokenPipesIgnored
  }
}
