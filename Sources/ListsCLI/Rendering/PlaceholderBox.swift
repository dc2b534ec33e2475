import CLISupport
import TextFormats

/// Draws a list's placeholder — title, detail, action — in a rounded box that fits a width.
///
/// For example, at width 44:
/// ```
/// ╭────────────────────────────────────────╮
/// │ No orders yet                          │
/// │ Orders you place will show up here.    │
/// │                                        │
/// │ → lists add orders --number NUMBER     │
/// │   --total AMOUNT --currency CODE       │
/// ╰────────────────────────────────────────╯
/// ```
/// The box is as narrow as its content allows and at most `width` columns; text wraps at
/// spaces (the action's continuation lines are indented under its text). The title is bold when
/// `style` is enabled. Text is escaped with ``TerminalEscaping``.
package enum PlaceholderBox {
  /// The narrowest the inside of the box gets, whatever the width.
  package static let minimumInnerWidth = 10

  /// The box's lines, without line feeds.
  ///
  /// - Parameters:
  ///   - title: The first line, e.g. `No orders yet`.
  ///   - detail: A sentence under the title, or nil.
  ///   - action: What to do next, shown after `→ `, or nil.
  ///   - width: The terminal width to fit.
  ///   - style: Styling for the title.
  package static func render(
    title: String, detail: String?, action: String?, width: Int, style: TextStyle = .plain
  ) -> [String] {
    let limit = max(width - 4, minimumInnerWidth)
    let titleLines = TextWrapper.wrap(TerminalEscaping.escape(title), width: limit)
    var bodyLines: [String] = []
    if let detail, !detail.isEmpty {
      bodyLines += TextWrapper.wrap(TerminalEscaping.escape(detail), width: limit)
    }
    if let action, !action.isEmpty {
      bodyLines.append("")
      let wrapped = TextWrapper.wrap(TerminalEscaping.escape(action), width: limit - 2)
      for (index, line) in wrapped.enumerated() {
        bodyLines.append((index == 0 ? "→ " : "  ") + line)
      }
    }
    let inner = (titleLines + bodyLines).map(DisplayWidth.of).max() ?? 0
    let horizontal = String(repeating: "─", count: inner + 2)
    var lines = ["╭" + horizontal + "╮"]
    for line in titleLines {
      lines.append(row(style.bold(line), width: DisplayWidth.of(line), inner: inner))
    }
    for line in bodyLines {
      lines.append(row(line, width: DisplayWidth.of(line), inner: inner))
    }
    lines.append("╰" + horizontal + "╯")
    return lines
  }

  private static func row(_ text: String, width: Int, inner: Int) -> String {
    "│ " + text + String(repeating: " ", count: max(inner - width, 0)) + " │"
  }
}
