#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything the command asks of the operating system, in one place: the C library differs
/// between Linux (Glibc) and Apple systems (Darwin) in names, optionality and constants, and
/// this is the only file of `ListsCLI` that imports either.
package enum System {
  /// The standard input's file descriptor.
  package static let standardInput: Int32 = STDIN_FILENO
  /// The standard output's file descriptor.
  package static let standardOutput: Int32 = STDOUT_FILENO
  /// The standard error's file descriptor.
  package static let standardError: Int32 = STDERR_FILENO

  /// `errno` after the last failed call on this thread.
  package static var lastError: Int32 { errno }

  /// The `strerror(3)` text for `code`, e.g. "No space left on device".
  package static func describe(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  /// Whether `code` is `EEXIST` (the file or folder is already there).
  package static func isAlreadyExists(_ code: Int32) -> Bool { code == EEXIST }

  // MARK: Environment and user

  /// The bytes of the environment variable `name`, or nil when it is unset (`getenv(3)`).
  package static func environmentBytes(_ name: String) -> [UInt8]? {
    guard let value = getenv(name) else { return nil }
    return UnsafeBufferPointer(start: value, count: strlen(value)).map { UInt8(bitPattern: $0) }
  }

  /// The current user's home folder from the password database (`getpwuid_r(3)`), or nil.
  package static func homeFromPasswordDatabase() -> String? {
    var entry = passwd()
    var result: UnsafeMutablePointer<passwd>?
    var storage = [CChar](repeating: 0, count: 4096)
    let status = getpwuid_r(getuid(), &entry, &storage, storage.count, &result)
    guard status == 0, result != nil, let directory = entry.pw_dir else { return nil }
    let home = String(cString: directory)
    return home.isEmpty ? nil : home
  }

  /// The bytes of the C string `pointer` (an `argv` entry), without its terminating zero.
  package static func bytes(ofCString pointer: UnsafePointer<CChar>) -> [UInt8] {
    UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map { UInt8(bitPattern: $0) }
  }

  // MARK: Files

  /// What `stat(2)` says of a path.
  package enum PathStatus: Equatable {
    /// Nothing is there (`ENOENT`).
    case missing
    /// A regular file of `size` bytes.
    case file(size: Int64)
    /// Something else: a folder, a device; or `stat` failed for another reason.
    case other
  }

  /// What is at `path`.
  package static func status(ofPath path: String) -> PathStatus {
    var status = stat()
    if stat(path, &status) != 0 { return errno == ENOENT ? .missing : .other }
    guard status.st_mode & S_IFMT == S_IFREG else { return .other }
    return .file(size: Int64(status.st_size))
  }

  /// Opens `path` for reading, refusing a folder (`EISDIR`): a folder opens but cannot be read.
  ///
  /// - Returns: the descriptor, or the `errno` of the failure.
  package static func openForReading(_ path: String) -> Result<Int32, SystemError> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 { return .failure(SystemError(code: errno)) }
    let checked = refusingFolder(descriptor)
    if case .failure = checked { close(descriptor) }
    return checked
  }

  /// `descriptor`, or the failure `EISDIR` when it is open on a folder (`fstat(2)`), which
  /// opens but cannot be read. Leaves `descriptor` open either way.
  package static func refusingFolder(_ descriptor: Int32) -> Result<Int32, SystemError> {
    var status = stat()
    if fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
      return .failure(SystemError(code: EISDIR))
    }
    return .success(descriptor)
  }

  /// Closes `descriptor`.
  package static func close(_ descriptor: Int32) {
    #if canImport(Glibc)
      _ = Glibc.close(descriptor)
    #elseif canImport(Darwin)
      _ = Darwin.close(descriptor)
    #endif
  }

  /// Reads the next bytes of `descriptor` into `buffer`, retrying after `EINTR`; 0 at the end.
  ///
  /// - Returns: the count read, or the `errno` of the failure.
  package static func read(
    _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer
  ) -> Result<Int, SystemError> {
    while true {
      #if canImport(Glibc)
        let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
      #elseif canImport(Darwin)
        let count = Darwin.read(descriptor, buffer.baseAddress, buffer.count)
      #endif
      if count >= 0 { return .success(count) }
      if errno != EINTR { return .failure(SystemError(code: errno)) }
    }
  }

  /// Writes all of `bytes` to `descriptor`, retrying after `EINTR` and partial writes and
  /// waiting while a non-blocking descriptor is full (`EAGAIN`).
  ///
  /// - Returns: nil when everything was written; ``OutputFailure/brokenPipe`` when the reader
  ///   went away (`EPIPE`); otherwise the `errno` of the failure.
  package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer)
    -> OutputFailure?
  {
    var offset = 0
    while offset < bytes.count {
      #if canImport(Glibc)
        let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      #elseif canImport(Darwin)
        let written = Darwin.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      #endif
      if written > 0 {
        offset += written
        continue
      }
      if written == 0 { return .writeFailed(errno: EIO) }
      switch errno {
      case EINTR: continue
      case EAGAIN:
        var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&request, 1, -1)
      case EPIPE: return .brokenPipe
      case let code: return .writeFailed(errno: code)
      }
    }
    return nil
  }

  // MARK: Terminal

  /// Whether `descriptor` is a terminal (`isatty(3)`).
  package static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
  }

  /// The width in columns of the terminal on `descriptor` (`ioctl(TIOCGWINSZ)`), or nil.
  package static func terminalColumns(_ descriptor: Int32) -> Int? {
    TerminalDevice.size(descriptor)?.columns
  }

  // MARK: Signals and time

  /// The signals the command handles.
  package enum Signal: CaseIterable, Sendable {
    /// `SIGINT`, Ctrl-C.
    case interrupt
    /// `SIGTERM`.
    case terminate
    /// `SIGPIPE`, a write to a pipe nobody reads.
    case brokenPipe
    /// `SIGXFSZ`, a write past the file-size limit.
    case fileSizeLimit
    /// `SIGWINCH`, the terminal was resized.
    case windowChanged

    /// The signal's number.
    package var number: Int32 {
      switch self {
      case .interrupt: SIGINT
      case .terminate: SIGTERM
      case .brokenPipe: SIGPIPE
      case .fileSizeLimit: SIGXFSZ
      case .windowChanged: SIGWINCH
      }
    }
  }

  /// Sets `signal` to be ignored, so its default action does not end the process.
  package static func ignore(_ signal: Signal) {
    #if canImport(Glibc)
      _ = Glibc.signal(signal.number, SIG_IGN)
    #elseif canImport(Darwin)
      _ = Darwin.signal(signal.number, SIG_IGN)
    #endif
  }

  // MARK: Child processes

  /// The folder of the running executable: `/proc/self/exe`'s on Linux,
  /// `_NSGetExecutablePath`'s on Darwin; nil when it cannot be found.
  package static func executableFolder() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    #if canImport(Glibc)
      let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      guard length > 0 else { return nil }
      buffer[length] = 0
    #elseif canImport(Darwin)
      var size = UInt32(buffer.count)
      guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
    #endif
    let path = String(decoding: bytes(ofCString: buffer), as: UTF8.self)
    guard let slash = path.lastIndex(of: "/") else { return nil }
    return String(path[..<slash])
  }

  /// Runs `path` with `arguments` (without the program name) and the environment plus `extra`
  /// (`NAME=value`), standard streams shared, and waits for it: its exit status, `128 + n` when
  /// signal `n` ended it, or nil when it could not be started.
  package static func run(_ path: String, _ arguments: [String], environment extra: [String]) -> Int32? {
    var argv = cStrings([path] + arguments)
    var envp = cStrings(environment(adding: extra))
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid = pid_t()
    guard posix_spawn(&pid, path, nil, nil, &argv, &envp) == 0 else { return nil }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return nil }
    }
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }

  /// Replaces this process with `path` run with `arguments` (without the program name) and the
  /// environment plus `extra`, as ``run(_:_:environment:)`` would start it: the same process id,
  /// so signals sent to it reach the program. Returns only when that failed.
  package static func replaceProcess(with path: String, _ arguments: [String], environment extra: [String]) {
    let argv = cStrings([path] + arguments)
    let envp = cStrings(environment(adding: extra))
    _ = execve(path, argv, envp)
    for pointer in argv { free(pointer) }
    for pointer in envp { free(pointer) }
  }

  /// Ends the process with `status` (`exit(3)`), as `lists`'s `main` does.
  package static func exit(_ status: Int32) -> Never {
    #if canImport(Glibc)
      Glibc.exit(status)
    #elseif canImport(Darwin)
      Darwin.exit(status)
    #endif
  }

  /// This process's environment with `extra` (`NAME=value`) replacing the variables it names.
  private static func environment(adding extra: [String]) -> [String] {
    var inherited: [String] = []
    var entry = environ
    while let pointer = entry.pointee {
      inherited.append(String(decoding: bytes(ofCString: pointer), as: UTF8.self))
      entry += 1
    }
    let names = Set(extra.compactMap { $0.split(separator: "=", maxSplits: 1).first.map(String.init) })
    return inherited.filter { variable in
      !names.contains(variable.split(separator: "=", maxSplits: 1).first.map(String.init) ?? "")
    } + extra
  }

  /// Copies of `strings` for C, ending with a null; the caller frees them.
  private static func cStrings(_ strings: [String]) -> [UnsafeMutablePointer<CChar>?] {
    strings.map { strdup($0) } + [nil]
  }

  /// Nanoseconds of the monotonic clock since an arbitrary start.
  package static func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
  }
}

/// A failed system call's `errno`.
package struct SystemError: Error, Equatable {
  /// The `errno` value.
  package let code: Int32

  /// The `strerror(3)` text.
  package var description: String { System.describe(code) }
}
