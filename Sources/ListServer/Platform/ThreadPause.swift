#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Waits on the calling thread (a serving thread of the daemon, which has no async context).
enum ThreadPause {
  /// Sleeps `milliseconds`.
  static func sleep(milliseconds: Int) {
    usleep(useconds_t(max(0, milliseconds) * 1000))
  }
}
