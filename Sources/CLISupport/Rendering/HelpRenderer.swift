import TextFormats

/// Generates usage lines and help pages from a command tree, wrapped to a width.
///
/// The tree, its global options and its help command are the parser's (``CommandLineParser``),
/// so help says what the parser reads. A page has the sections OVERVIEW, USAGE, ARGUMENTS,
/// OPTIONS, GLOBAL OPTIONS (when there are any) and, for a group (`lists`, `lists add`),
/// SUBCOMMANDS. Each option shows its default and allowed values:
/// ```
///   --limit <n>             Items per page. (default: 20, 1...500)
///   --status <status>       Where the order is. (default: pending; one of: pending, paid, ...)
/// ```
/// Output is plain text, the same on a terminal or not.
package enum HelpRenderer {
  /// The widest label column; longer labels put their description on the next line.
  static let maximumLabelWidth = 24
  /// The narrowest a description column beside its labels gets; narrower terminals get the
  /// description under the label.
  static let minimumDescriptionWidth = 24

  /// The usage of the command at `path` of `parser`'s tree, without `Usage: `, on one line:
  /// `lists show <list> [--limit <n>] [--after <cursor>] [--all] [--json] [--events]`.
  package static func usageLine(for path: [String], of parser: CommandLineParser) -> String {
    usageParts(for: path, root: parser.root, globalOptions: parser.globalOptions).joined(separator: " ")
  }

  /// The help page of the command at `path` of `parser`'s tree, ending in a line feed.
  package static func commandPage(at path: [String], of parser: CommandLineParser, width: Int) -> String {
    let root = parser.root
    let globalOptions = parser.globalOptions
    guard let spec = root.descendant(at: path) else {
      preconditionFailure("No command at '\(path.joined(separator: " "))'.")
    }
    // A kind's `add` page is made from its definition, which the file holds: each text is
    // escaped before it is measured and wrapped.
    var lines = TextWrapper.wrap("OVERVIEW: " + escape(spec.abstract), width: width)
    if let discussion = spec.discussion {
      lines.append("")
      lines += TextWrapper.wrap(escape(discussion), width: width)
    }
    lines.append("")
    let commandWords = ([root.name] + path).joined(separator: " ")
    let parts = usageParts(for: path, root: root, globalOptions: globalOptions)
    lines += wrapUsage(parts, commandWords: commandWords, width: width)

    var sections: [(title: String, entries: [(label: String, text: String)])] = []
    if !spec.arguments.isEmpty {
      sections.append(
        ("ARGUMENTS", spec.arguments.map { (escape($0.usage.trimmingBrackets), escape(describe($0))) }))
    }
    var options = spec.options.map { (escape($0.label), escape(describe($0))) }
    options.append(("-h, --help", "Show help information."))
    if path.isEmpty && parser.answersVersion { options.append(("--version", "Show the version.")) }
    sections.append(("OPTIONS", options))
    if !globalOptions.isEmpty {
      sections.append(("GLOBAL OPTIONS", globalOptions.map { (escape($0.label), escape(describe($0))) }))
    }
    if !spec.subcommands.isEmpty {
      sections.append(("SUBCOMMANDS", spec.visibleSubcommands.map { (escape($0.name), escape($0.abstract)) }))
    }
    let labelWidth = min(
      sections.flatMap(\.entries).map { DisplayWidth.of($0.label) }.max() ?? 0, maximumLabelWidth)
    for section in sections {
      lines.append("")
      lines.append(section.title + ":")
      for entry in section.entries {
        lines += entryLines(entry.label, entry.text, labelWidth: labelWidth, width: width)
      }
    }
    if !spec.subcommands.isEmpty, let help = parser.help {
      lines.append("")
      let noun = spec.subcommandNoun
      lines += TextWrapper.wrap(
        "  See '\(root.name) \(help.name) \(path.map { escape($0) + " " }.joined())<\(noun)>' for detailed help.",
        width: width)
      if path.isEmpty {
        for topic in help.topics {
          lines += TextWrapper.wrap(
            "  See '\(root.name) \(help.name) \(topic.word)' for \(topic.subject).", width: width)
        }
      }
    }
    return lines.map { $0 + "\n" }.joined()
  }

  // MARK: Parts

  private static func usageParts(
    for path: [String], root: CommandSpec, globalOptions: [OptionSpec]
  ) -> [String] {
    guard let spec = root.descendant(at: path) else {
      preconditionFailure("No command at '\(path.joined(separator: " "))'.")
    }
    var parts = ([root.name] + path).map(escape)
    if path.isEmpty {
      parts += globalOptions.map { "[\($0.label)]" }
    }
    if !spec.subcommands.isEmpty && spec.arguments.isEmpty {
      let noun = "<\(spec.subcommandNoun)>"
      parts.append(spec.isRunnable ? "[\(noun)]" : noun)
      if !path.isEmpty { parts.append("[<options>]") }
    }
    parts += spec.arguments.map { escape($0.usage) }
    for option in spec.options {
      if option.isRequired {
        parts.append(escape(option.label))
      } else {
        parts.append("[\(escape(option.label))\(option.isRepeatable ? " ..." : "")]")
      }
    }
    return parts
  }

  /// `USAGE: ` and the parts, continuation lines aligned after the command words.
  private static func wrapUsage(_ parts: [String], commandWords: String, width: Int) -> [String] {
    let prefix = "USAGE: "
    var indent = DisplayWidth.of(prefix) + DisplayWidth.of(commandWords) + 1
    if width - indent < minimumDescriptionWidth { indent = DisplayWidth.of(prefix) + 2 }
    var lines: [String] = []
    var line = prefix
    var lineHasPart = false
    for part in parts {
      guard lineHasPart else {
        line += part
        lineHasPart = true
        continue
      }
      let candidate = line + " " + part
      if DisplayWidth.of(candidate) > width && DisplayWidth.of(line) > indent {
        lines.append(line)
        line = String(repeating: " ", count: indent) + part
      } else {
        line = candidate
      }
    }
    lines.append(line)
    return lines
  }

  /// `  label  description`, the description wrapped in its column; on a narrow terminal, the
  /// description goes under the label, indented. The lines of every section of a page, and of
  /// a program's own pages (`lists help exit-codes`).
  package static func entryLines(
    _ label: String, _ text: String, labelWidth: Int, width: Int
  ) -> [String] {
    var column = 2 + labelWidth + 2
    let isStacked = width - column < minimumDescriptionWidth
    if isStacked { column = 6 }
    let wrapped = TextWrapper.wrap(text, width: max(width - column, 1))
    let indent = String(repeating: " ", count: column)
    var lines: [String] = []
    var rest = wrapped[...]
    if !isStacked && DisplayWidth.of(label) <= labelWidth {
      let first = rest.popFirst() ?? ""
      let padded = DisplayWidth.pad(label, toWidth: labelWidth, alignment: .left)
      lines.append("  " + padded + "  " + first)
    } else {
      lines.append("  " + label)
    }
    lines += rest.map { indent + $0 }
    return lines.map(\.trimmingTrailingSpaces)
  }

  /// `text` with its controls escaped: the texts of a kind's options come from the file.
  private static func escape(_ text: String) -> String {
    TerminalEscaping.escape(text)
  }

  // MARK: Descriptions

  /// The help of `option` with its default and allowed values, as help and the man page show it.
  package static func describe(_ option: OptionSpec) -> String {
    var notes: [String] = []
    if let shown = option.defaultDescription ?? option.defaultValue {
      notes.append("default: " + shown)
    }
    if case .value(_, let kind) = option.arity { notes += constraints(kind) }
    return annotated(option.help, notes)
  }

  /// The help of `argument` with its allowed values.
  package static func describe(_ argument: ArgumentSpec) -> String {
    annotated(argument.help, constraints(argument.kind))
  }

  /// `help (a, b; c)`: the default and range joined by a comma, allowed words by a semicolon.
  private static func annotated(_ help: String, _ notes: [String]) -> String {
    guard !notes.isEmpty else { return help }
    var text = ""
    for note in notes {
      if text.isEmpty {
        text = note
      } else {
        text += (note.hasPrefix("one of:") ? "; " : ", ") + note
      }
    }
    return help + " (" + text + ")"
  }

  private static func constraints(_ kind: ValueKind) -> [String] {
    switch kind {
    case .text: return []
    case .choice(let words): return ["one of: " + words.joined(separator: ", ")]
    case .integer(let range):
      if range.upperBound >= Int(Int32.max) {
        return range.lowerBound > 0 ? ["at least \(range.lowerBound)"] : []
      }
      return ["\(range.lowerBound)...\(range.upperBound)"]
    }
  }
}

extension String {
  /// The text without the `[` `]` of an optional usage part: `[<id> ...]` → `<id> ...`.
  fileprivate var trimmingBrackets: String {
    hasPrefix("[") && hasSuffix("]") ? String(dropFirst().dropLast()) : self
  }

  /// The text without spaces at its end.
  fileprivate var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
