/// Something bytes are read from in chunks: a file descriptor, or a test's scripted chunks.
package protocol ByteSource {
  /// Reads up to `buffer.count` bytes into `buffer`; returns how many, 0 at the end.
  ///
  /// - Throws: ``ByteSourceError`` when reading fails.
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ByteSourceError) -> Int
}
