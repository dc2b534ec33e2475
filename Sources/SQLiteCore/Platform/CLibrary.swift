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

  /// Whether the `count` bytes at `left` and at `right` are the same (`memcmp(3)`).
  static func bytes(_ left: UnsafeRawPointer, equal right: UnsafeRawPointer, count: Int) -> Bool {
    memcmp(left, right, count) == 0
  }

  /// Whether the `errno` `code` says the disk or the file-size limit is full (`EFBIG`, `ENOSPC`).
  static func isOutOfSpace(_ code: Int32) -> Bool { code == EFBIG || code == ENOSPC }
}
