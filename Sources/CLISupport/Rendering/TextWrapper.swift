/// Breaks text into lines that fit a number of terminal columns.
///
/// Lines break at spaces; a word wider than the line is cut at character boundaries. Widths are
/// display widths (``DisplayWidth``), so wide characters count twice. A `\n` in the text starts
/// a new line; runs of spaces collapse to one; no line ends with a space.
package enum TextWrapper {
  /// The lines of `text` at most `width` columns wide (at least one line, maybe empty).
  package static func wrap(_ text: String, width: Int) -> [String] {
    let width = max(width, 1)
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lines.append(contentsOf: wrapParagraph(paragraph, width: width))
    }
    return lines
  }

  private static func wrapParagraph(_ paragraph: Substring, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for word in paragraph.split(separator: " ") {
      var word = String(word)
      var wordWidth = DisplayWidth.of(word)
      if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
        line += " " + word
        lineWidth += 1 + wordWidth
        continue
      }
      if lineWidth > 0 {
        lines.append(line)
        line = ""
        lineWidth = 0
      }
      while wordWidth > width {
        let (head, rest) = split(word, atWidth: width)
        lines.append(head)
        word = rest
        wordWidth = DisplayWidth.of(word)
      }
      line = word
      lineWidth = wordWidth
    }
    lines.append(line)
    return lines
  }

  /// The longest prefix of `word` that fits `width` (at least one character), and the rest.
  private static func split(_ word: String, atWidth width: Int) -> (String, String) {
    var used = 0
    var index = word.startIndex
    while index < word.endIndex {
      let next = DisplayWidth.of(word[index])
      if used + next > width && index > word.startIndex { break }
      used += next
      index = word.index(after: index)
    }
    return (String(word[..<index]), String(word[index...]))
  }
}
