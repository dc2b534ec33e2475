/// Makes stored text safe to print on a terminal: no control sequence in the data can move the
/// cursor, change colors, set the window title or reorder the line.
///
/// Escaped scalars are shown as visible text:
/// - line feed, tab and carriage return as `\n`, `\t`, `\r`;
/// - every other C0 control (U+0000–U+001F), DEL (U+007F) and C1 control (U+0080–U+009F) as
///   `\u{XX}` with at least two upper-case hex digits: ESC is `\u{1B}`, NUL `\u{00}`;
/// - the bidi controls U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069 and the line and
///   paragraph separators U+2028, U+2029 the same way: `\u{202E}`.
///
/// Everything else is kept, backslashes included: the human view is for reading, not for
/// parsing back (scripts use `--json` or `export`, which keep text verbatim).
package enum TerminalEscaping {
  /// `text` with every control, bidi-control and separator scalar replaced by its escape.
  package static func escape(_ text: String) -> String {
    if !text.unicodeScalars.contains(where: needsEscape) { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        result.append(contentsOf: escapeSequence(for: scalar).unicodeScalars)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// Whether `scalar` is shown as an escape rather than as itself.
  package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (value >= 0x7F && value <= 0x9F) { return true }
    if value < 0x061C { return false }
    switch value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
    default: return false
    }
  }

  /// The visible escape for one scalar: `\n`, `\t`, `\r`, or `\u{XX}`.
  private static func escapeSequence(for scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\n": return "\\n"
    case "\t": return "\\t"
    case "\r": return "\\r"
    default:
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
    }
  }
}
