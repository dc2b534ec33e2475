import Foundation
import ListStore

extension Benchmark {
  /// The query `lists show orders --json` answers: the first 20 orders of the big list.
  static let showQuery = """
    SELECT id, number, status, total_minor, currency, placed_at FROM orders \
    WHERE account = '\(bigAccount)' ORDER BY placed_at DESC, id DESC LIMIT 20
    """

  /// How many times each child runs for `show_cold_ratio`.
  static let showColdRuns = 31

  /// `sqlite3_json_ms` and `sqlite3_json_rss_mib`: the `sqlite3` shell answering
  /// ``showQuery`` with `-json` as a child process, timed and measured by
  /// ``ChildProcess/run(_:_:environment:stdout:stderr:)``; skipped (with a note) when the shell
  /// is not installed.
  ///
  /// With a `lists` binary, `show_cold_ratio` beside them: a whole `lists show orders --json`
  /// process on the same warm file over the shell, each run paired with a run of the shell
  /// (alternating which goes first) and started the same way; the median of the ratios of
  /// ``showColdRuns`` pairs, with `show_cold_ms` and `show_cold_rss_mib`. Both answers are
  /// checked to be the same orders first.
  func measureShell(_ path: String, _ lists: CLIBinary?) throws {
    guard let shell = ChildProcess.locate("sqlite3") else {
      progress("sqlite3 is not installed; skipping the child-process figures")
      return
    }
    progress(
      lists == nil ? "Timing the sqlite3 shell" : "Timing lists show against the sqlite3 shell")
    let shellArguments = ["-json", path, Self.showQuery]
    let shellIDs = try Self.orderIDs(
      try runShell(shell, shellArguments, stdout: .capture).output, items: nil)
    guard shellIDs.count == min(20, options.bigRows) else {
      throw BenchError.child("sqlite3 -json did not print 20 orders")
    }
    let showArguments = ["--db", path, "show", "orders", "--json"]
    if let lists {
      let ids = try Self.orderIDs(
        try runCLI(lists, showArguments, stdout: .capture).output, items: "items")
      guard ids == shellIDs else {
        throw BenchError.mismatch("lists show printed orders \(ids), sqlite3 \(shellIDs)")
      }
    }

    guard let lists else {
      var shellRuns: [ChildProcess.Run] = []
      for _ in 0..<max(options.trials, 9) { shellRuns.append(try runShell(shell, shellArguments)) }
      report.set("sqlite3_json_ms", Stopwatch.median(shellRuns.map(\.wallMilliseconds)))
      report.set("sqlite3_json_rss_mib", Stopwatch.median(shellRuns.map(\.peakRSSMiB)))
      return
    }
    let orders = try pairedRuns(shell, shellArguments, lists, showArguments)
    report.set("sqlite3_json_ms", Stopwatch.median(orders.shell.map(\.wallMilliseconds)))
    report.set("sqlite3_json_rss_mib", Stopwatch.median(orders.shell.map(\.peakRSSMiB)))
    report.set("show_cold_ratio", orders.ratio)
    report.set("show_cold_ms", Stopwatch.median(orders.show.map(\.wallMilliseconds)))
    report.set("show_cold_rss_mib", Stopwatch.median(orders.show.map(\.peakRSSMiB)))
    try measureShellBooks(path, shell, lists)
  }

  /// `show_books_cold_ratio`: `lists show books --json` on a file whose app-defined books kind
  /// (``BenchBook``, registered as an app would) holds one book per order of the big list,
  /// against the `sqlite3` shell answering the same first page — the CLI reading a kind it was
  /// not compiled with, its definition read from the file at open.
  private func measureShellBooks(_ ordersPath: String, _ shell: String, _ lists: CLIBinary) throws {
    progress("Timing lists show books against the sqlite3 shell")
    let path = folder.file("books-shell.db")
    try FileManager.default.copyItem(atPath: ordersPath, toPath: path)
    do {
      let database = try ListsDatabase(path: path)
      var definition = BenchBook.definition
      definition.search = []  // what is timed is the page; an index to fill would only cost time
      try database.registerKind(definition)
    }
    // Another program's plain INSERT, as `Documentation/DatabaseFile.md` allows; the kind's triggers count it.
    _ = try runShell(
      shell,
      [
        path,
        """
        INSERT INTO books (account, title, author, pages, price_minor, price_currency, status, signed, added_at)
        SELECT account, number, currency, total_minor % 900 + 1, total_minor, currency, 'want', 0, placed_at
        FROM orders
        """,
      ])
    let query = """
      SELECT id, title, author, pages, price_minor, price_currency, status, finished_at, signed, added_at \
      FROM books WHERE account = '\(Self.bigAccount)' ORDER BY added_at DESC, id DESC LIMIT 20
      """
    let shellArguments = ["-json", path, query]
    let showArguments = ["--db", path, "--account", Self.bigAccount, "show", "books", "--json"]
    let shellIDs = try Self.orderIDs(try runShell(shell, shellArguments, stdout: .capture).output, items: nil)
    let ids = try Self.orderIDs(try runCLI(lists, showArguments, stdout: .capture).output, items: "items")
    guard ids == shellIDs, ids.count == min(20, options.bigRows) else {
      throw BenchError.mismatch("lists show books printed \(ids), sqlite3 \(shellIDs)")
    }
    let books = try pairedRuns(shell, shellArguments, lists, showArguments)
    report.set("sqlite3_books_json_ms", Stopwatch.median(books.shell.map(\.wallMilliseconds)))
    report.set("show_books_cold_ms", Stopwatch.median(books.show.map(\.wallMilliseconds)))
    report.set("show_books_cold_ratio", books.ratio)
  }

  /// Runs the shell and `lists` ``showColdRuns`` times each, in pairs (alternating which goes
  /// first); the ratio is the median of the pairs' ratios.
  private func pairedRuns(
    _ shell: String, _ shellArguments: [String], _ lists: CLIBinary, _ showArguments: [String]
  ) throws -> (shell: [ChildProcess.Run], show: [ChildProcess.Run], ratio: Double) {
    var shellRuns: [ChildProcess.Run] = []
    var showRuns: [ChildProcess.Run] = []
    for run in 0..<Self.showColdRuns {
      if run % 2 == 0 {
        shellRuns.append(try runShell(shell, shellArguments))
        showRuns.append(try runCLI(lists, showArguments))
      } else {
        showRuns.append(try runCLI(lists, showArguments))
        shellRuns.append(try runShell(shell, shellArguments))
      }
    }
    let ratios = zip(showRuns, shellRuns).map { $0.wallMilliseconds / $1.wallMilliseconds }
    return (shellRuns, showRuns, Stopwatch.median(ratios))
  }

  /// Runs the `sqlite3` shell as ``runCLI(_:_:stdout:)`` runs `lists`.
  private func runShell(
    _ shell: String, _ arguments: [String], stdout: ChildProcess.Output = .discard
  )
    throws -> ChildProcess.Run
  {
    let run = try ChildProcess.run(
      shell, arguments, environment: Self.childEnvironment, stdout: stdout, stderr: .discard)
    guard run.status == 0 else { throw BenchError.child("sqlite3 exited with \(run.status)") }
    return run
  }

  /// The `id`s of the orders in a JSON answer: an array of rows (`items` nil), or an object
  /// whose `items` member is one.
  private static func orderIDs(_ output: [UInt8], items: String?) throws -> [Int] {
    let object = try? JSONSerialization.jsonObject(with: Data(output))
    let rows = items.map { (object as? [String: Any])?[$0] } ?? object
    guard let rows = rows as? [[String: Any]] else {
      throw BenchError.child(
        "not the JSON expected: \(String(decoding: output.prefix(200), as: UTF8.self))")
    }
    return rows.map { ($0["id"] as? NSNumber)?.intValue ?? -1 }
  }
}
