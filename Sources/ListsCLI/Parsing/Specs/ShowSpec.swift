import CLISupport
import ListStore

/// `lists show LIST [--limit N] [--after CURSOR | --before CURSOR] [--all] [--json] [--events]
/// [--search TEXT] [--where FIELD=VALUE ...]`.
package enum ShowSpec {
  /// The list to show.
  package static let list = Argument<KindName>("list", help: "The list to show.")
  /// `--limit N`, 1...500, default 20.
  package static let limit = Option<Int>(
    "--limit", placeholder: "n", help: "Items per page.", range: 1...500, default: 20)
  /// `--after CURSOR`.
  package static let after = Option<String>(
    "--after", placeholder: "cursor",
    help: "Start after this cursor: the next_cursor of the previous page.")
  /// `--before CURSOR`.
  package static let before = Option<String>(
    "--before", placeholder: "cursor",
    help: "End right before this cursor: the previous_cursor of the next page.")
  /// `--all`.
  package static let all = Flag("--all", help: "Show every page, not only one.")
  /// `--json`.
  package static let json = Flag(
    "--json", help: "Print one JSON object instead of the table or placeholder.")
  /// `--events`.
  package static let events = Flag(
    "--events", help: "Write the loader's transitions to stderr, one JSON object a line.")

  /// `--max-age DURATION`, for a kind with a remote.
  package static let maxAge = Option<String>(
    "--max-age", placeholder: "age",
    help: "For a kind with a remote: refresh first when the cache is older than this (90s, 5m, 2h, 0).",
    default: "5m")
  /// `--offline`.
  package static let offline = Flag("--offline", help: "For a kind with a remote: never touch the network.")
  /// `--search TEXT`: full-text search over the kind's search fields.
  package static let search = Option<String>(
    "--search", placeholder: "text",
    help: "Only the items whose search fields have these words (the last one as a prefix).",
    allowsEmpty: true)
  /// `--where FIELD=VALUE`, repeatable.
  package static let filter = Option<String>(
    "--where", placeholder: "field=value",
    help: "Only the items whose field matches: FIELD=VALUE, or FIELD>=VALUE, FIELD<VALUE, ... "
      + "for integer, money (20.00 EUR), timestamp and date fields. Repeatable.",
    isRepeatable: true)

  /// The command.
  package static let command = CommandSpec(
    name: "show", abstract: "Shows one page of a list as a table, or its placeholder.",
    discussion: "Pages end with a cursor; pass it to --after for the next page, or a page's "
      + "previous cursor to --before for the page before it. Scripts should use --json or "
      + "export: the table is for people.",
    id: .show, arguments: [list.spec],
    options: [
      limit.spec, after.spec, before.spec, all.spec, json.spec, events.spec, search.spec, filter.spec, maxAge.spec,
      offline.spec,
    ])
}
