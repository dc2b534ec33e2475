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
  /// The phases to run (`--only`); all of them by default.
  var phases = Set(Phase.allCases)
  /// The `lists` executable the child-process phases run (`--lists`); by default the
  /// statically linked one next to the bench, built when missing. See ``CLIBinary``.
  var lists: String?

  /// A part of the run that can be run alone, e.g. under a profiler.
  enum Phase: String, CaseIterable {
    case insert, pages, dynamic, kindinsert, kindpages, update, sync, outbox, syncpages, loader, depth, count, shell, export,
      notify, readers, search
  }

  static let usage = """
    OVERVIEW: Times the store against the same work on the SQLite C API, in one run.

    USAGE: lists-bench [--rows <n>] [--big-rows <n>] [--trials <n>] [--only <phases>] [--clock cpu|wall] [--lists <path>] [--json]

    OPTIONS:
      --rows <n>      Orders to insert and page through. (default: 200000, at least 100)
      --big-rows <n>  Orders in the list that depth and count are measured on.
                      (default: 1000000, at least 100)
      --trials <n>    Timed trials per phase (the quick phases run at least 9 or 15); the
                      median is reported. (default: 5, at least 5)
      --only <phases> Run only these phases, comma-separated, e.g. to profile them.
                      (default: every phase: insert,pages,dynamic,kindinsert,kindpages,update,sync,outbox,
                      syncpages,loader,depth,count,shell,export,notify,readers,search)
      --clock <clock> cpu: the bench thread's CPU time, steady on shared cores; wall: wall
                      time, for a quiet machine. Child processes always use wall time.
                      (default: cpu)
      --lists <path>  The lists executable the shell (show_cold_ratio) and export phases run.
                      (default: the lists next to lists-bench when it is linked with
                      --static-swift-stdlib; else one built that way first, with
                      LISTS_STATIC_STDLIB=1 swift build -c release
                      --static-swift-stdlib --product lists)
      --json          Print one JSON object instead of the table.
      -h, --help      Show this help.
    """

  /// Parses `arguments` (without the program name).
  /// - Returns: nil when help was asked for.
  /// - Throws: ``BenchError/usage(_:)`` naming the argument that is wrong.
  static func parse(_ arguments: [String]) throws -> BenchOptions? {
    var options = BenchOptions()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help": return nil
      case "--json": options.json = true
      case "--rows": options.rows = try count(argument, remaining.popFirst(), atLeast: 100)
      case "--big-rows": options.bigRows = try count(argument, remaining.popFirst(), atLeast: 100)
      case "--trials": options.trials = try count(argument, remaining.popFirst(), atLeast: 5)
      case "--only": options.phases = try phases(remaining.popFirst())
      case "--lists":
        guard let path = remaining.popFirst() else {
          throw BenchError.usage("Missing value for '--lists'.")
        }
        options.lists = path
      case "--clock":
        let value = remaining.popFirst()
        guard let clock = value.flatMap(Clock.init(rawValue:)) else {
          throw BenchError.usage(
            "'\(value ?? "")' is not a valid value for '--clock': cpu or wall.")
        }
        options.clock = clock
      default: throw BenchError.usage("Unknown argument '\(argument)'.")
      }
    }
    return options
  }

  private static func phases(_ value: String?) throws -> Set<Phase> {
    guard let value else { throw BenchError.usage("Missing value for '--only'.") }
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

  private static func count(_ option: String, _ value: String?, atLeast minimum: Int) throws -> Int
  {
    guard let value else { throw BenchError.usage("Missing value for '\(option)'.") }
    guard let number = Int(value), number >= minimum else {
      throw BenchError.usage(
        "'\(value)' is not a valid value for '\(option)': a whole number, at least \(minimum).")
    }
    return number
  }
}
