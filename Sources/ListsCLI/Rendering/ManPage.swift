import CLISupport
import TextFormats

/// The `lists(1)` manual page in roff (the `man` macros), generated from the command specs
/// that help and the parser use, so it lists every command and option there is.
///
/// Sections: NAME, SYNOPSIS, DESCRIPTION, COMMANDS, OPTIONS, EXIT STATUS, ENVIRONMENT, FILES,
/// EXAMPLES. It renders without warnings under `groff -man -ww` and `man -l`.
package enum ManPage {
  /// The whole page.
  package static func render(
    root: CommandSpec = CommandTree.root, globalOptions: [OptionSpec] = GlobalSpec.all
  ) -> String {
    var page: [String] = [
      ".TH LISTS 1 \"\" \(quoted("lists " + ListsVersion.current)) \"User Commands\"",
      // Left-adjusted: a justified line spreads a long usage line's words apart.
      ".ad l",
      ".SH NAME",
      "lists \\- " + escaped(lowercasedFirst(root.abstract)),
      ".SH SYNOPSIS",
      ".B lists",
    ]
    page += globalOptions.map { "[" + optionLabel($0) + "]" }
    page.append("\\fIcommand\\fR [\\fIarguments\\fR]")
    page.append(".SH DESCRIPTION")
    page.append(escaped(root.abstract))
    if let discussion = root.discussion { page += [".PP", escaped(discussion)] }
    page.append(".SH COMMANDS")
    for (path, spec) in commands(below: root, path: []) {
      page.append(".TP")
      page.append(".B " + escaped(HelpRenderer.usageLine(for: path, root: root, globalOptions: [])))
      page.append(escaped(spec.abstract))
      if let discussion = spec.discussion { page += [".IP", escaped(discussion)] }
      for argument in spec.arguments {
        page += [
          ".IP",
          "\\fI" + escaped(argument.name) + "\\fR: " + escaped(HelpRenderer.describe(argument)),
        ]
      }
      for option in spec.options {
        page += [".IP", optionLabel(option) + ": " + escaped(HelpRenderer.describe(option))]
      }
    }
    page.append(".SH OPTIONS")
    page.append("Global options are accepted anywhere before \\fB\\-\\-\\fR.")
    for option in globalOptions {
      page += [".TP", optionLabel(option), escaped(HelpRenderer.describe(option))]
    }
    page += [".TP", ".BR \\-h \", \" \\-\\-help", "Show help for the command and exit."]
    page += [".TP", ".B \\-\\-version", "Show the version and exit."]
    page.append(".SH \"EXIT STATUS\"")
    for code in ExitCode.documentationOrder {
      page += [".TP", ".B \(code.rawValue)", escaped(code.meaning)]
    }
    page.append(".SH ENVIRONMENT")
    for (name, text) in environment {
      page += [".TP", ".B " + name, escaped(text)]
    }
    page.append(".SH FILES")
    page += [
      ".TP", ".I ~/.local/share/lists/lists.db",
      escaped(
        "The default database, unless LISTS_DB or XDG_DATA_HOME say otherwise; with its -wal and "
          + "-shm files while it is open. What lists creates is private: folders 0700, files 0600."),
    ]
    page.append(".SH EXAMPLES")
    for (command, text) in examples {
      page += [".PP", escaped(text), ".PP", ".RS", ".EX", escaped(command), ".EE", ".RE"]
    }
    page += [".SH \"SEE ALSO\"", ".BR sqlite3 (1)"]
    return page.joined(separator: "\n") + "\n"
  }

  private static let environment: [(String, String)] = [
    ("LISTS_DB", "The database file when --db is not given."),
    ("XDG_DATA_HOME", "With LISTS_DB unset, the database is $XDG_DATA_HOME/lists/lists.db."),
    ("HOME", "With neither set, the database is ~/.local/share/lists/lists.db."),
    ("LISTS_ACCOUNT", "The account when --account is not given; else default."),
    ("NO_COLOR", "When set, to anything, output has no color or styles."),
    ("COLUMNS", "The width tables and help are laid out for, instead of the terminal's."),
    ("TERM", "When dumb, output has no color or styles."),
  ]

  private static let examples: [(String, String)] = [
    ("lists show orders", "Show the first page of orders, or the placeholder of an empty list:"),
    (
      "lists add orders --number A-1001 --total 25.90 --currency EUR --status paid",
      "Add an order:"
    ),
    ("lists export orders --format csv > orders.csv", "Export every order as CSV:"),
    ("lists man > ~/.local/share/man/man1/lists.1", "Install this page for man lists:"),
  ]

  /// Every visible command below `spec` that runs, with its path, depth first.
  private static func commands(below spec: CommandSpec, path: [String]) -> [([String], CommandSpec)]
  {
    spec.visibleSubcommands.flatMap { sub -> [([String], CommandSpec)] in
      let subPath = path + [sub.name]
      let own: [([String], CommandSpec)] =
        sub.isRunnable || sub.name == HelpSpec.name ? [(subPath, sub)] : []
      return own + commands(below: sub, path: subPath)
    }
  }

  private static func optionLabel(_ option: OptionSpec) -> String {
    switch option.arity {
    case .flag: bold(escaped(option.name))
    case .value(let placeholder, _):
      bold(escaped(option.name)) + " \\fI" + escaped(placeholder) + "\\fR"
    }
  }

  private static func bold(_ text: String) -> String { "\\fB" + text + "\\fR" }

  private static func quoted(_ text: String) -> String { "\"" + escaped(text) + "\"" }

  private static func lowercasedFirst(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.lowercased() + text.dropFirst()
  }

  /// `text` as roff text: backslashes and dashes escaped, controls and bidi controls as their
  /// visible escapes (``TerminalEscaping``), other non-ASCII characters as groff's
  /// `\[uXXXX]`, and a line that would start with a control character (`.` or `'`) guarded.
  package static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\e"
      case "-": out += "\\-"
      case "\n": out += "\n"
      case _ where TerminalEscaping.needsEscape(scalar):
        // Shown as its visible escape (`\u{1B}`), never passed on to groff and the terminal.
        out += escaped(TerminalEscaping.escape(String(scalar)))
      case _ where scalar.value > 0x7E:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      default: out.unicodeScalars.append(scalar)
      }
    }
    if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
    return out
  }
}
