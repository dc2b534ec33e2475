import Testing

@testable import ListsCLI

@Suite struct BrowseKeyTests {
  @Test(
    arguments: [
      ("arrows", [0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42], [BrowseKey.up, .down]),
      ("application-mode arrows", [0x1B, 0x4F, 0x41, 0x1B, 0x4F, 0x42], [.up, .down]),
      ("page up and down", Array("\u{1B}[5~\u{1B}[6~".utf8), [.pageUp, .pageDown]),
      (
        "home and end", Array("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~".utf8),
        [.home, .end, .home, .end]
      ),
      (
        "letters", Array("jkq/".utf8),
        [.character("j"), .character("k"), .character("q"), .character("/")]
      ),
      ("Ctrl-C, Enter, Backspace", [0x03, 0x0D, 0x7F], [.interrupt, .enter, .backspace]),
      ("a lone escape", [0x1B], [.escape]),
      ("escape then a letter", [0x1B, 0x71], [.escape, .character("q")]),
      ("UTF-8", Array("é€".utf8), [.character("é"), .character("€")]),
      ("not UTF-8", [0xFF], [.other]),
      ("an unknown sequence", Array("\u{1B}[2~j".utf8), [.other, .character("j")]),
    ] as [(String, [UInt8], [BrowseKey])])
  func decodes(_ name: String, bytes: [UInt8], keys: [BrowseKey]) {
    #expect(BrowseKey.decode(bytes) == keys, "\(name)")
  }
}
