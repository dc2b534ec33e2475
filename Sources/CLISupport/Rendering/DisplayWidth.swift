/// Measures, cuts and pads text in terminal columns rather than characters.
///
/// The width of a grapheme cluster (a `Character`) is:
/// - 2 when it is East Asian Wide or Fullwidth (CJK, Hangul, fullwidth forms), or when it is
///   shown as an emoji (a scalar with default emoji presentation, a flag, or any scalar
///   followed by the emoji variation selector U+FE0F) — a ZWJ sequence is one emoji, 2 columns;
/// - 0 when it starts with a combining mark, a format character (zero-width joiner, zero-width
///   space, bidi marks) or a control character (escape text with ``TerminalEscaping`` first);
/// - 1 otherwise.
///
/// For example:
/// ```swift
/// DisplayWidth.of("東京")         // 4
/// DisplayWidth.of("e\u{301}")    // 1
/// DisplayWidth.of("👩‍👩‍👧")          // 2
/// ```
package enum DisplayWidth {
  /// The number of terminal columns `text` occupies.
  package static func of(_ text: String) -> Int {
    if let width = asciiWidth(text) { return width }
    var total = 0
    for character in text { total += of(character) }
    return total
  }

  /// The number of terminal columns one grapheme cluster occupies: 0, 1 or 2.
  package static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.value >= 0x20 && first.value < 0x7F && scalars.count == 1 { return 1 }
    var width = scalarWidth(first)
    if width == 2 { return 2 }
    for scalar in scalars.dropFirst() {
      if scalar.value == 0xFE0F || scalar.properties.isEmojiPresentation { return 2 }
    }
    if first.properties.isEmojiPresentation { width = 2 }
    return width
  }

  /// `text` cut to at most `width` columns, ending in `…` when something was cut.
  ///
  /// A wide character that would straddle the limit is dropped, so the result may be one column
  /// narrower than `width`. A `width` below 1 gives the empty string.
  package static func truncate(_ text: String, toWidth width: Int) -> String {
    if width <= 0 { return "" }
    if of(text) <= width { return text }
    var result = ""
    var used = 0
    for character in text {
      let next = of(character)
      if used + next > width - 1 { break }
      result.append(character)
      used += next
    }
    result.append("…")
    return result
  }

  /// `text` padded with spaces to `width` columns, on the right for ``ColumnAlignment/left``
  /// and on the left for ``ColumnAlignment/right``; text already as wide is returned as it is.
  package static func pad(_ text: String, toWidth width: Int, alignment: ColumnAlignment) -> String
  {
    let missing = width - of(text)
    if missing <= 0 { return text }
    let spaces = String(repeating: " ", count: missing)
    return alignment == .left ? text + spaces : spaces + text
  }

  /// The width of printable ASCII text (one column a byte), or nil when `text` has other bytes.
  private static func asciiWidth(_ text: String) -> Int? {
    var count = 0
    for byte in text.utf8 {
      guard byte >= 0x20 && byte < 0x7F else { return nil }
      count += 1
    }
    return count
  }

  /// The width of a scalar that starts a grapheme cluster, without emoji rules.
  private static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
    if value >= 0x1160 && value <= 0x11FF { return 0 }  // Hangul medial vowels, final consonants
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    return WideCharacterRanges.contains(value) ? 2 : 1
  }
}
