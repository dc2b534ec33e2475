import Foundation

extension Benchmark {
  /// The query `lists show orders --json` answers: the first 20 orders of the big list.
  static let showQuery = """
    SELECT id, number, status, total_minor, currency, placed_at FROM orders \
    WHERE account = '\(bigAccount)' ORDER BY placed_at DESC, id DESC LIMIT 20
    """

  /// `sqlite3_json_ms` and `sqlite3_json_rss_mib`: the `sqlite3` shell answering
  /// ``showQuery`` with `-json` as a child process, timed and measured by
  /// ``ChildProcess/run(_:_:environment:stdout:stderr:)``. The baseline `show_cold_ratio` will be
  /// taken against; skipped (with a note) when the shell is not installed.
  func measureShell(_ path: String) throws {
    guard let shell = ChildProcess.locate("sqlite3") else {
      progress("sqlite3 is not installed; skipping the child-process figures")
      return
    }
    progress("Timing the sqlite3 shell")
    let arguments = ["-json", path, Self.showQuery]
    let check = try ChildProcess.run(shell, arguments, stdout: .capture)
    let rows = (try? JSONSerialization.jsonObject(with: Data(check.output))) as? [[String: Any]]
    guard check.status == 0, rows?.count == min(20, options.bigRows) else {
      throw BenchError.child(
        "sqlite3 -json exited with \(check.status) and did not print 20 orders")
    }

    var times: [Double] = []
    var memory: [Double] = []
    for _ in 0..<max(options.trials, 9) {
      let run = try ChildProcess.run(shell, arguments, stdout: .discard)
      guard run.status == 0 else { throw BenchError.child("sqlite3 exited with \(run.status)") }
      times.append(run.wallMilliseconds)
      memory.append(run.peakRSSMiB)
    }
    report.set("sqlite3_json_ms", Stopwatch.median(times))
    report.set("sqlite3_json_rss_mib", Stopwatch.median(memory))
  }
}
