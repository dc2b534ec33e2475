import Foundation
import Synchronization

/// A child process started with `posix_spawn`, its stdin, stdout and stderr on pipes, or on a
/// pseudo-terminal for the streams a test wants to be a terminal.
///
/// Output is collected as it arrives, so a test can wait for a line (`watch`), feed stdin
/// without deadlocking on a full pipe, send a signal, and wait for the exit with a deadline.
/// Descriptors are made close-on-exec under one lock with the spawn itself, so children started
/// by tests running in parallel never inherit each other's pipe ends (which would hold a pipe
/// open past its writer's exit).
///
/// It is `@unchecked Sendable` only so its blocking waits can run on a Dispatch thread (see
/// ``offPool(_:)``); one task uses it at a time.
final class Subprocess: @unchecked Sendable {
  /// The process id.
  let pid: pid_t
  /// Everything read from the child's stdout pipe so far.
  private(set) var stdout: [UInt8] = []
  /// Everything read from the child's stderr pipe so far.
  private(set) var stderr: [UInt8] = []
  /// Everything the child wrote to its terminal so far, carriage returns included.
  private(set) var terminal: [UInt8] = []
  /// How the child ended, once it has.
  private(set) var termination: Termination?

  private var stdinFD: Int32
  private var stdoutFD: Int32
  private var stderrFD: Int32
  private var terminalFD: Int32
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

  /// Starts `executable` with `arguments` and exactly `environment`, in `directory`; the
  /// standard streams numbered in `terminal` (0, 1, 2) share one pseudo-terminal.
  init(
    executable: String, arguments: [String], environment: [String: String],
    directory: String? = nil, terminal: Set<Int32> = []
  ) throws {
    Self.ignoreBrokenPipes()
    let descriptors = try Self.spawnLock.withLock { _ in
      try Self.spawn(executable, arguments, environment, directory, terminal)
    }
    pid = descriptors.pid
    stdinFD = descriptors.stdin
    stdoutFD = descriptors.stdout
    stderrFD = descriptors.stderr
    terminalFD = descriptors.terminal
    if stdinFD >= 0 { _ = fcntl(stdinFD, F_SETFL, fcntl(stdinFD, F_GETFL) | O_NONBLOCK) }
  }

  deinit {
    if termination == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      _ = waitpid(pid, &status, 0)
    }
    for descriptor in [stdinFD, stdoutFD, stderrFD, terminalFD] where descriptor >= 0 {
      close(descriptor)
    }
  }

  // MARK: Talking to the child

  /// Queues `bytes` for the child's stdin pipe; they are written while the child is pumped.
  func send(_ bytes: [UInt8], thenClose: Bool = false) {
    pendingInput += bytes
    closesInputWhenWritten = closesInputWhenWritten || thenClose
    flushInput()
  }

  /// Closes the child's stdin pipe (after writing what is queued).
  func closeInput() {
    closesInputWhenWritten = true
    flushInput()
  }

  /// Types `text` on the child's terminal.
  func type(_ text: String) {
    guard terminalFD >= 0 else { return }
    var bytes = Array(text.utf8)
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(terminalFD, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { return }
      bytes.removeFirst(written)
    }
  }

  /// Sends `signal` to the child.
  func signal(_ signal: Int32) {
    if termination == nil { kill(pid, signal) }
  }

  // MARK: What it wrote

  /// The child's stdout decoded as UTF-8.
  var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
  /// The child's stderr decoded as UTF-8.
  var stderrText: String { String(decoding: stderr, as: UTF8.self) }
  /// What the child wrote to its terminal, decoded as UTF-8, without the carriage returns the
  /// terminal adds before each line feed.
  var terminalText: String {
    String(decoding: terminal, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
  }

  /// Complete lines of stdout read so far.
  var stdoutLines: [String] {
    let text = stdoutText
    guard let lastNewline = text.lastIndex(of: "\n") else { return [] }
    return text[..<lastNewline].split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
  }

  // MARK: Waiting

  /// Reads output until `condition` holds or `deadline` passes; returns whether it held.
  @discardableResult
  func pump(until deadline: ContinuousClock.Instant, _ condition: (Subprocess) -> Bool) -> Bool {
    while true {
      if condition(self) { return true }
      if ContinuousClock.now >= deadline { return false }
      if allOutputClosed && reap() {
        return condition(self)
      }
      step(until: deadline)
    }
  }

  /// Waits for the child to end, reading its output; kills it at `deadline`.
  /// - Returns: how it ended, or nil when it had to be killed.
  @discardableResult
  func wait(until deadline: ContinuousClock.Instant) -> Termination? {
    let ended = pump(until: deadline) { $0.allOutputClosed && $0.reap() }
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

  private var allOutputClosed: Bool { stdoutFD < 0 && stderrFD < 0 && terminalFD < 0 }

  /// One round of `poll(2)` over the open descriptors, at most until `deadline` (and 20 ms, so
  /// an exit without closed pipes is still seen).
  private func step(until deadline: ContinuousClock.Instant) {
    var descriptors: [pollfd] = []
    for descriptor in [stdoutFD, stderrFD, terminalFD] where descriptor >= 0 {
      descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
    }
    if stdinFD >= 0 && !pendingInput.isEmpty {
      descriptors.append(pollfd(fd: stdinFD, events: Int16(POLLOUT), revents: 0))
    }
    let remaining = (deadline - ContinuousClock.now) / .milliseconds(1)
    let milliseconds = Int32(max(1, min(20, remaining)))
    if descriptors.isEmpty {
      usleep(UInt32(milliseconds) * 1000)
      return
    }
    guard poll(&descriptors, nfds_t(descriptors.count), milliseconds) > 0 else { return }
    for descriptor in descriptors where descriptor.revents != 0 {
      switch descriptor.fd {
      case stdinFD:
        flushInput()
      case stdoutFD:
        if !read(from: stdoutFD, into: &stdout) { closeDescriptor(&stdoutFD) }
      case stderrFD:
        if !read(from: stderrFD, into: &stderr) { closeDescriptor(&stderrFD) }
      default:
        // A terminal whose last slave descriptor closed reads as EIO: its end of file.
        if !read(from: terminalFD, into: &terminal) { closeDescriptor(&terminalFD) }
      }
    }
  }

  private func closeDescriptor(_ descriptor: inout Int32) {
    close(descriptor)
    descriptor = -1
  }

  /// Appends what `descriptor` has to `buffer`; false at end of file (or EIO).
  private func read(from descriptor: Int32, into buffer: inout [UInt8]) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 65536)
    let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
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
    if closesInputWhenWritten { closeDescriptor(&stdinFD) }
  }

  /// Collects the exit status if the child has ended; returns whether it has.
  private func reap() -> Bool {
    if termination != nil { return true }
    var status: Int32 = 0
    guard waitpid(pid, &status, WNOHANG) == pid else { return false }
    let signal = status & 0x7F
    termination = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    return true
  }

  // MARK: Spawning

  private static let spawnLock = Mutex(())

  /// The parent's ends of the child's streams; -1 where there is none.
  private struct Descriptors {
    var pid: pid_t
    var stdin: Int32
    var stdout: Int32
    var stderr: Int32
    var terminal: Int32
  }

  /// Starts the child with pipes, or the terminal, on its standard streams.
  private static func spawn(
    _ executable: String, _ arguments: [String], _ environment: [String: String],
    _ directory: String?, _ terminal: Set<Int32>
  ) throws -> Descriptors {
    // For each standard stream: the child's end, the parent's end (or -1 for the terminal).
    var ends: [(child: Int32, parent: Int32)] = []
    var pty: (master: Int32, slave: Int32)?
    defer {
      for end in ends where end.child >= 0 { close(end.child) }
      if let pty { close(pty.slave) }
    }
    if !terminal.isEmpty { pty = try openTerminal() }
    for stream: Int32 in 0...2 {
      if pty != nil && terminal.contains(stream) {
        ends.append((-1, -1))
      } else {
        let pipe = try makePipe()
        ends.append(stream == 0 ? (pipe.read, pipe.write) : (pipe.write, pipe.read))
      }
    }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for stream: Int32 in 0...2 {
      let source = ends[Int(stream)].child >= 0 ? ends[Int(stream)].child : pty!.slave
      posix_spawn_file_actions_adddup2(&actions, source, stream)
    }
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
    guard status == 0 else {
      for end in ends where end.parent >= 0 { close(end.parent) }
      if let pty { close(pty.master) }
      throw SpawnError(
        description: "cannot start \(executable): \(String(cString: strerror(status)))")
    }
    return Descriptors(
      pid: pid, stdin: ends[0].parent, stdout: ends[1].parent, stderr: ends[2].parent,
      terminal: pty?.master ?? -1)
  }

  private static func makePipe() throws -> (read: Int32, write: Int32) {
    var descriptors: [Int32] = [0, 0]
    guard pipe(&descriptors) == 0 else {
      throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))")
    }
    for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    return (descriptors[0], descriptors[1])
  }

  /// A new pseudo-terminal, both ends close-on-exec in this process.
  private static func openTerminal() throws -> (master: Int32, slave: Int32) {
    guard let openpty = Self.openpty else {
      throw SpawnError(description: "openpty is not available")
    }
    var master: Int32 = -1
    var slave: Int32 = -1
    guard openpty(&master, &slave, nil, nil, nil) == 0 else {
      throw SpawnError(description: "openpty: \(String(cString: strerror(errno)))")
    }
    for descriptor in [master, slave] { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    return (master, slave)
  }

  /// `openpty(3)` (in glibc's libc since 2.34, in libSystem on macOS), which Swift's Glibc
  /// module does not import.
  private static let openpty:
    (
      @convention(c) (
        UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<CChar>?,
        UnsafeRawPointer?, UnsafeRawPointer?
      ) -> Int32
    )? = symbol("openpty")

  /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29, macOS 10.15), which Swift's Glibc
  /// module does not import.
  private static let addChdir:
    (
      @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) ->
        Int32
    )? = symbol("posix_spawn_file_actions_addchdir_np")

  /// The C function `name` of this process, as a function of type `T`.
  private static func symbol<T>(_ name: String) -> T? {
    guard let address = dlsym(dlopen(nil, RTLD_NOW), name) else { return nil }
    return unsafeBitCast(address, to: T.self)
  }

  /// Writing to a child that has exited must fail with EPIPE, not kill the test process.
  private static let brokenPipesIgnored: Bool = {
    _ = systemSignal(SIGPIPE, SIG_IGN)
    return true
  }()

  private static func ignoreBrokenPipes() {
    _ = brokenPipesIgnored
  }
}

// The C functions that methods of the same name here hide.
#if canImport(Glibc)
  private let systemRead = Glibc.read
#elseif canImport(Darwin)
  private let systemRead = Darwin.read
#endif
#if canImport(Glibc)
  private let systemSignal = Glibc.signal
#elseif canImport(Darwin)
  private let systemSignal = Darwin.signal
#endif
