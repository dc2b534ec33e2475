import CLISupport

/// The global options, accepted by every command anywhere before `--`.
package enum GlobalSpec {
  /// `--db PATH`.
  package static let database = Option<String>(
    "--db", placeholder: "path", help: "The database file; its folder is created on first write.",
    defaultDescription:
      "$LISTS_DB, else $XDG_DATA_HOME/lists/lists.db, else ~/.local/share/lists/lists.db",
    completion: .files)
  /// `--account NAME`.
  package static let account = Option<String>(
    "--account", placeholder: "name",
    help: "The account whose lists to use; accounts never see each other's items.",
    defaultDescription: "$LISTS_ACCOUNT, else default")
  /// `--busy-timeout MS`.
  package static let busyTimeout = Option<Int>(
    "--busy-timeout", placeholder: "ms",
    help: "How long to wait for another process's lock before failing as busy, in milliseconds.",
    range: 0...Int(Int32.max), default: GlobalOptions.defaultBusyTimeout)
  /// `--no-color`.
  package static let noColor = Flag(
    "--no-color", help: "Never use color or styles (neither does a set NO_COLOR).")

  /// Every global option, in the order help shows them.
  package static let all = [database.spec, account.spec, busyTimeout.spec, noColor.spec]
}
