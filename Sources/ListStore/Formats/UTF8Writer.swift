/// Appends bytes to a string's fresh storage, so that formatting a value builds one string and
/// no intermediate ones.
///
/// Used through ``Swift/String/init(utf8Capacity:_:)``; writing past the capacity is a bug and
/// stops the program rather than corrupting memory.
struct UTF8Writer: ~Copyable {
  private let buffer: UnsafeMutableBufferPointer<UInt8>
  /// How many bytes have been written.
  private(set) var count = 0

  fileprivate init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
    self.buffer = buffer
  }

  /// Appends one byte, e.g. `UInt8(ascii: ".")`.
  mutating func append(_ byte: UInt8) {
    precondition(count < buffer.count, "UTF8Writer: capacity exceeded")
    buffer[count] = byte
    count += 1
  }

  /// Appends the UTF-8 bytes of `text`.
  mutating func append(_ text: String) {
    for byte in text.utf8 {
      append(byte)
    }
  }

  /// Appends `value` in decimal, with leading zeros up to `minimumDigits` digits.
  mutating func append(_ value: UInt64, minimumDigits: Int = 1) {
    var width = 1
    var rest = value
    while rest >= 10 {
      rest /= 10
      width += 1
    }
    width = max(width, minimumDigits)
    precondition(count + width <= buffer.count, "UTF8Writer: capacity exceeded")
    rest = value
    var index = count + width
    while index > count {
      index -= 1
      buffer[index] = 0x30 + UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    }
    count += width
  }
}

extension String {
  /// Makes a string of at most `capacity` UTF-8 bytes by letting `body` write them.
  init(utf8Capacity capacity: Int, _ body: (inout UTF8Writer) -> Void) {
    self.init(unsafeUninitializedCapacity: capacity) { buffer in
      var writer = UTF8Writer(buffer)
      body(&writer)
      return writer.count
    }
  }
}
