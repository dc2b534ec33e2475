import Testing

/// `lists --help`, `lists <command> --help`, `lists help ...`, `lists help exit-codes` and
/// `lists --version`.
@Suite struct HelpCommandTests {
  /// `text` with every run of whitespace made one space, so wrapped help reads as one line.
  static func flattened(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
  }

  @Test func versionIsOneLine() async throws {
    let sandbox = try Sandbox()
    let result = await sandbox.run("--version")
    #expect(result.exitCode == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout.wholeMatch(of: /lists \d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?\n/) != nil, "\(result)")
  }

  @Test(arguments: [["--help"], ["-h"], ["help"]])
  func topLevelHelpListsEveryCommandAndGlobalOption(words: [String]) async throws {
    let sandbox = try Sandbox()
    let result = await sandbox.run(words)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr == "")
    let text = result.stdout
    for section in ["OVERVIEW:", "USAGE:", "OPTIONS:", "SUBCOMMANDS:"] {
      #expect(result.stdoutLines.contains { $0.hasPrefix(section) }, "\(section)")
    }
    for command in [
      "show", "add", "remove", "clear", "import", "export", "seed", "watch", "browse", "doctor",
      "kinds",
    ] {
      #expect(result.stdoutLines.contains { $0.hasPrefix("  \(command) ") }, "\(command)")
    }
    let flat = Self.flattened(text)
    for option in [
      "--db <path>", "--account <name>", "--busy-timeout <ms>", "--no-color", "--version",
    ] {
      #expect(flat.contains(option), "\(option)")
    }
    #expect(flat.contains("(default: 5000)"))
    #expect(
      flat.contains(
        "$LISTS_DB, else $XDG_DATA_HOME/lists/lists.db, else ~/.local/share/lists/lists.db"))
    #expect(flat.contains("$LISTS_ACCOUNT, else default"))
    for line in result.stdoutLines { #expect(line.count <= 80, "\(line)") }
    #expect(!sandbox.exists(sandbox.databasePath))
  }

  struct Page: Sendable, CustomTestStringConvertible {
    var command: [String]
    var hasArguments: Bool
    var mentions: [String]
    var testDescription: String { command.joined(separator: " ") }
  }

  static let pages: [Page] = [
    Page(
      command: ["show"], hasArguments: true,
      mentions: [
        "USAGE: lists show <list> [--limit <n>] [--after <cursor>] [--before <cursor>] [--all] [--json] [--events] [--search <text>] [--where <field=value> ...] [--max-age <age>] [--offline]",
        "<list>", "(one of: favorites, addresses, orders)", "--limit <n>",
        "(default: 20, 1...500)", "--after <cursor>", "--all", "--json", "--events",
      ]),
    Page(
      command: ["add", "orders"], hasArguments: false,
      mentions: [
        "--number <number>", "--total <amount>", "--currency <code>", "--status <status>",
        "(default: pending; one of: pending, paid, shipped, delivered, cancelled, refunded)",
        "--placed-at <iso8601>", "(default: now)",
      ]),
    Page(
      command: ["add", "favorites"], hasArguments: false,
      mentions: ["--ref <ref>", "--title <title>", "--note <text>"]),
    Page(
      command: ["add", "addresses"], hasArguments: false,
      mentions: [
        "--label <label>", "--recipient <name>", "--line1 <text>", "--line2 <text>",
        "--city <city>", "--region <region>", "--postal-code <code>", "--country <code>",
        "--phone <phone>", "--default",
      ]),
    Page(command: ["remove"], hasArguments: true, mentions: ["<list>", "<id> ..."]),
    Page(command: ["clear"], hasArguments: true, mentions: ["<list>", "--yes"]),
    Page(command: ["import"], hasArguments: true, mentions: ["<list>", "<file>", "- reads stdin"]),
    Page(
      command: ["export"], hasArguments: true,
      mentions: ["<list>", "--format <format>", "(default: ndjson; one of: ndjson, csv)"]),
    Page(command: ["seed"], hasArguments: false, mentions: ["--count <n>", "(default: 50"]),
    Page(command: ["watch"], hasArguments: true, mentions: ["<list>", "--json"]),
    Page(command: ["browse"], hasArguments: true, mentions: ["<list>", "--limit <n>", "(default: 50"]),
    Page(command: ["doctor"], hasArguments: false, mentions: ["USAGE: lists doctor"]),
  ]

  @Test(arguments: pages)
  func commandHelpHasItsSectionsDefaultsAndAllowedValues(page: Page) async throws {
    let sandbox = try Sandbox()
    let result = await sandbox.run(page.command + ["--help"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr == "")
    let lines = result.stdoutLines
    var sections = ["OVERVIEW:", "USAGE:", "OPTIONS:", "GLOBAL OPTIONS:"]
    if page.hasArguments { sections.insert("ARGUMENTS:", at: 2) }
    let found = lines.filter { $0.first?.isUppercase == true && $0.contains(":") }
      .compactMap { line in sections.first { line.hasPrefix($0) } }
    #expect(found == sections)
    let flat = Self.flattened(result.stdout)
    for mention in page.mentions { #expect(flat.contains(mention), "\(mention)") }
    #expect(flat.contains("-h, --help"))
    for line in lines { #expect(line.count <= 80, "\(line)") }

    let viaHelp = await sandbox.run(["help"] + page.command)
    #expect(viaHelp.exitCode == 0)
    #expect(viaHelp.stdout == result.stdout)
  }

  @Test func helpWinsOverEverythingElseOnTheLine() async throws {
    let sandbox = try Sandbox()
    let result = await sandbox.run("show", "orderz", "--limit", "0", "--help")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout == (await sandbox.run("show", "--help")).stdout)
  }

  @Test func exitCodesAreTheDocumentedTwelve() async throws {
    let sandbox = try Sandbox()
    let result = await sandbox.run("help", "exit-codes")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr == "")
    #expect(result.stdoutLines.contains("EXIT CODES:"))
    let codes = result.stdoutLines.compactMap { line -> Int? in
      guard let match = line.firstMatch(of: /^  (\d+) +\S/) else { return nil }
      return Int(match.1)
    }
    #expect(codes == [0, 64, 65, 66, 69, 73, 74, 75, 76, 77, 78, 70])
    let flat = Self.flattened(result.stdout)
    for words in [
      "0 Success", "64 Usage error", "65 Bad data", "66 Input file missing",
      "69 Sync: the remote is unreachable", "73 The database file cannot be created", "74 I/O error",
      "75 Busy or locked", "76 Sync: the remote broke the protocol", "77 Sync: the remote refused",
      "78 The database's schema is newer", "70 Internal error",
    ] {
      #expect(flat.contains(words), "\(words)")
    }
  }
}
