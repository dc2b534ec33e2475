import ListsCLI

/// Hands out `bytes` at most `chunkSize` at a time, as a pipe might.
struct ChunkedByteSource: ByteSource {
  let bytes: [UInt8]
  let chunkSize: Int
  private var offset = 0

  init(_ bytes: [UInt8], chunkSize: Int) {
    self.bytes = bytes
    self.chunkSize = chunkSize
  }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ByteSourceError) -> Int {
    let count = min(chunkSize, buffer.count, bytes.count - offset)
    buffer.copyBytes(from: bytes[offset..<(offset + count)])
    offset += count
    return count
  }
}
