/// A key pressed in `lists browse`, decoded from the bytes a terminal sends in raw mode.
package enum BrowseKey: Sendable, Equatable {
  /// A printable character (a letter, `/`, a space, any Unicode scalar).
  case character(Character)
  /// The up arrow.
  case up
  /// The down arrow.
  case down
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Home.
  case home
  /// End.
  case end
  /// Return or Enter.
  case enter
  /// Backspace (DEL or Ctrl-H).
  case backspace
  /// Escape on its own.
  case escape
  /// Ctrl-C.
  case interrupt
  /// A sequence or control byte browse has no use for.
  case other

  /// Decodes `bytes`, one read's worth, into keys.
  ///
  /// An escape sequence split between two reads is rare on a terminal (they are written in one
  /// go); its part in the first read decodes as ``escape`` and the rest as characters, which
  /// does no harm in browse. Bytes that are not UTF-8 are ``other``.
  package static func decode(_ bytes: [UInt8]) -> [BrowseKey] {
    var keys: [BrowseKey] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x1B:
        let (key, length) = escapeSequence(bytes, at: index)
        keys.append(key)
        index += length
        continue
      case 0x03: keys.append(.interrupt)
      case 0x0D, 0x0A: keys.append(.enter)
      case 0x7F, 0x08: keys.append(.backspace)
      case 0x00..<0x20: keys.append(.other)
      default:
        let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        let end = min(index + length, bytes.count)
        if let text = String(validating: bytes[index..<end], as: UTF8.self),
          let character = text.first
        {
          keys.append(.character(character))
        } else {
          keys.append(.other)
        }
        index = end
        continue
      }
      index += 1
    }
    return keys
  }

  /// The key an escape sequence starting at `start` stands for, and how many bytes it takes.
  private static func escapeSequence(_ bytes: [UInt8], at start: Int) -> (BrowseKey, Int) {
    let next = start + 1
    guard next < bytes.count, bytes[next] == UInt8(ascii: "[") || bytes[next] == UInt8(ascii: "O")
    else {
      return (.escape, 1)
    }
    // CSI (`ESC [`) or SS3 (`ESC O`): parameters, then one final byte in 0x40...0x7E.
    var end = next + 1
    while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
    guard end < bytes.count else { return (.escape, 1) }
    let parameters = String(decoding: bytes[(next + 1)..<end], as: UTF8.self)
    let key: BrowseKey
    switch (bytes[end], parameters) {
    case (UInt8(ascii: "A"), _): key = .up
    case (UInt8(ascii: "B"), _): key = .down
    case (UInt8(ascii: "H"), _): key = .home
    case (UInt8(ascii: "F"), _): key = .end
    case (UInt8(ascii: "~"), "5"): key = .pageUp
    case (UInt8(ascii: "~"), "6"): key = .pageDown
    case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): key = .home
    case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): key = .end
    default: key = .other
    }
    return (key, end - start + 1)
  }
}
