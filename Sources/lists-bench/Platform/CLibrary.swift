#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C strings the C baseline is handed: copies made by the C library, freed by it.
enum CStrings {
  /// A NUL-terminated copy of `text` (`strdup(3)`), nil when out of memory; free it with
  /// ``release(_:)``.
  static func copy(_ text: String) -> UnsafeMutablePointer<CChar>? { strdup(text) }

  /// Frees a copy made by ``copy(_:)`` (`free(3)`); nil does nothing.
  static func release(_ pointer: UnsafeMutablePointer<CChar>?) { free(pointer) }
}

/// Removes the file at `path` (`unlink(2)`): 0, or -1 with `errno` set.
///
/// Named as the C function, so that the benchmarks call it unchanged without the C library.
@discardableResult
func unlink(_ path: String) -> Int32 {
  #if canImport(Glibc)
    Glibc.unlink(path)
  #elseif canImport(Darwin)
    Darwin.unlink(path)
  #endif
}
