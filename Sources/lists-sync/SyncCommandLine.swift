import CLISupport

/// The command line of `lists-sync` as data, read by the shared ``CommandLineParser``:
/// `--db PATH [--account NAME] [--busy-timeout MS] [--no-color] [--all] [--continue] [--limit N]
/// [--quiet] [--watch] KIND URL`, in any order.
///
/// `lists` writes the line (`SyncCommand.runChild`), not people: it has no help, and anything it
/// would never write is refused with one line that says to run `lists sync`.
enum SyncCommandLine {
  /// `--db PATH`: the database file of the invocation.
  static let database = Option<String>(
    "--db", placeholder: "path", help: "The database file.", isRequired: true, completion: .files)
  /// `--account NAME`: the account whose kind is synced.
  static let account = Option<String>(
    "--account", placeholder: "name", help: "The account whose kind to sync.", default: "default",
    allowsEmpty: true)
  /// `--busy-timeout MS`: how long to wait for another process's lock.
  static let busyTimeout = Option<Int>(
    "--busy-timeout", placeholder: "ms", help: "How long to wait for another process's lock, in milliseconds.",
    range: 0...Int(Int32.max), default: 5000)
  /// `--no-color`: accepted, as `lists` passes it on; the child writes no styles.
  static let noColor = Flag("--no-color", help: "Never use color or styles.")
  /// `--all`: every page, not only the first.
  static let all = Flag("--all", help: "Fetch every page.")
  /// `--continue`: from where the last sync stopped.
  static let resume = Flag("--continue", help: "Continue from where the last sync stopped.")
  /// `--limit N`: items a page.
  static let limit = Option<Int>(
    "--limit", placeholder: "n", help: "Items a page.", range: 1...500, default: 100)
  /// `--quiet`: no output; the outcome is in the sync state (a stale `show`).
  static let quiet = Flag("--quiet", help: "Print nothing; the outcome is in the sync state.")
  /// `--watch`: keep the kind in step until a signal.
  static let watch = Flag("--watch", help: "Keep the kind in step until stopped.")
  /// `KIND`: the kind synced.
  static let kind = Argument<String>("kind", help: "The kind to sync.", allowsEmpty: true)
  /// `URL`: the remote's URL.
  static let url = Argument<String>("url", help: "The remote's URL.", allowsEmpty: true)

  /// The one command, `lists-sync` itself.
  static let root = CommandSpec(
    name: "lists-sync", abstract: "Syncs a kind with its remote; started by lists sync.", id: CommandID("lists-sync"),
    arguments: [kind.spec, url.spec],
    options: [
      database.spec, account.spec, busyTimeout.spec, noColor.spec, all.spec, resume.spec, limit.spec, quiet.spec,
      watch.spec,
    ])

  /// The parser: no global options, no help command, no `--version`.
  static let parser = CommandLineParser(root: root, globalOptions: [], help: nil)

  /// The command `arguments` (without the program name) ask for, or nil for any line `lists`
  /// never writes: a usage error, or `-h`/`--help`.
  static func parse(_ arguments: [String]) -> ParsedCommand? {
    guard case .run(let parsed)? = try? parser.parse(arguments) else { return nil }
    return parsed
  }
}
