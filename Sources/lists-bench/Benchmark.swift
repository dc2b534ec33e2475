import CBench
import Foundation
import ListStore

/// One run of the benchmark: builds the databases it needs in a scratch folder, measures each
/// phase, and collects the figures in a ``Report``.
///
/// Every phase is a small method in its own `Benchmark+Phase.swift` file that times the store
/// against the C baseline (or one depth against another) with ``compare(trials:warmUp:_:)``
/// and sets its keys. The phases that run the CLI as a child (`show_cold_ratio` beside the
/// `sqlite3` shell, `export_rss_mib`) use the ``CLIBinary`` resolved once at the start.
final class Benchmark {
  /// The account of the big list: the CLI's default account, so that `lists show orders` and
  /// `lists export orders` see it without flags.
  static let bigAccount = "default"
  /// The account of the 10-order list that counts are compared with, in the big list's file.
  static let smallAccount = "small"
  /// The account the inserted and paged orders belong to.
  static let account = "bench"
  /// The page size of every paging figure.
  static let pageLimit = 50
  /// How many keyset pages the page phase walks.
  static let pageCount = 1000

  let options: BenchOptions
  let folder: ScratchFolder
  var report = Report()
  /// The thread the async phases run and time their work on.
  lazy var thread = BenchThread()

  /// The environment of the child processes: the bench's own, without the variables that
  /// would point `lists` at another file or account than its `--db` and `default`.
  static let childEnvironment = ProcessInfo.processInfo.environment.filter {
    $0.key != "LISTS_DB" && $0.key != "LISTS_ACCOUNT"
  }

  init(options: BenchOptions, folder: ScratchFolder) {
    self.options = options
    self.folder = folder
  }

  /// Runs every phase and returns the figures.
  func run() throws -> Report {
    // The same heap policy for both sides: see cbench_steady_heap.
    cbench_steady_heap()
    report.set("rows", .integer(options.rows))
    report.set("big_rows", .integer(options.bigRows))
    report.set("trials", .integer(options.trials))
    report.set("clock", .text(options.clock.rawValue))
    report.set("sqlite_version", .text(String(cString: cbench_sqlite_version())))

    let phases = options.phases
    var lists: CLIBinary?
    if phases.contains(.export)
      || (phases.contains(.shell) && ChildProcess.locate("sqlite3") != nil)
    {
      let binary = try CLIBinary.resolve(override: options.lists, progress: progress)
      report.set("lists_binary", .text(binary.path))
      report.set("lists_static", .boolean(binary.isStatic))
      lists = binary
    }
    if phases.contains(.insert) || phases.contains(.pages) || phases.contains(.dynamic)
      || phases.contains(.kindinsert) || phases.contains(.kindpages) || phases.contains(.update)
      || phases.contains(.sync) || phases.contains(.outbox)
    {
      progress("Generating \(options.rows) orders")
      let data = OrderData.generate(count: options.rows, seed: 0x5EED_0001)
      let cOrders = COrders(data)
      if phases.contains(.insert) { try measureInsert(data, cOrders) }
      if phases.contains(.pages) { try measurePages(cOrders) }
      if phases.contains(.dynamic) { try measureDynamicPages(cOrders) }
      if phases.contains(.kindinsert) { try measureKindInsert(data, cOrders) }
      if phases.contains(.kindpages) { try measureKindPages(cOrders) }
      if phases.contains(.update) { try measureUpdate(cOrders) }
      if phases.contains(.sync) { try measureSyncWrite(data, cOrders) }
      if phases.contains(.outbox) { try measureOutboxWrite(data) }
    }
    if phases.contains(.syncpages) { try measureSyncPages() }
    if phases.contains(.loader) { try measureLoader(try bigDatabase()) }
    if phases.contains(.depth) { try measureDepth(try bigDatabase()) }
    if phases.contains(.count) { try measureCount(try bigDatabase()) }
    if phases.contains(.shell) { try measureShell(try bigDatabase(), lists) }
    if phases.contains(.export), let lists { try measureExport(try bigDatabase(), lists) }
    if phases.contains(.notify) { try measureNotify() }
    if phases.contains(.readers) { try measureReaders(try bigDatabase()) }
    if phases.contains(.search) { try measureSearch(try bigDatabase()) }
    if phases.contains(.server) { try measureServer() }
    if phases.contains(.push) { try measurePush() }
    if phases.contains(.serverPostgres) { try measureServerPostgres() }
    return report
  }

  // MARK: Databases

  /// Creates and migrates an empty lists database at `path` through the store, and closes it.
  func createDatabase(_ path: String) throws {
    _ = try ListsDatabase(path: path)
  }

  /// Inserts `orders` into `account` of the database at `path` through the C baseline: the
  /// fast way to fill a file the store then reads.
  func populate(_ path: String, with orders: COrders, account: String) throws {
    let database = try CDatabase(path: path, account: account)
    try database.insert(orders)
  }

  /// The file with ``options.rows`` orders of ``account`` that the page walks read (the store's
  /// typed walk and the generic repository's), built once per run.
  func pagesDatabase(_ orders: COrders) throws -> String {
    if let built = pagesPath { return built }
    let path = folder.file("pages.db")
    try createDatabase(path)
    try populate(path, with: orders, account: Self.account)
    pagesPath = path
    return path
  }

  /// The file with the big list (`--big-rows` orders of ``bigAccount``) and the 10-order list of
  /// ``smallAccount``, built once per run.
  func bigDatabase() throws -> String {
    if let built = bigPath { return built }
    let path = folder.file("big.db")
    progress("Building the \(options.bigRows)-order list")
    try createDatabase(path)
    do {
      let orders = COrders(OrderData.generate(count: options.bigRows, seed: 0x5EED_0002))
      try populate(path, with: orders, account: Self.bigAccount)
    }
    try populate(
      path, with: COrders(OrderData.generate(count: 10, seed: 0x5EED_0003)),
      account: Self.smallAccount)
    bigPath = path
    return path
  }

  /// Orders in the small list the memory figures compare the big list with: 10,000, or a
  /// hundredth of a big list smaller than 1,000,000 (so a tiny run stays quick).
  var smallRows: Int { min(10_000, max(10, options.bigRows / 100)) }

  /// The file with the small list (``smallRows`` orders of ``bigAccount``), built once per run.
  func smallDatabase() throws -> String {
    if let built = smallPath { return built }
    let path = folder.file("small.db")
    try createDatabase(path)
    try populate(
      path, with: COrders(OrderData.generate(count: smallRows, seed: 0x5EED_0004)), account: Self.bigAccount)
    smallPath = path
    return path
  }

  private var bigPath: String?
  private var smallPath: String?
  private var pagesPath: String?

  /// Times `contenders` against each other on the clock of `--clock`, `trials` times (default
  /// `--trials`). See ``compare(trials:clock:warmUp:_:)``.
  func compare(trials: Int? = nil, warmUp: Bool, _ contenders: [Contender]) throws -> Comparison {
    try lists_bench.compare(
      trials: trials ?? options.trials, clock: options.clock, warmUp: warmUp, contenders)
  }

  /// Writes a line about what the run is doing to standard error.
  func progress(_ message: String) {
    FileHandle.standardError.write(Data("lists-bench: \(message)…\n".utf8))
  }

  /// Medians in nanoseconds → milliseconds, rounded by the report.
  static func milliseconds(_ nanoseconds: Double) -> Double { nanoseconds / 1_000_000 }
  /// Medians in nanoseconds → microseconds.
  static func microseconds(_ nanoseconds: Double) -> Double { nanoseconds / 1_000 }
}
