/// A growable byte buffer that writers fill in place through a pointer.
///
/// `[UInt8].append` costs a uniqueness check and a generic call per append, which dominated
/// a million-row export; here a writer reserves room for the worst case once per value and
/// writes bytes directly. The storage is an array (value semantics, `Sendable`) kept
/// zero-filled beyond ``count``.
package struct ByteBuffer: Sendable {
  private var storage: [UInt8]
  /// How many bytes were written.
  package private(set) var count = 0

  /// Creates an empty buffer with room for `capacity` bytes.
  package init(capacity: Int) {
    storage = [UInt8](repeating: 0, count: max(capacity, 16))
  }

  /// A copy of the bytes written.
  package var bytes: [UInt8] { Array(storage[0..<count]) }

  /// Calls `body` with the bytes written, without copying them.
  package func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
  }

  /// Forgets the bytes written, keeping the storage for reuse.
  package mutating func removeAll() {
    count = 0
  }

  /// Appends one byte.
  package mutating func append(_ byte: UInt8) {
    write(maximumCount: 1) { out in
      out[0] = byte
      return 1
    }
  }

  /// Appends the bytes of an ASCII literal.
  package mutating func append(_ literal: StaticString) {
    literal.withUTF8Buffer { source in
      write(maximumCount: source.count) { out in
        out.update(from: source.baseAddress!, count: source.count)
        return source.count
      }
    }
  }

  /// Lets `body` write at most `maximumCount` bytes at the end; it returns how many it wrote.
  package mutating func write(maximumCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
    let start = count
    if start + maximumCount > storage.count {
      let newCount = max(start + maximumCount, storage.count * 2)
      storage.append(contentsOf: repeatElement(0, count: newCount - storage.count))
    }
    let written = storage.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
    precondition(written <= maximumCount, "Wrote \(written) bytes into room for \(maximumCount).")
    count = start + written
  }
}
