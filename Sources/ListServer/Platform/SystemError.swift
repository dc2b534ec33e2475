#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the C library says of an `errno`.
enum SystemError {
  /// `strerror`'s sentence for `code`, e.g. `Address already in use`.
  static func describe(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
