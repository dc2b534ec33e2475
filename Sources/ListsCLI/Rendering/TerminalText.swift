import CLISupport
import TextFormats

/// Text that is safe to write to a terminal: the only kind of text ``OutputWriter`` writes as
/// people's output (``OutputWriter/writeLine(_:)``).
///
/// The words written in the source are trusted; every `String` interpolated into them passes
/// through ``TerminalEscaping`` on the way in, so a name, a default or a message read from the
/// database file, a definition or a remote cannot move the cursor, set the window title or
/// reorder the line:
///
/// ```swift
/// out.writeLine("Removed \(name) and its items.")   // `name` is escaped
/// out.writeLine(style.bold("Database") + " \(path)")  // styles are kept, the path escaped
/// ```
///
/// Integers are written as they are; text is made safe with ``init(escaping:)``. Renderers that
/// must measure text before laying it out (tables, placeholders, help) escape each piece
/// themselves and hand over the result with ``init(rendered:)``. Machine output (JSON, CSV,
/// completion candidates, the man page's source) keeps its bytes and its own quoting, and goes
/// out through ``OutputWriter/writeVerbatim(_:)``.
package struct TerminalText: Sendable, Equatable, ExpressibleByStringInterpolation {
  /// The text as written: controls in it are the package's own (styles, the progress line's
  /// carriage return), never the data's.
  package private(set) var text: String

  /// Text from any source, with its controls escaped.
  package init(escaping text: String) {
    self.text = TerminalEscaping.escape(text)
  }

  /// Text a renderer made from escaped pieces (``TableRenderer``, ``PlaceholderBox``,
  /// ``ErrorRenderer``, ``HelpRenderer``): written as it is.
  package init(rendered text: String) {
    self.text = text
  }

  /// A literal of the source: trusted.
  package init(stringLiteral text: String) {
    self.text = text
  }

  package init(stringInterpolation: StringInterpolation) {
    self.text = stringInterpolation.text
  }

  /// Builds a ``TerminalText`` from a literal with values in it: the literal's parts as they
  /// are, each value escaped.
  package struct StringInterpolation: StringInterpolationProtocol {
    fileprivate var text = ""

    package init(literalCapacity: Int, interpolationCount: Int) {
      text.reserveCapacity(literalCapacity + 16 * interpolationCount)
    }

    package mutating func appendLiteral(_ literal: String) {
      text += literal
    }

    /// Text from anywhere: escaped.
    package mutating func appendInterpolation(_ value: String) {
      text += TerminalEscaping.escape(value)
    }

    /// Text from anywhere: escaped.
    package mutating func appendInterpolation(_ value: Substring) {
      text += TerminalEscaping.escape(String(value))
    }

    /// A number: its digits.
    package mutating func appendInterpolation(_ value: some BinaryInteger) {
      text += String(value)
    }

    /// Text that is already safe (a styled piece): as it is.
    package mutating func appendInterpolation(_ value: TerminalText) {
      text += value.text
    }

    /// Any other value: its description, escaped.
    package mutating func appendInterpolation(_ value: some CustomStringConvertible) {
      text += TerminalEscaping.escape(value.description)
    }
  }

  /// The two texts one after the other.
  package static func + (lhs: TerminalText, rhs: TerminalText) -> TerminalText {
    TerminalText(rendered: lhs.text + rhs.text)
  }

  /// Appends `other`.
  package static func += (lhs: inout TerminalText, rhs: TerminalText) {
    lhs.text += rhs.text
  }

  /// The text followed by spaces up to `width` characters.
  package func padding(to width: Int) -> TerminalText {
    TerminalText(rendered: text.padding(to: width))
  }

  /// Whether the text is empty.
  package var isEmpty: Bool { text.isEmpty }
}

extension TextStyle {
  /// `text` in bold.
  package func bold(_ text: TerminalText) -> TerminalText { TerminalText(rendered: bold(text.text)) }
  /// `text` dimmed (faint).
  package func dim(_ text: TerminalText) -> TerminalText { TerminalText(rendered: dim(text.text)) }
  /// `text` in red, for errors.
  package func red(_ text: TerminalText) -> TerminalText { TerminalText(rendered: red(text.text)) }
  /// `text` in yellow, for warnings.
  package func yellow(_ text: TerminalText) -> TerminalText { TerminalText(rendered: yellow(text.text)) }
  /// `text` in green, for success.
  package func green(_ text: TerminalText) -> TerminalText { TerminalText(rendered: green(text.text)) }
}

extension Array where Element == TerminalText {
  /// The texts with `separator` between them.
  package func joined(separator: TerminalText) -> TerminalText {
    var result: TerminalText = ""
    for (index, text) in enumerated() {
      if index > 0 { result += separator }
      result += text
    }
    return result
  }
}
