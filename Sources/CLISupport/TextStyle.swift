/// Wraps text in ANSI SGR styles when styling is enabled, and leaves it as it is otherwise.
///
/// Decide once per stream with ``Terminal/colorEnabled(fileDescriptor:environment:noColorFlag:)``
/// and pass the style down: with ``plain`` every renderer's output is deterministic plain text.
package struct TextStyle: Sendable, Equatable {
  /// Whether escapes are emitted.
  package var isEnabled: Bool

  /// No styling: text is returned unchanged.
  package static let plain = TextStyle(isEnabled: false)
  /// ANSI styling on.
  package static let ansi = TextStyle(isEnabled: true)

  /// Creates a style that emits escapes only when `isEnabled`.
  package init(isEnabled: Bool) {
    self.isEnabled = isEnabled
  }

  /// `text` in bold.
  package func bold(_ text: String) -> String { wrap(text, "1") }
  /// `text` dimmed (faint).
  package func dim(_ text: String) -> String { wrap(text, "2") }
  /// `text` in red, for errors.
  package func red(_ text: String) -> String { wrap(text, "31") }
  /// `text` in yellow, for warnings.
  package func yellow(_ text: String) -> String { wrap(text, "33") }
  /// `text` in green, for success.
  package func green(_ text: String) -> String { wrap(text, "32") }

  private func wrap(_ text: String, _ code: String) -> String {
    guard isEnabled, !text.isEmpty else { return text }
    return "\u{1B}[" + code + "m" + text + "\u{1B}[0m"
  }
}
