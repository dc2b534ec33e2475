@testable import CLISupport
import Testing

@testable import ListsCLI

@Suite struct DisplayWidthTests {
  @Test(
    arguments: [
      ("", 0, "empty"),
      ("abc", 3, "ASCII"),
      ("Müller", 6, "Latin-1, precomposed"),
      ("e\u{301}", 1, "combining acute accent"),
      ("\u{301}", 0, "lone combining mark"),
      ("東京", 4, "CJK ideographs"),
      ("한국어", 6, "Hangul syllables"),
      ("\u{1100}\u{1161}\u{11A8}", 2, "Hangul jamo sequence"),
      ("Ａ", 2, "fullwidth Latin"),
      ("ｶ", 1, "halfwidth katakana"),
      ("𠀋", 2, "CJK extension B"),
      ("😀", 2, "emoji"),
      ("👩‍👩‍👧", 2, "ZWJ family sequence"),
      ("👍🏽", 2, "emoji with skin tone"),
      ("🇩🇪", 2, "flag"),
      ("❤️", 2, "text emoji with VS16"),
      ("❤", 1, "text-presentation heart"),
      ("#️⃣", 2, "keycap"),
      ("a\u{200B}b", 2, "zero-width space"),
      ("a\u{200D}b", 2, "lone zero-width joiner"),
      ("\u{1B}", 0, "control character"),
      ("—…", 2, "punctuation"),
    ] as [(String, Int, String)])
  func measuresColumns(text: String, width: Int, _ what: String) {
    #expect(DisplayWidth.of(text) == width, "\(what)")
  }

  @Test(
    arguments: [
      ("hello world", 5, "hell…"),
      ("hello", 5, "hello"),
      ("hello", 6, "hello"),
      ("hello", 1, "…"),
      ("hello", 0, ""),
      ("hello", -3, ""),
      ("東京タワー", 5, "東京…"),
      ("東京タワー", 4, "東…"),
      ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
      ("👩‍👩‍👧abc", 3, "👩‍👩‍👧…"),
    ] as [(String, Int, String)])
  func truncatesWithEllipsis(text: String, width: Int, expected: String) {
    let result = DisplayWidth.truncate(text, toWidth: width)
    #expect(result == expected)
    #expect(DisplayWidth.of(result) <= max(width, 0))
  }

  @Test func padsByColumnsNotCharacters() {
    #expect(DisplayWidth.pad("東", toWidth: 4, alignment: .left) == "東  ")
    #expect(DisplayWidth.pad("7", toWidth: 3, alignment: .right) == "  7")
    #expect(DisplayWidth.pad("wide", toWidth: 2, alignment: .right) == "wide")
  }

  @Test func wideRangeTableIsSortedAndDisjoint() {
    let ranges = WideCharacterRanges.ranges
    for (previous, next) in zip(ranges, ranges.dropFirst()) {
      #expect(previous.first <= previous.last && previous.last < next.first)
    }
    #expect(WideCharacterRanges.contains(0x4E00))
    #expect(WideCharacterRanges.contains(0x3FFFD))
    #expect(!WideCharacterRanges.contains(0x4DC0))
    #expect(!WideCharacterRanges.contains(0x41))
  }
}
