import CLISupport

/// The options every command accepts — `--db`, `--account`, `--busy-timeout`, `--no-color` —
/// as given, with their documented defaults resolved on demand.
///
/// They may appear before the command, after it, or among its arguments.
package struct GlobalOptions: Sendable, Equatable {
  /// The default of ``busyTimeoutMilliseconds``.
  package static let defaultBusyTimeout = 5000
  /// The default of ``account(in:)`` when `LISTS_ACCOUNT` is unset.
  package static let defaultAccount = "default"

  /// `--db PATH`, when given.
  package var database: String?
  /// `--account NAME`, when given.
  package var accountName: String?
  /// `--busy-timeout MS`, when given.
  package var busyTimeout: Int?
  /// Whether `--no-color` was given.
  package var noColor: Bool

  /// Creates options as given on a command line.
  package init(
    database: String? = nil, accountName: String? = nil, busyTimeout: Int? = nil,
    noColor: Bool = false
  ) {
    self.database = database
    self.accountName = accountName
    self.busyTimeout = busyTimeout
    self.noColor = noColor
  }

  /// The options given as raw values by name, as ``ParsedCommand/globalValues`` holds them
  /// (the parser checked each against its ``GlobalSpec`` declaration).
  package init(values: [String: [String]]) {
    self.init(
      database: values[GlobalSpec.database.spec.name]?.last,
      accountName: values[GlobalSpec.account.spec.name]?.last,
      busyTimeout: values[GlobalSpec.busyTimeout.spec.name]?.last.flatMap { Int($0) },
      noColor: values[GlobalSpec.noColor.spec.name] != nil)
  }

  /// The database file: `--db`, else `$LISTS_DB`, else `$XDG_DATA_HOME/lists/lists.db`, else
  /// `~/.local/share/lists/lists.db`; nil when no home folder can be found.
  ///
  /// Empty variables count as unset. `XDG_DATA_HOME` must be absolute, as the XDG Base
  /// Directory specification requires; a relative value is ignored. The home folder is
  /// `$HOME`, else the user's entry in the password database.
  package func databasePath(
    in environment: Environment,
    homeFallback: () -> String? = GlobalOptions.homeFromPasswordDatabase
  ) -> String? {
    if let database { return database }
    if let path = environment.nonEmpty("LISTS_DB") { return path }
    if let data = environment.nonEmpty("XDG_DATA_HOME"), data.utf8.first == UInt8(ascii: "/") {
      return joined(data, "lists/lists.db")
    }
    guard let home = environment.nonEmpty("HOME") ?? homeFallback() else { return nil }
    return joined(home, ".local/share/lists/lists.db")
  }

  /// The variables ``databasePath(in:homeFallback:)`` and ``account(in:)`` read, given what is
  /// set: the text they take from the environment must be checked as UTF-8.
  package func variablesRead(in environment: Environment) -> [String] {
    var names = accountName == nil ? ["LISTS_ACCOUNT"] : []
    guard database == nil else { return names }
    names.append("LISTS_DB")
    if environment.nonEmpty("LISTS_DB") != nil { return names }
    names.append("XDG_DATA_HOME")
    if let data = environment.nonEmpty("XDG_DATA_HOME"), data.utf8.first == UInt8(ascii: "/") { return names }
    return names + ["HOME"]
  }

  /// The account: `--account`, else `$LISTS_ACCOUNT` (when not empty), else `default`.
  package func account(in environment: Environment) -> String {
    accountName ?? environment.nonEmpty("LISTS_ACCOUNT") ?? Self.defaultAccount
  }

  /// How long to wait for another process's lock, in milliseconds: `--busy-timeout` or 5000.
  package var busyTimeoutMilliseconds: Int {
    busyTimeout ?? Self.defaultBusyTimeout
  }

  /// The current user's home folder from the password database (`getpwuid_r(3)`), or nil.
  package static func homeFromPasswordDatabase() -> String? {
    System.homeFromPasswordDatabase()
  }

  private func joined(_ folder: String, _ rest: String) -> String {
    folder.utf8.last == UInt8(ascii: "/") ? folder + rest : folder + "/" + rest
  }
}
