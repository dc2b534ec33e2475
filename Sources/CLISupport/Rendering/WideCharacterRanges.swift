/// The East Asian Wide (W) and Fullwidth (F) code point ranges of Unicode's
/// `EastAsianWidth.txt`, coalesced into a compact, sorted table.
///
/// Emoji with default emoji presentation are also wide, but are recognized through
/// `Unicode.Scalar.Properties.isEmojiPresentation`, so only the non-emoji ranges matter here.
enum WideCharacterRanges {
  /// Sorted, non-overlapping ranges, as `(first, last)` code points.
  static let ranges: [(first: UInt32, last: UInt32)] = [
    (0x1100, 0x115F),  // Hangul Jamo initial consonants
    (0x2329, 0x232A),  // angle brackets
    (0x2E80, 0x2E99), (0x2E9B, 0x2EF3), (0x2F00, 0x2FD5), (0x2FF0, 0x2FFF),  // CJK radicals
    (0x3000, 0x303E),  // CJK symbols and punctuation, ideographic space
    (0x3041, 0x3096), (0x3099, 0x30FF),  // Hiragana, Katakana
    (0x3105, 0x312F), (0x3131, 0x318E), (0x3190, 0x31E3), (0x31EF, 0x321E),  // Bopomofo...
    (0x3220, 0x3247), (0x3250, 0x4DBF),  // enclosed CJK, CJK extension A
    (0x4E00, 0xA48C), (0xA490, 0xA4C6),  // CJK unified ideographs, Yi
    (0xA960, 0xA97C),  // Hangul Jamo extended A
    (0xAC00, 0xD7A3),  // Hangul syllables
    (0xF900, 0xFAFF),  // CJK compatibility ideographs
    (0xFE10, 0xFE19), (0xFE30, 0xFE52), (0xFE54, 0xFE66), (0xFE68, 0xFE6B),  // vertical forms
    (0xFF01, 0xFF60), (0xFFE0, 0xFFE6),  // fullwidth forms
    (0x16FE0, 0x16FE4), (0x16FF0, 0x16FF1),  // ideographic symbols
    (0x17000, 0x187F7), (0x18800, 0x18CD5), (0x18D00, 0x18D08),  // Tangut, Khitan
    (0x1AFF0, 0x1AFFE), (0x1B000, 0x1B122), (0x1B132, 0x1B132),  // Kana supplement
    (0x1B150, 0x1B152), (0x1B155, 0x1B155), (0x1B164, 0x1B167), (0x1B170, 0x1B2FB),  // Nushu
    (0x1F200, 0x1F202), (0x1F210, 0x1F23B), (0x1F240, 0x1F248), (0x1F250, 0x1F251),
    (0x1F260, 0x1F265),  // enclosed ideographic supplement
    (0x20000, 0x2FFFD), (0x30000, 0x3FFFD),  // CJK extensions B and later, planes 2 and 3
  ]

  /// Whether `value` lies in one of the ranges (binary search).
  static func contains(_ value: UInt32) -> Bool {
    if value < 0x1100 { return false }
    var low = 0
    var high = ranges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = ranges[middle]
      if value < range.first {
        high = middle - 1
      } else if value > range.last {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }
}
