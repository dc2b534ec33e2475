import CLISupport
import Foundation
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

/// People's output is ``TerminalText``: the source's words as they are, every value put into
/// them escaped, styles kept; machine output is written verbatim.
@Suite struct TerminalTextTests {
  static let hostile = "\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{9B}31m\u{202E}x"
  static let shown = "\\u{1B}]0;PWNED\\u{07}\\u{1B}[2J\\u{9B}31m\\u{202E}x"

  @Test func interpolatedTextIsEscapedAndLiteralsAreKept() {
    let name = Self.hostile
    let text: TerminalText = "Removed \(name) (\(3) items)\t."
    #expect(text.text == "Removed \(Self.shown) (3 items)\t.")
    #expect(TerminalText(escaping: name).text == Self.shown)
    let line: Substring = Self.hostile[...]
    #expect(("\(line)" as TerminalText).text == Self.shown)
    #expect(("\(Character("\u{1B}"))" as TerminalText).text == "\\u{1B}")
  }

  @Test func stylesAreKeptAroundEscapedValues() {
    let style = TextStyle.ansi
    let warning = Self.hostile
    let text: TerminalText = style.yellow("Warning: ") + "\(warning)"
    #expect(text.text == "\u{1B}[33mWarning: \u{1B}[0m" + Self.shown)
    #expect(style.bold(TerminalText(escaping: warning)).text == "\u{1B}[1m" + Self.shown + "\u{1B}[0m")
  }

  @Test func theWriterWritesPeoplesTextSafelyAndMachineTextVerbatim() throws {
    let folder = try FileManager.default.url(
      for: .itemReplacementDirectory, in: .userDomainMask,
      appropriateFor: URL(fileURLWithPath: NSTemporaryDirectory()), create: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("out").path
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    #expect(descriptor >= 0)
    let writer = OutputWriter(fileDescriptor: descriptor)
    let value = Self.hostile
    writer.writeLine("name: \(value)")
    writer.writeVerbatimLine(#"{"name":"\#(value)"}"#)
    writer.flush()
    close(descriptor)
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(written == "name: \(Self.shown)\n{\"name\":\"\(Self.hostile)\"}\n")
  }
}
