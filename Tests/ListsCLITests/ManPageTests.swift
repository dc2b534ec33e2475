import CLISupport
import Testing

@testable import ListsCLI

/// The lists(1) page generated from the command specs.
@Suite struct ManPageTests {
  @Test func hasTheSectionsOfAManualPage() {
    let headers = ManPage.render().split(separator: "\n").filter { $0.hasPrefix(".SH ") }
    #expect(
      headers == [
        ".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH COMMANDS", ".SH OPTIONS",
        ".SH \"EXIT STATUS\"", ".SH ENVIRONMENT", ".SH FILES", ".SH EXAMPLES", ".SH \"SEE ALSO\"",
      ])
  }

  @Test func describesEveryVisibleCommandWithItsUsage() {
    let page = ManPage.render()
    var paths: [[String]] = []
    func walk(_ spec: CommandSpec, _ path: [String]) {
      for sub in spec.visibleSubcommands {
        if sub.isRunnable { paths.append(path + [sub.name]) }
        walk(sub, path + [sub.name])
      }
    }
    walk(CommandTree.root, [])
    #expect(paths.count >= 13)
    for path in paths {
      let usage = ManPage.escaped(HelpRenderer.usageLine(for: path, globalOptions: []))
      #expect(page.contains(".B " + usage + "\n"), "\(path)")
    }
    #expect(!page.contains("__complete"))
  }

  @Test(arguments: [
    ("--all", "\\-\\-all"), ("a\\b", "a\\eb"), (".start", "\\&.start"), ("'quote", "\\&'quote"),
    ("lists — file", "lists \\[u2014] file"),
    // Controls never reach groff (or, through it, the terminal): their visible escapes do.
    ("a\u{1B}[2Jb", "a\\eu{1B}[2Jb"), ("\u{9B}x\u{202E}", "\\eu{9B}x\\eu{202E}"),
  ])
  func textIsEscapedForRoff(_ text: String, _ roff: String) {
    #expect(ManPage.escaped(text) == roff)
  }
}
