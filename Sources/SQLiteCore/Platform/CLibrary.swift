#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What SQLiteCore asks of the C library, in one place: this is the only file of the target
/// that imports it.
@usableFromInline
enum CLibrary {
  /// The length in bytes of the NUL-terminated `text`, without the NUL (`strlen(3)`).
  @inlinable
  static func length(ofCString text: UnsafePointer<CChar>) -> Int { strlen(text) }

  /// Whether the `errno` `code` says the disk or the file-size limit is full (`EFBIG`, `ENOSPC`).
  static func isOutOfSpace(_ code: Int32) -> Bool { code == EFBIG || code == ENOSPC }
}
