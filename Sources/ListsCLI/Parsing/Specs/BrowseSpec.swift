import CLISupport
import ListStore

/// `lists browse KIND [--limit N] [--at ID]`.
package enum BrowseSpec {
  /// The kind to browse, any kind the file holds.
  package static let kind = Argument<KindName>("list", help: "The list to browse: any kind the file holds.")
  /// `--limit N`, 1...500, default 50.
  package static let limit = Option<Int>(
    "--limit", placeholder: "n", help: "Items per page loaded.", range: 1...500, default: 50)
  /// `--at ID`.
  package static let at = Option<Int>(
    "--at", placeholder: "id", help: "Open the view at the item with this id.", range: 1...Int.max)

  /// The command.
  package static let command = CommandSpec(
    name: "browse", abstract: "Browses a list full-screen on a terminal.",
    discussion: "Arrows or j/k move, PgUp/PgDn and g/G jump; pages load as the view reaches "
      + "them, both ways from the item given to --at. / searches, Esc clears the search, r "
      + "retries a page that failed, R refreshes, q or Ctrl-C quits. Writes by other processes "
      + "show up as they happen. Needs a terminal on stdin and stdout (exit 64 otherwise).",
    id: .browse, arguments: [kind.spec], options: [limit.spec, at.spec])
}
