import CLISupport
import TextFormats

/// The command line of `lists-bench`.
struct BenchOptions {
  /// Orders inserted and paged through (`--rows`).
  var rows = 200_000
  /// Orders in the big list that depth and count are measured on (`--big-rows`).
  var bigRows = 1_000_000
  /// Timed trials per phase; medians are reported (`--trials`).
  var trials = 5
  /// One JSON object instead of the table (`--json`).
  var json = false
  /// What times the in-process phases (`--clock`).
  var clock = Clock.cpu
  /// The phases to run (`--only`); all of them but `server` by default (it needs `wrk` and runs
  /// lists-server for about a minute: `--only server`). `server-postgres` is in the default set
  /// and skips itself, with a note, where PostgreSQL or `wrk` is not installed.
  var phases = Set(Phase.allCases).subtracting([.server])
  /// The `lists` executable the child-process phases run (`--lists`); by default the
  /// statically linked one next to the bench, built when missing. See ``CLIBinary``.
  var lists: String?

  /// A part of the run that can be run alone, e.g. under a profiler.
  enum Phase: String, CaseIterable {
    case insert, pages, dynamic, kindinsert, kindpages, update, sync, outbox, syncpages, loader, depth, count, shell, export,
      notify, readers, search, server, push
    case serverPostgres = "server-postgres"
  }

  // MARK: Command line

  /// `--rows <n>`.
  static let rowsOption = Option<Int>(
    "--rows", placeholder: "n",
    help: "Orders to insert and page through; server-postgres fills five times as many accounts.",
    range: 100...Int.max, default: 200_000)
  /// `--big-rows <n>`.
  static let bigRowsOption = Option<Int>(
    "--big-rows", placeholder: "n", help: "Orders in the list that depth and count are measured on.",
    range: 100...Int.max, default: 1_000_000)
  /// `--trials <n>`.
  static let trialsOption = Option<Int>(
    "--trials", placeholder: "n",
    help: "Timed trials per phase (the quick phases run at least 9 or 15); the median is reported.",
    range: 5...Int.max, default: 5)
  /// `--only <phases>`, checked after parsing (``phases(_:)``).
  static let onlyOption = Option<String>(
    "--only", placeholder: "phases", help: "Run only these phases, comma-separated, e.g. to profile them.",
    defaultDescription: "every phase but server: "
      + Phase.allCases.filter { $0 != .server }.map(\.rawValue).joined(separator: ", "))
  /// `--clock cpu|wall`.
  static let clockOption = Option<Clock>(
    "--clock", placeholder: "clock",
    help: "cpu: the bench thread's CPU time, steady on shared cores; wall: wall time, for a quiet machine. "
      + "Child processes always use wall time.",
    default: .cpu)
  /// `--lists <path>`, checked when a phase needs it (``CLIBinary``).
  static let listsOption = Option<String>(
    "--lists", placeholder: "path",
    help: "The lists executable the shell (show_cold_ratio) and export phases run.",
    defaultDescription: "the lists next to lists-bench when it is linked with --static-swift-stdlib; else one "
      + "built that way first, with LISTS_STATIC_STDLIB=1 swift build -c release --static-swift-stdlib --product lists",
    completion: .files)
  /// `--json`.
  static let jsonFlag = Flag("--json", help: "Print one JSON object instead of the table.")

  /// The command line of `lists-bench` as data; its help page and usage line come from it.
  static let command = CommandSpec(
    name: "lists-bench", abstract: "Times the store against the same work on the SQLite C API, in one run.",
    id: CommandID("lists-bench"),
    options: [
      rowsOption.spec, bigRowsOption.spec, trialsOption.spec, onlyOption.spec, clockOption.spec, listsOption.spec,
      jsonFlag.spec,
    ])

  /// The shared parser over ``command``: no global options, no help command, no `--version`.
  static let parser = CommandLineParser(root: command, globalOptions: [], help: nil)

  /// The help page, `-h` or `--help`.
  static func help(width: Int = 80) -> String {
    HelpRenderer.commandPage(at: [], of: parser, width: width)
  }

  /// The lines for a usage error: `Error: <message>`, the usage line and where help is.
  static func usageError(_ message: String) -> String {
    ErrorRenderer.render(usageMessage: message, commandPath: [], of: parser)
  }

  /// Parses `arguments` (without the program name).
  /// - Returns: nil when help was asked for.
  /// - Throws: ``BenchError/usage(_:)`` saying what is wrong.
  static func parse(_ arguments: [String]) throws(BenchError) -> BenchOptions? {
    let parsed: ParsedCommand
    do {
      switch try parser.parse(arguments) {
      case .run(let command): parsed = command
      case .help, .version: return nil
      }
    } catch {
      switch error.kind {
      // A word the bench has no place for, as the bench has always said it.
      case .unknownOption(let word), .unexpectedArgument(let word):
        throw .usage("Unknown argument '\(TerminalEscaping.escape(word))'.")
      default: throw .usage(error.description)
      }
    }
    var options = BenchOptions()
    options.rows = parsed.value(rowsOption)
    options.bigRows = parsed.value(bigRowsOption)
    options.trials = parsed.value(trialsOption)
    options.clock = parsed.value(clockOption)
    options.json = parsed[jsonFlag]
    options.lists = parsed[listsOption]
    if let only = parsed[onlyOption] { options.phases = try phases(only) }
    return options
  }

  /// The phases `value` names, comma-separated; `kind` names both of an app kind's.
  private static func phases(_ value: String) throws(BenchError) -> Set<Phase> {
    var phases = Set<Phase>()
    for name in value.split(separator: ",") {
      // `kind` is both of an app kind's phases.
      if name == "kind" {
        phases.formUnion([.kindinsert, .kindpages])
        continue
      }
      guard let phase = Phase(rawValue: String(name)) else {
        let names = (Phase.allCases.map(\.rawValue) + ["kind"]).joined(separator: ", ")
        throw BenchError.usage("Unknown phase '\(name)' for '--only': one of \(names).")
      }
      phases.insert(phase)
    }
    return phases
  }
}

extension Clock: ArgumentValue {
  /// The clock called `text`: `cpu` or `wall`.
  init?(argumentText text: String) {
    self.init(rawValue: text)
  }
}
