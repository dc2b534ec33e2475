import CLISupport
import ListStore
import Testing

@testable import ListsCLI

@Suite struct CommandLineParserTests {
  let parser = CommandLineParser()

  func command(_ words: [String]) throws -> ParsedCommand {
    guard case .run(let parsed) = try parser.parse(words) else {
      Issue.record("\(words) did not parse to a command")
      throw UsageError(.unexpectedArgument(""), commandPath: [])
    }
    return parsed
  }

  func helpTopic(_ words: [String]) throws -> HelpTopic? {
    guard case .help(let topic) = try parser.parse(words) else { return nil }
    return topic
  }

  // MARK: Commands

  @Test func noCommandRunsTheOverview() throws {
    let parsed = try command([])
    #expect(parsed.id == .overview)
    #expect(parsed.path == [])
    #expect(parsed.globals == GlobalOptions())
  }

  @Test func showHasItsDefaults() throws {
    let parsed = try command(["show", "orders"])
    #expect(parsed.id == .show)
    #expect(parsed.value(ShowSpec.list) == .orders)
    #expect(parsed.value(ShowSpec.limit) == 20)
    #expect(!parsed.isGiven(ShowSpec.limit))
    #expect(parsed[ShowSpec.after] == nil)
    #expect(!parsed[ShowSpec.all])
    #expect(!parsed[ShowSpec.json])
    #expect(!parsed[ShowSpec.events])
  }

  @Test(arguments: [
    ["show", "favorites", "--limit", "5", "--after", "c1", "--all", "--json", "--events"],
    ["show", "--limit=5", "--json", "favorites", "--after=c1", "--events", "--all"],
    ["show", "--events", "--all", "--json", "--after", "c1", "--limit", "5", "favorites"],
  ])
  func showOptionsInAnyOrderAndForm(_ words: [String]) throws {
    let parsed = try command(words)
    #expect(parsed.value(ShowSpec.list) == .favorites)
    #expect(parsed.value(ShowSpec.limit) == 5)
    #expect(parsed.isGiven(ShowSpec.limit))
    #expect(parsed[ShowSpec.after] == "c1")
    #expect(parsed[ShowSpec.all] && parsed[ShowSpec.json] && parsed[ShowSpec.events])
  }

  @Test(arguments: [
    ["--db", "x.db", "--account", "work", "--busy-timeout", "100", "--no-color", "show", "orders"],
    ["show", "--db=x.db", "orders", "--no-color", "--account", "work", "--busy-timeout=100"],
    ["--no-color", "show", "orders", "--db", "x.db", "--busy-timeout", "100", "--account=work"],
    ["--account", "work", "show", "--busy-timeout", "100", "orders", "--db", "x.db", "--no-color"],
  ])
  func globalOptionsGoAnywhere(_ words: [String]) throws {
    let parsed = try command(words)
    #expect(parsed.value(ShowSpec.list) == .orders)
    #expect(
      parsed.globals
        == GlobalOptions(database: "x.db", accountName: "work", busyTimeout: 100, noColor: true))
  }

  @Test func globalOptionsGoBetweenGroupAndList() throws {
    let parsed = try command([
      "add", "--account", "work", "favorites", "--ref", "p-1", "--db", "x.db", "--title", "Mug",
    ])
    #expect(parsed.id == .add)
    #expect(parsed.path == ["add", "favorites"])
    #expect(parsed.globals.accountName == "work")
    #expect(parsed.globals.database == "x.db")
    #expect(parsed.text(ofOption: "--ref") == "p-1")
    #expect(parsed.text(ofOption: "--title") == "Mug")
    #expect(parsed.text(ofOption: "--note") == nil)
  }

  @Test func addOrdersDefaultsStatusAndLeavesPlacedAtToTheCommand() throws {
    let parsed = try command([
      "add", "orders", "--number", "A-1001", "--total", "19.99", "--currency", "EUR",
    ])
    #expect(parsed.id == .add)
    #expect(parsed.text(ofOption: "--number") == "A-1001")
    #expect(parsed.text(ofOption: "--total") == "19.99")
    #expect(parsed.text(ofOption: "--currency") == "EUR")
    #expect(parsed.text(ofOption: "--status") == "pending")
    #expect(!parsed.isGiven(option: "--status"))
    #expect(parsed.text(ofOption: "--placed-at") == nil)
  }

  @Test func addAddressesTakesEveryOption() throws {
    let parsed = try command([
      "add", "addresses", "--label", "Home", "--recipient", "Ada", "--line1", "Main St 1",
      "--line2", "", "--city", "Berlin", "--region", "BE", "--postal-code", "10115",
      "--country", "DE", "--phone", "+49 30 1234", "--default",
    ])
    #expect(parsed.id == .add)
    #expect(parsed.text(ofOption: "--line2") == "")
    #expect(parsed.text(ofOption: "--postal-code") == "10115")
    #expect(parsed.text(ofOption: "--phone") == "+49 30 1234")
    #expect(parsed.isGiven(option: "--default"))
  }

  @Test func removeTakesOneOrMoreIds() throws {
    let parsed = try command(["remove", "addresses", "3", "1", "20"])
    #expect(parsed.id == .remove)
    #expect(parsed.value(RemoveSpec.list) == .addresses)
    #expect(parsed.values(RemoveSpec.ids) == [3, 1, 20])
  }

  @Test func dashIsStdinAndDoubleDashEndsOptions() throws {
    #expect(try command(["import", "orders", "-"]).value(ImportSpec.file) == "-")
    let parsed = try command(["import", "orders", "--", "--weird name"])
    #expect(parsed.value(ImportSpec.file) == "--weird name")
  }

  @Test func exportFormatIsTyped() throws {
    #expect(try command(["export", "orders"]).value(ExportSpec.format) == .ndjson)
    #expect(try command(["export", "orders", "--format", "csv"]).value(ExportSpec.format) == .csv)
  }

  @Test func remainingCommandsParse() throws {
    #expect(try command(["clear", "favorites", "--yes"])[ClearSpec.yes])
    #expect(!(try command(["clear", "favorites"])[ClearSpec.yes]))
    #expect(try command(["seed"]).value(SeedSpec.count) == 50)
    #expect(try command(["seed", "--count", "1000"]).value(SeedSpec.count) == 1000)
    #expect(try command(["watch", "orders", "--json"])[WatchSpec.json])
    #expect(try command(["doctor"]).id == .doctor)
  }

  @Test func singleDashWordsAreValuesOfTheOptionBefore() throws {
    #expect(try command(["show", "orders", "--after", "-AbC_9"])[ShowSpec.after] == "-AbC_9")
    let parsed = try command(["add", "favorites", "--ref", "-x", "--title", "-"])
    #expect(parsed.text(ofOption: "--ref") == "-x")
    #expect(parsed.text(ofOption: "--title") == "-")
    #expect(throws: UsageError(.unknownOption("-x"), commandPath: ["show"])) {
      try parser.parse(["show", "orders", "-x"])
    }
  }

  /// A value may start with a combining mark, which joins the `=` or `-` before it into one
  /// Character (found by fuzz-arguments; Tests/Fuzz/Corpus/fuzz-arguments/combining-mark-*).
  @Test func valuesMayStartWithACombiningMark() throws {
    let parsed = try command(["add", "favorites", "--ref=\u{301}r", "--title", "-\u{301}"])
    #expect(parsed.text(ofOption: "--ref") == "\u{301}r")
    #expect(parsed.text(ofOption: "--title") == "-\u{301}")
    #expect(throws: UsageError(.missingValue("--ref <ref>"), commandPath: ["add", "favorites"])) {
      try parser.parse(["add", "favorites", "--ref", "--\u{301}title", "t"])
    }
  }

  @Test func negativeNumbersAreValues() throws {
    #expect(
      throws: UsageError(
        .outOfRange("-1", name: "--busy-timeout", range: 0...Int(Int32.max)), commandPath: [])
    ) {
      try parser.parse(["--busy-timeout", "-1", "doctor"])
    }
  }

  // MARK: Help and version

  @Test(
    arguments: [
      ([], HelpTopic.command([])),
      (["--help"], .command([])),
      (["-h"], .command([])),
      (["--db", "x.db", "--help"], .command([])),
      (["show", "--help"], .command(["show"])),
      (["show", "orders", "--limit", "abc", "-h"], .command(["show"])),
      (["show", "--help", "--limit"], .command(["show"])),
      (["add", "--help"], .command(["add"])),
      (["add", "orders", "--help"], .command(["add", "orders"])),
      (["add", "orders", "--number", "-h"], .command(["add", "orders"])),
      (["--account", "add", "add", "favorites", "-h"], .command(["add", "favorites"])),
      (["help", "--help"], .command(["help"])),
      (["help"], .command([])),
      (["help", "show"], .command(["show"])),
      (["help", "add"], .command(["add"])),
      (["help", "add", "orders"], .command(["add", "orders"])),
      (["help", "exit-codes"], .exitCodes),
    ] as [([String], HelpTopic)])
  func helpIsFoundFromAnyPosition(words: [String], topic: HelpTopic) throws {
    let words = words.isEmpty ? ["help"] : words
    #expect(try helpTopic(words) == topic)
  }

  @Test func helpAfterDoubleDashIsAValue() throws {
    #expect(try command(["import", "orders", "--", "--help"]).value(ImportSpec.file) == "--help")
  }

  @Test(arguments: [["--version"], ["show", "orders", "--version"], ["--version", "bogus"]])
  func versionIsFoundAnywhere(_ words: [String]) throws {
    guard case .version = try parser.parse(words) else {
      Issue.record("not a version request")
      return
    }
  }
}
