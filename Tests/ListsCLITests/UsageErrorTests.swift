import CLISupport
import Testing

@testable import ListsCLI

/// Every kind of usage error, from the command line to the exact three lines on stderr.
@Suite struct UsageErrorTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let words: [String]
    let kind: UsageError.Kind
    let rendered: String
    var testDescription: String { "lists " + words.joined(separator: " ") }
  }

  static let rootUsage =
    "Usage: lists [--db <path>] [--account <name>] [--busy-timeout <ms>] [--no-color] [<command>]"
  static let showUsage =
    "Usage: lists show <list> [--limit <n>] [--after <cursor>] [--before <cursor>] [--all] [--json] [--events] "
    + "[--search <text>] [--where <field=value> ...] [--max-age <age>] [--offline]"
  static let ordersUsage =
    "Usage: lists add orders --number <number> --total <amount> --currency <code> "
    + "[--status <status>] [--placed-at <iso8601>]"
  static let favoritesUsage =
    "Usage: lists add favorites --ref <ref> --title <title> [--note <text>]"
  static let lists = ["favorites", "addresses", "orders"]
  static let statuses = ["pending", "paid", "shipped", "delivered", "cancelled", "refunded"]

  static let cases: [Case] = [
    Case(
      words: ["shw"], kind: .unknownCommand("shw"),
      rendered: """
        Error: Unknown command 'shw'. Did you mean 'show'?
        \(rootUsage)
        See 'lists --help'.

        """),
    Case(
      words: ["frobnicate"], kind: .unknownCommand("frobnicate"),
      rendered: """
        Error: Unknown command 'frobnicate'.
        \(rootUsage)
        See 'lists --help'.

        """),
    Case(
      words: ["show", "orderz"], kind: .unknownValue("orderz", noun: "list", choices: lists),
      rendered: """
        Error: Unknown list 'orderz'. Did you mean 'orders'?
        \(showUsage)
        See 'lists show --help'.

        """),
    Case(
      words: ["show", "books"], kind: .unknownValue("books", noun: "list", choices: lists),
      rendered: """
        Error: Unknown list 'books'. Expected one of: favorites, addresses, orders.
        \(showUsage)
        See 'lists show --help'.

        """),
    Case(
      words: ["add", "favourites"],
      kind: .unknownValue("favourites", noun: "list", choices: lists),
      rendered: """
        Error: Unknown list 'favourites'. Did you mean 'favorites'?
        Usage: lists add <list> [<options>]
        See 'lists add --help'.

        """),
    Case(
      words: ["show", "orders", "--limt", "5"], kind: .unknownOption("--limt"),
      rendered: """
        Error: Unknown option '--limt'. Did you mean '--limit'?
        \(showUsage)
        See 'lists show --help'.

        """),
    Case(
      words: ["--verison"], kind: .unknownOption("--verison"),
      rendered: """
        Error: Unknown option '--verison'. Did you mean '--version'?
        \(rootUsage)
        See 'lists --help'.

        """),
    Case(
      words: ["doctor", "-x"], kind: .unknownOption("-x"),
      rendered: """
        Error: Unknown option '-x'.
        Usage: lists doctor [--repair]
        See 'lists doctor --help'.

        """),
    Case(
      words: ["export", "orders", "--format", "xml"],
      kind: .invalidChoice("xml", option: "--format", choices: ["ndjson", "csv"]),
      rendered: """
        Error: Invalid value 'xml' for '--format'. Expected one of: ndjson, csv.
        Usage: lists export <list> [--format <format>] [--raw]
        See 'lists export --help'.

        """),
    Case(
      words: [
        "add", "orders", "--number", "A-1", "--total", "1", "--currency", "EUR", "--status",
        "payed",
      ],
      kind: .invalidChoice("payed", option: "--status", choices: statuses),
      rendered: """
        Error: Invalid value 'payed' for '--status'. Did you mean 'paid'?
        \(ordersUsage)
        See 'lists add orders --help'.

        """),
    Case(
      words: ["show"], kind: .missingArgument("list", choices: lists),
      rendered: """
        Error: Missing argument '<list>'. Expected one of: favorites, addresses, orders.
        \(showUsage)
        See 'lists show --help'.

        """),
    Case(
      words: ["add"], kind: .missingArgument("list", choices: lists),
      rendered: """
        Error: Missing argument '<list>'. Expected one of: favorites, addresses, orders.
        Usage: lists add <list> [<options>]
        See 'lists add --help'.

        """),
    Case(
      words: ["remove", "orders"], kind: .missingArgument("id", choices: nil),
      rendered: """
        Error: Missing argument '<id>'.
        Usage: lists remove <list> <id> ...
        See 'lists remove --help'.

        """),
    Case(
      words: ["add", "orders", "--number", "A-1", "--currency", "EUR"],
      kind: .missingOption("--total <amount>"),
      rendered: """
        Error: Missing required option '--total <amount>'.
        \(ordersUsage)
        See 'lists add orders --help'.

        """),
    Case(
      words: ["show", "orders", "--limit"], kind: .missingValue("--limit <n>"),
      rendered: """
        Error: Missing value for '--limit <n>'.
        \(showUsage)
        See 'lists show --help'.

        """),
    Case(
      words: ["add", "favorites", "--ref", "--title", "Mug"], kind: .missingValue("--ref <ref>"),
      rendered: """
        Error: Missing value for '--ref <ref>'.
        \(favoritesUsage)
        See 'lists add favorites --help'.

        """),
    Case(
      words: ["doctor", "now"], kind: .unexpectedArgument("now"),
      rendered: """
        Error: Unexpected argument 'now'.
        Usage: lists doctor [--repair]
        See 'lists doctor --help'.

        """),
    Case(
      words: ["show", "orders", "--limit", "5", "--limit=6"], kind: .repeatedOption("--limit"),
      rendered: """
        Error: Option '--limit' was given more than once.
        \(showUsage)
        See 'lists show --help'.

        """),
    Case(
      words: ["show", "orders", "--json", "--json"], kind: .repeatedOption("--json"),
      rendered: """
        Error: Option '--json' was given more than once.
        \(showUsage)
        See 'lists show --help'.

        """),
    Case(
      words: ["--db", "a.db", "show", "orders", "--db", "b.db"], kind: .repeatedOption("--db"),
      rendered: """
        Error: Option '--db' was given more than once.
        \(showUsage)
        See 'lists show --help'.

        """),
    Case(
      words: ["show", "orders", "--all=yes"], kind: .flagWithValue("--all"),
      rendered: """
        Error: Flag '--all' does not take a value.
        \(showUsage)
        See 'lists show --help'.

        """),
    Case(
      words: ["show", "orders", "--limit", "ten"], kind: .notAnInteger("ten", name: "--limit"),
      rendered: """
        Error: Invalid value 'ten' for '--limit': not an integer.
        \(showUsage)
        See 'lists show --help'.

        """),
    Case(
      words: ["show", "orders", "--limit", "501"],
      kind: .outOfRange("501", name: "--limit", range: 1...500),
      rendered: """
        Error: Invalid value '501' for '--limit': must be between 1 and 500.
        \(showUsage)
        See 'lists show --help'.

        """),
    Case(
      words: ["show", "orders", "--limit=0"],
      kind: .outOfRange("0", name: "--limit", range: 1...500),
      rendered: """
        Error: Invalid value '0' for '--limit': must be between 1 and 500.
        \(showUsage)
        See 'lists show --help'.

        """),
    Case(
      words: ["show", "orders", "--limit", "99999999999999999999"],
      kind: .outOfRange("99999999999999999999", name: "--limit", range: 1...500),
      rendered: """
        Error: Invalid value '99999999999999999999' for '--limit': must be between 1 and 500.
        \(showUsage)
        See 'lists show --help'.

        """),
    Case(
      words: ["remove", "orders", "2", "0"],
      kind: .outOfRange("0", name: "<id>", range: 1...Int.max),
      rendered: """
        Error: Invalid value '0' for '<id>': must be at least 1.
        Usage: lists remove <list> <id> ...
        See 'lists remove --help'.

        """),
    Case(
      words: ["add", "favorites", "--ref=", "--title", "Mug"], kind: .emptyValue(name: "--ref"),
      rendered: """
        Error: Invalid value '' for '--ref': must not be empty.
        \(favoritesUsage)
        See 'lists add favorites --help'.

        """),
    Case(
      words: ["help", "shw"], kind: .unknownCommand("shw"),
      rendered: """
        Error: Unknown command 'shw'. Did you mean 'show'?
        Usage: lists help [<topic> ...]
        See 'lists help --help'.

        """),
    Case(
      words: ["help", "exit-code"], kind: .unknownCommand("exit-code"),
      rendered: """
        Error: Unknown command 'exit-code'. Did you mean 'exit-codes'?
        Usage: lists help [<topic> ...]
        See 'lists help --help'.

        """),
    Case(
      words: ["help", "show", "orders"], kind: .unexpectedArgument("orders"),
      rendered: """
        Error: Unexpected argument 'orders'.
        Usage: lists help [<topic> ...]
        See 'lists help --help'.

        """),
    Case(
      words: ["show", "\u{1B}[2Jorders\u{202E}"],
      kind: .unknownValue("\u{1B}[2Jorders\u{202E}", noun: "list", choices: lists),
      rendered: """
        Error: Unknown list '\\u{1B}[2Jorders\\u{202E}'. Expected one of: favorites, addresses, \
        orders.
        \(showUsage)
        See 'lists show --help'.

        """),
    Case(
      words: ["show", "orderz", "--limit", "ten"],
      kind: .unknownValue("orderz", noun: "list", choices: lists),
      rendered: """
        Error: Unknown list 'orderz'. Did you mean 'orders'?
        \(showUsage)
        See 'lists show --help'.

        """),
  ]

  @Test(arguments: cases)
  func rendersThreeLines(_ testCase: Case) {
    do {
      let invocation = try CommandLineParser().parse(testCase.words)
      Issue.record("Parsed to \(invocation)")
    } catch {
      #expect(error.kind == testCase.kind)
      #expect(ErrorRenderer.render(error) == testCase.rendered)
    }
  }

  @Test(arguments: [
    ["add", "orders", "--number", "A-1", "--total", "1", "--currency", "EUR", "--status", "lost"],
    ["add", "favorites", "--ref", "", "--title", "Mug"],
    ["add", "addresses", "--label=", "--recipient", "R"],
  ])
  func aRejectedAddValueIsBadDataOnOneLine(_ words: [String]) {
    do {
      let invocation = try CommandLineParser().parse(words)
      Issue.record("Parsed to \(invocation)")
    } catch {
      #expect(error.isBadData)
      #expect(CLIError.usage(error).exitCode == .dataError)
      #expect(CLIError.usage(error).render(style: .plain) == "Error: \(error.description)\n")
    }
  }

  @Test(arguments: [
    ["show", "orders", "--limit", "0"], ["export", "orders", "--format", "xml"],
    ["--busy-timeout", "x", "add", "orders"], ["add", "orders", "--db="],
  ])
  func aRejectedCommandOptionStaysAUsageError(_ words: [String]) {
    do {
      let invocation = try CommandLineParser().parse(words)
      Issue.record("Parsed to \(invocation)")
    } catch {
      #expect(!error.isBadData)
      #expect(CLIError.usage(error).exitCode == .usage)
    }
  }

  @Test func errorPrefixIsStyledOnATerminal() {
    let error = UsageError(.unknownCommand("x"), commandPath: [])
    let rendered = ErrorRenderer.render(error, style: .ansi)
    #expect(
      rendered.hasPrefix("\u{1B}[1m\u{1B}[31mError:\u{1B}[0m\u{1B}[0m Unknown command 'x'.\n"))
  }

  @Test func otherErrorsTakeOneEscapedLine() {
    #expect(
      ErrorRenderer.render(message: "Cannot read 'a\nb.ndjson'.")
        == "Error: Cannot read 'a\\nb.ndjson'.\n")
  }
}
