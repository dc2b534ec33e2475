import CLISupport
import Testing

@testable import ListsCLI

@Suite struct HelpRendererTests {
  static let globalOptions = """
    GLOBAL OPTIONS:
      --db <path>          The database file; its folder is created on first write.
                           (default: $LISTS_DB, else $XDG_DATA_HOME/lists/lists.db,
                           else ~/.local/share/lists/lists.db)
      --account <name>     The account whose lists to use; accounts never see each
                           other's items. (default: $LISTS_ACCOUNT, else default)
      --busy-timeout <ms>  How long to wait for another process's lock before
                           failing as busy, in milliseconds. (default: 5000)
      --no-color           Never use color or styles (neither does a set NO_COLOR).

    """

  @Test func showPage() {
    let expected = """
      OVERVIEW: Shows one page of a list as a table, or its placeholder.

      Pages end with a cursor; pass it to --after for the next page, or a page's
      previous cursor to --before for the page before it. Scripts should use --json or
      export: the table is for people.

      USAGE: lists show <list> [--limit <n>] [--after <cursor>] [--before <cursor>]
                        [--all] [--json] [--events] [--search <text>]
                        [--where <field=value> ...] [--max-age <age>] [--offline]

      ARGUMENTS:
        <list>                 The list to show. (one of: favorites, addresses,
                               orders)

      OPTIONS:
        --limit <n>            Items per page. (default: 20, 1...500)
        --after <cursor>       Start after this cursor: the next_cursor of the
                               previous page.
        --before <cursor>      End right before this cursor: the previous_cursor of
                               the next page.
        --all                  Show every page, not only one.
        --json                 Print one JSON object instead of the table or
                               placeholder.
        --events               Write the loader's transitions to stderr, one JSON
                               object a line.
        --search <text>        Only the items whose search fields have these words
                               (the last one as a prefix).
        --where <field=value>  Only the items whose field matches: FIELD=VALUE, or
                               FIELD>=VALUE, FIELD<VALUE, ... for integer, money
                               (20.00 EUR), timestamp and date fields. Repeatable.
        --max-age <age>        For a kind with a remote: refresh first when the cache
                               is older than this (90s, 5m, 2h, 0). (default: 5m)
        --offline              For a kind with a remote: never touch the network.
        -h, --help             Show help information.

      GLOBAL OPTIONS:
        --db <path>            The database file; its folder is created on first
                               write. (default: $LISTS_DB, else
                               $XDG_DATA_HOME/lists/lists.db, else
                               ~/.local/share/lists/lists.db)
        --account <name>       The account whose lists to use; accounts never see each
                               other's items. (default: $LISTS_ACCOUNT, else default)
        --busy-timeout <ms>    How long to wait for another process's lock before
                               failing as busy, in milliseconds. (default: 5000)
        --no-color             Never use color or styles (neither does a set
                               NO_COLOR).

      """
    #expect(HelpRenderer.render(.command(["show"]), width: 80) == expected)
  }

  @Test func addOrdersPage() {
    let expected = """
      OVERVIEW: Adds an order.

      USAGE: lists add orders --number <number> --total <amount> --currency <code>
                              [--status <status>] [--placed-at <iso8601>]

      OPTIONS:
        --number <number>      The order number, unique in the account.
        --total <amount>       The total as an exact decimal, e.g. 19.99; no more
                               decimals than the currency has.
        --currency <code>      ISO 4217 currency code, e.g. EUR.
        --status <status>      Where the order is. (default: pending; one of: pending,
                               paid, shipped, delivered, cancelled, refunded)
        --placed-at <iso8601>  When it was placed, ISO 8601, e.g.
                               2026-11-30T13:40:00Z. (default: now)
        -h, --help             Show help information.

      GLOBAL OPTIONS:
        --db <path>            The database file; its folder is created on first
                               write. (default: $LISTS_DB, else
                               $XDG_DATA_HOME/lists/lists.db, else
                               ~/.local/share/lists/lists.db)
        --account <name>       The account whose lists to use; accounts never see each
                               other's items. (default: $LISTS_ACCOUNT, else default)
        --busy-timeout <ms>    How long to wait for another process's lock before
                               failing as busy, in milliseconds. (default: 5000)
        --no-color             Never use color or styles (neither does a set
                               NO_COLOR).

      """
    #expect(HelpRenderer.render(.command(["add", "orders"]), width: 80) == expected)
  }

  @Test func rootPageListsSubcommandsAndVersion() {
    let page = HelpRenderer.render(.command([]), width: 80)
    #expect(
      page.hasPrefix(
        """
        OVERVIEW: Keeps your lists — favorites, addresses, orders — in one SQLite file.

        With no command, prints every list with its count, or its empty placeholder
        title.

        USAGE: lists [--db <path>] [--account <name>] [--busy-timeout <ms>] [--no-color]
                     [<command>]

        OPTIONS:
          -h, --help           Show help information.
          --version            Show the version.

        GLOBAL OPTIONS:

        """))
    #expect(
      page.contains(
        """
        SUBCOMMANDS:
          show                 Shows one page of a list as a table, or its placeholder.
          add                  Adds an item to a list.
        """))
    #expect(
      page.hasSuffix(
        """
          help                 Shows help for a command, or the exit codes.

        See 'lists help <command>' for detailed help.
        See 'lists help exit-codes' for exit codes.

        """))
  }

  @Test func addPageListsTheLists() {
    let page = HelpRenderer.render(.command(["add"]), width: 80)
    #expect(
      page.hasPrefix("OVERVIEW: Adds an item to a list.\n\nUSAGE: lists add <list> [<options>]\n"))
    #expect(
      page.contains(
        """
        SUBCOMMANDS:
          favorites            Adds a favorite; favoriting the same ref again changes
                               nothing and succeeds.
          addresses            Adds a shipping address.
          orders               Adds an order.

        See 'lists help add <list>' for detailed help.

        """))
  }

  @Test func exitCodesPage() {
    let expected = """
      OVERVIEW: How lists exits, with the sysexits(3) codes scripts can test.

      EXIT CODES:
        0   Success, an empty list included.
        64  Usage error: unknown command, list, flag or cursor; missing argument.
        65  Bad data: invalid value, bad import line, duplicate order number.
        66  Input file missing or unreadable.
        69  Sync: the remote is unreachable (refused connection, unknown host).
        73  The database file cannot be created.
        74  I/O error: disk full, not a database, corrupt file, another program's
            database.
        75  Busy or locked past the busy timeout, or a remote's timeout, 5xx or 429;
            trying again may succeed.
        76  Sync: the remote broke the protocol (bad JSON, missing field, 4xx).
        77  Sync: the remote refused the request (401, 403).
        78  The database's schema is newer than this build of lists.
        70  Internal error (a bug in lists).

      """
    #expect(HelpRenderer.render(.exitCodes, width: 80) == expected)
  }

  @Test func narrowTerminalsPutDescriptionsUnderLabels() {
    let page = HelpRenderer.render(.command(["show"]), width: 40)
    #expect(
      page.contains(
        """
        OPTIONS:
          --limit <n>
              Items per page. (default: 20,
              1...500)
        """))
  }

  static let allPaths: [[String]] =
    [[]]
    + CommandTree.root.subcommands.flatMap { command in
      [[command.name]] + command.subcommands.map { [command.name, $0.name] }
    }

  @Test(arguments: [40, 80, 120])
  func everyPageFitsItsWidth(width: Int) {
    for path in Self.allPaths {
      let page = HelpRenderer.render(.command(path), width: width)
      for line in page.split(separator: "\n") {
        #expect(DisplayWidth.of(String(line)) <= width, "\(path) at \(width): \(line)")
        #expect(!line.hasSuffix(" "), "\(path): trailing space in '\(line)'")
      }
    }
  }

  @Test func usageLinesAreOneLine() {
    #expect(HelpRenderer.usageLine(for: ["remove"]) == "lists remove <list> <id> ...")
    #expect(HelpRenderer.usageLine(for: ["clear"]) == "lists clear <list> [--yes]")
    #expect(
      HelpRenderer.usageLine(for: ["import"]) == "lists import <list> <file> [--format <format>] [--raw] [--update-by <fields>]")
    #expect(HelpRenderer.usageLine(for: ["seed"]) == "lists seed [--count <n>]")
    #expect(HelpRenderer.usageLine(for: ["watch"]) == "lists watch <list> [--json] [--search <text>] [--where <field=value> ...]")
    #expect(
      HelpRenderer.usageLine(for: ["add", "addresses"])
        == "lists add addresses --label <label> --recipient <name> --line1 <text> "
        + "[--line2 <text>] --city <city> [--region <region>] --postal-code <code> "
        + "--country <code> [--phone <phone>] [--default]")
  }

  @Test func versionIsDefinedOnce() {
    #expect(ListsVersion.versionLine == "lists " + ListsVersion.current)
  }
}
