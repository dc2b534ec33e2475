/// A read that failed, with the operating system's `errno`.
package struct ByteSourceError: Error, Sendable, Equatable {
  /// The `errno` of the failed `read(2)`, e.g. `EIO`, `EISDIR`.
  package var errno: Int32

  /// Creates the error for `errno`.
  package init(errno: Int32) {
    self.errno = errno
  }
}
