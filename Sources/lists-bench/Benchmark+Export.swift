extension Benchmark {
  /// `export_rss_mib` and `export_rss_small_mib`: the peak resident memory of a
  /// `lists export orders` child process (standard output to `/dev/null`) over the big list and
  /// over the small list (``smallRows`` orders, `export_small_rows`, ``smallDatabase()``), the
  /// medians of alternating runs;
  /// `export_rss_over_small` the one over the other (constant memory keeps it near 1); and
  /// `export_ms` / `export_small_ms`, their wall times.
  func measureExport(_ bigPath: String, _ lists: CLIBinary) throws {
    progress("Timing lists export")
    let smallPath = try smallDatabase()
    let big = ["--db", bigPath, "export", "orders"]
    let small = ["--db", smallPath, "export", "orders"]
    let check = try runCLI(lists, small, stdout: .capture)
    let lines = check.output.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    guard lines == smallRows else {
      throw BenchError.mismatch(
        "lists export printed \(lines) lines for \(smallRows) orders")
    }

    var bigRuns: [ChildProcess.Run] = []
    var smallRuns: [ChildProcess.Run] = []
    for trial in 0..<options.trials {
      if trial % 2 == 0 {
        bigRuns.append(try runCLI(lists, big))
        smallRuns.append(try runCLI(lists, small))
      } else {
        smallRuns.append(try runCLI(lists, small))
        bigRuns.append(try runCLI(lists, big))
      }
    }
    let bigRSS = Stopwatch.median(bigRuns.map(\.peakRSSMiB))
    let smallRSS = Stopwatch.median(smallRuns.map(\.peakRSSMiB))
    report.set("export_small_rows", .integer(smallRows))
    report.set("export_rss_mib", bigRSS)
    report.set("export_rss_small_mib", smallRSS)
    report.set("export_rss_over_small", bigRSS / smallRSS)
    report.set("export_ms", Stopwatch.median(bigRuns.map(\.wallMilliseconds)))
    report.set("export_small_ms", Stopwatch.median(smallRuns.map(\.wallMilliseconds)))
  }

  /// Runs `lists` with `arguments` as ``childEnvironment`` sees it, standard error thrown
  /// away, and checks that it succeeded (when not, runs it again with standard error shown).
  func runCLI(_ lists: CLIBinary, _ arguments: [String], stdout: ChildProcess.Output = .discard)
    throws -> ChildProcess.Run
  {
    let run = try ChildProcess.run(
      lists.path, arguments, environment: Self.childEnvironment, stdout: stdout, stderr: .discard)
    guard run.status == 0 else {
      _ = try? ChildProcess.run(
        lists.path, arguments, environment: Self.childEnvironment, stdout: .discard,
        stderr: .inherit)
      throw BenchError.child(
        "lists \(arguments.joined(separator: " ")) exited with \(run.status)")
    }
    return run
  }
}
