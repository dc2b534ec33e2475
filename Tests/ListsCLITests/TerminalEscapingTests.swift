import Testing

@testable import ListsCLI
import TextFormats

@Suite struct TerminalEscapingTests {
  @Test(
    arguments: [
      ("plain text", "plain text"),
      ("東京 ✓ é 😀", "東京 ✓ é 😀"),
      ("back\\slash", "back\\slash"),
      ("a\nb", "a\\nb"),
      ("\t\r", "\\t\\r"),
      ("\r\n", "\\r\\n"),
      ("\u{1B}[31mred\u{1B}[0m", "\\u{1B}[31mred\\u{1B}[0m"),
      ("\u{1B}]0;title\u{07}", "\\u{1B}]0;title\\u{07}"),
      ("nul\u{0}byte", "nul\\u{00}byte"),
      ("\u{7F}", "\\u{7F}"),
      ("\u{9B}2J", "\\u{9B}2J"),
      ("\u{85}", "\\u{85}"),
      ("abc\u{202E}fed", "abc\\u{202E}fed"),
      ("\u{2066}x\u{2069}", "\\u{2066}x\\u{2069}"),
      ("\u{202A}\u{202B}\u{202C}\u{202D}", "\\u{202A}\\u{202B}\\u{202C}\\u{202D}"),
      ("\u{200E}\u{200F}\u{061C}", "\\u{200E}\\u{200F}\\u{61C}"),
      ("line\u{2028}sep\u{2029}", "line\\u{2028}sep\\u{2029}"),
    ] as [(String, String)])
  func escapesControlsVisibly(text: String, expected: String) {
    #expect(TerminalEscaping.escape(text) == expected)
  }

  @Test func escapedTextHasNoControlLeft() {
    var text = ""
    for value in UInt32(0)...0x2070 {
      if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
    }
    let escaped = TerminalEscaping.escape(text)
    #expect(!escaped.unicodeScalars.contains(where: TerminalEscaping.needsEscape))
  }
}
