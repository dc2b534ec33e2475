/// Reads a file descriptor (a file, a pipe, stdin) with `read(2)`, retrying after `EINTR`.
///
/// It does not own the descriptor: the caller opens and closes it.
package struct FileDescriptorByteSource: ByteSource {
  /// The descriptor read from.
  package let fileDescriptor: Int32

  /// Creates a source reading `fileDescriptor`.
  package init(fileDescriptor: Int32) {
    self.fileDescriptor = fileDescriptor
  }

  /// Reads the next bytes; 0 at the end of the file.
  package mutating func read(
    into buffer: UnsafeMutableRawBufferPointer
  ) throws(ByteSourceError) -> Int {
    switch System.read(fileDescriptor, into: buffer) {
    case .success(let count): return count
    case .failure(let error): throw ByteSourceError(errno: error.code)
    }
  }
}
