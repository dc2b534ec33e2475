#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `lists-sync` asks of the C library, in one place: this is the only file of the target
/// that imports it.
enum System {
  /// `SIGINT`, Ctrl-C.
  static let interruptSignal: Int32 = SIGINT
  /// `SIGTERM`.
  static let terminateSignal: Int32 = SIGTERM

  /// Writes all of `text` to `descriptor`.
  static func write(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      #if canImport(Glibc)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      #elseif canImport(Darwin)
        let written = bytes.withUnsafeBytes { Darwin.write(descriptor, $0.baseAddress, $0.count) }
      #endif
      if written <= 0 { return }
      bytes = bytes.dropFirst(written)
    }
  }

  /// Ends the process with `status` (`exit(3)`).
  static func exit(_ status: Int32) -> Never {
    #if canImport(Glibc)
      Glibc.exit(status)
    #elseif canImport(Darwin)
      Darwin.exit(status)
    #endif
  }

  /// The environment variable `name` (`getenv(3)`), or nil when it is unset.
  static func environmentVariable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Removes the environment variable `name` from this process's environment (`unsetenv(3)`).
  static func removeEnvironmentVariable(_ name: String) {
    unsetenv(name)
  }

  /// Sets `signal` to be ignored (`SIG_IGN`), so its default action does not end the process.
  static func ignore(signal number: Int32) {
    #if canImport(Glibc)
      _ = Glibc.signal(number, SIG_IGN)
    #elseif canImport(Darwin)
      _ = Darwin.signal(number, SIG_IGN)
    #endif
  }
}
