#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `lists-server` needs of the C library: output, files, the environment, signals.
enum System {
  /// Writes `text` whole to the descriptor `fd` (1 stdout, 2 stderr).
  static func write(_ text: String, to fd: Int32) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        #if canImport(Glibc)
          let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        #elseif canImport(Darwin)
          let written = Darwin.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        #endif
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
      }
    }
  }

  /// Ends the process with `status`, without running what `exit` would (the daemon's threads
  /// may still be running).
  static func exit(_ status: Int32) -> Never {
    _exit(status)
  }

  /// Sleeps the calling thread for `milliseconds`.
  static func sleep(milliseconds: Int) {
    var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
  }

  /// Whether `code` is `EEXIST`: something is at the path already.
  static func isAlreadyThere(_ code: Int32) -> Bool { code == EEXIST }

  /// The value of the environment variable `name`, or nil.
  static func environmentVariable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// The bytes of the file at `path`, at most `limit` of them; nil and the reason when it cannot
  /// be read (or is larger).
  static func readFile(_ path: String, limit: Int) -> Result<[UInt8], FileProblem> {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      return .failure(FileProblem(errno == ENOENT, String(cString: strerror(errno))))
    }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count < 0 { return .failure(FileProblem(false, String(cString: strerror(errno)))) }
      if count == 0 { return .success(bytes) }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > limit { return .failure(FileProblem(false, "larger than \(limit) bytes")) }
    }
  }

  /// Why a file could not be read: whether it is missing, and the system's reason.
  struct FileProblem: Error {
    var isMissing: Bool
    var reason: String

    init(_ isMissing: Bool, _ reason: String) {
      self.isMissing = isMissing
      self.reason = reason
    }
  }

  /// Blocks SIGTERM and SIGINT in this thread and every thread started after it, so that
  /// ``waitForStopSignal()`` receives them; a child does not inherit the block past `exec`.
  static func blockStopSignals() {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTERM)
    sigaddset(&set, SIGINT)
    pthread_sigmask(SIG_BLOCK, &set, nil)
  }

  /// Waits for SIGTERM or SIGINT (blocked by ``blockStopSignals()``) and returns its number.
  static func waitForStopSignal() -> Int32 {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTERM)
    sigaddset(&set, SIGINT)
    var signal: Int32 = 0
    while sigwait(&set, &signal) != 0 {}
    return signal
  }
}
