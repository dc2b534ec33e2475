import CLISupport
import ListStore
import TextFormats

/// What every command runs with: the resolved global options, the two output streams and how
/// to style them.
package final class Context {
  /// The parsed global options.
  package let globals: GlobalOptions
  /// The environment the defaults were read from.
  package let environment: Environment
  /// Data: tables, placeholders, JSON, exports.
  package let stdout: OutputWriter
  /// Progress, spinners, events and diagnostics.
  package let stderr: OutputWriter
  /// The database file this invocation works on.
  package let databasePath: String
  /// The account whose lists this invocation sees.
  package let account: String

  /// Creates the context of one invocation.
  /// - Throws: ``CLIError`` when no database path can be found (no home folder).
  /// The kinds the command line was parsed with: the built-in ones, or the file's when it
  /// named another.
  package let kinds: [KindDefinition]

  package init(
    globals: GlobalOptions, environment: Environment, stdout: OutputWriter, stderr: OutputWriter,
    kinds: [KindDefinition] = KindDefinition.builtIns
  ) throws(CLIError) {
    self.kinds = kinds
    self.globals = globals
    self.environment = environment
    self.stdout = stdout
    self.stderr = stderr
    if let invalid = environment.invalidText(among: globals.variablesRead(in: environment)) {
      throw .other(invalid.message, .usage)
    }
    guard let path = globals.databasePath(in: environment) else {
      throw .other(
        "No database path: set --db or LISTS_DB (no home folder was found).", .cantCreate)
    }
    self.databasePath = path
    self.account = globals.account(in: environment)
  }

  /// Whether stdout is a terminal.
  package lazy var stdoutIsTerminal = Terminal.isTerminal(stdout.fileDescriptor)
  /// Whether stderr is a terminal.
  package lazy var stderrIsTerminal = Terminal.isTerminal(stderr.fileDescriptor)
  /// Styling for what goes to stdout.
  package lazy var stdoutStyle = Terminal.style(
    for: stdout.fileDescriptor, environment: environment, noColorFlag: globals.noColor)
  /// Styling for what goes to stderr.
  package lazy var stderrStyle = Terminal.style(
    for: stderr.fileDescriptor, environment: environment, noColorFlag: globals.noColor)
  /// The width tables and placeholders fit: `COLUMNS`, the terminal's, or 80.
  package lazy var width = Terminal.width(of: stdout.fileDescriptor, environment: environment)

  private var configuration: ListsDatabase.Configuration {
    ListsDatabase.Configuration(
      busyTimeoutMilliseconds: Int32(clamping: globals.busyTimeoutMilliseconds))
  }

  /// Opens the database for a command that writes: the folder and the file are created when
  /// missing.
  package func openForWriting() throws(CLIError) -> ListsDatabase {
    try createFolder(of: databasePath)
    return try open()
  }

  /// Opens (creating when needed) the database in a folder that exists.
  private func open() throws(CLIError) -> ListsDatabase {
    do {
      return try ListsDatabase(path: databasePath, configuration: configuration)
    } catch {
      throw .store(error)
    }
  }

  /// Runs a command that writes: opens (creating when needed) the database and runs `body`.
  ///
  /// A command that fails leaves the file it created, and the folders it made, in place: an
  /// empty, initialized database. Removing them is never safe. Another process may have opened
  /// the same new file a moment earlier and be waiting for its lock; once the path is unlinked,
  /// that process commits into a file nobody can find again and reports a write that is lost.
  /// No lock can prevent that, since a lock lives on the file that is being removed. Everything
  /// a command can check without the file (flags, values, the input file) is checked before it
  /// is opened, so most rejected commands still create nothing.
  package func writing<T>(_ body: (ListsDatabase) throws(CLIError) -> T) throws(CLIError) -> T {
    try createFolder(of: databasePath)
    return try body(open())
  }

  /// Opens the database for a command that reads, or that only removes. A missing or zero-byte
  /// file is an empty database, and nothing is created or written: such a command never leaves
  /// files behind.
  /// The words of the command being run (`["show"]`), for the usage line of its errors.
  package var commandPath: [String] = []

  /// The items of the list named `list` of the command's account in `database`.
  /// - Throws: the usage error of an unknown list (``unknownList(_:in:)``), or the store's.
  package func items(of list: KindName, in database: ListsDatabase) throws(CLIError) -> KindItems {
    try items(named: list.rawValue, in: database)
  }

  /// The items of the list named `name`; see ``items(of:in:)``.
  package func items(named name: String, in database: ListsDatabase) throws(CLIError) -> KindItems {
    do {
      return try database.items(of: name, account: account)
    } catch {
      throw failure(error, list: name, in: database)
    }
  }

  /// What a store error of a command naming `list` is: for a kind the file does not hold, the
  /// parser's `Unknown list 'bookz'. Did you mean 'books'?` with the file's kinds; else itself.
  package func failure(_ error: ListStoreError, list: String, in database: ListsDatabase) -> CLIError {
    Self.failure(error, list: list, in: database, commandPath: commandPath)
  }

  /// ``failure(_:list:in:)`` of the command at `commandPath`, for code that runs off the
  /// context (watch's task).
  package static func failure(
    _ error: ListStoreError, list: String, in database: ListsDatabase, commandPath: [String]
  ) -> CLIError {
    guard case .unknownKind = error else { return .store(error) }
    let names = (try? database.kinds().map(\.definition.name)) ?? KindDefinition.builtIns.map(\.name)
    return .usage(
      UsageError(
        .unknownValue(list, noun: "list", choices: names), commandPath: commandPath,
        suggestion: NearMiss.suggestion(for: list, among: names)))
  }

  package func openForReading() throws(CLIError) -> ListsDatabase {
    do {
      return try readingOpener()()
    } catch {
      throw .store(error)
    }
  }

  /// ``openForReading()`` as a function that can run later on any thread: `show` and `watch`
  /// open the file inside the loader's first page, so that a busy or broken file is an error
  /// state like any other failed load.
  package func readingOpener() -> @Sendable () throws(ListStoreError) -> ListsDatabase {
    let path = databasePath
    var configuration = configuration
    configuration.createIfMissing = false
    let existing = configuration
    return { () throws(ListStoreError) in
      if Self.isNewDatabase(path) {
        return try ListsDatabase.inMemory(configuration: existing)
      }
      return try ListsDatabase(path: path, configuration: existing)
    }
  }

  /// Whether `path` is a new, empty database: no file, or a zero-byte one. A command that only
  /// reads sees such a database as empty without creating or initializing the file.
  package static func isNewDatabase(_ path: String) -> Bool {
    switch System.status(ofPath: path) {
    case .missing, .file(size: 0): true
    case .file, .other: false
    }
  }

  /// `mkdir -p` of the folder holding `path`. The folders it makes are private (`0700`, see
  /// ``PrivateFile``); folders that exist keep their mode.
  private func createFolder(of path: String) throws(CLIError) {
    let bytes = Array(path.utf8)
    for index in bytes.indices where bytes[index] == UInt8(ascii: "/") && index > 0 {
      let folder = String(decoding: bytes[..<index], as: UTF8.self)
      let failure = PrivateFile.createFolder(at: folder)
      if failure != 0 && !System.isAlreadyExists(failure) {
        let reason = System.describe(failure)
        throw .store(.cannotCreate(path: path, reason: "cannot create the folder \(folder): \(reason)"))
      }
    }
  }

  /// The command that repeats this invocation's global options that were given explicitly,
  /// e.g. `lists --db x.db show orders --after …`, so printed hints run as they are.
  package func command(_ words: String...) -> String {
    command(words)
  }

  /// ``command(_:)-(String...)`` with the words in an array.
  package func command(_ words: [String]) -> String {
    renderSettings.command(words)
  }

  /// The style, width and hint prefix of stdout, as a value for any task.
  package var renderSettings: RenderSettings {
    var prefix = ["lists"]
    if let database = globals.database { prefix += ["--db", Self.shellQuoted(database)] }
    if let account = globals.accountName { prefix += ["--account", Self.shellQuoted(account)] }
    return RenderSettings(style: stdoutStyle, width: width, commandPrefix: prefix)
  }

  /// `word` quoted for a POSIX shell when it needs it.
  package static func shellQuoted(_ word: String) -> String {
    let safe = word.utf8.allSatisfy { byte in
      (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
        || "-_./:@%+=,".utf8.contains(byte)
    }
    if safe && !word.isEmpty { return word }
    var quoted = "'"
    for character in word { quoted += character == "'" ? "'\\''" : String(character) }
    return quoted + "'"
  }
}
