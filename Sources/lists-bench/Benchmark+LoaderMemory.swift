import Foundation

extension Benchmark {
  /// `loader_rss_mib` and `loader_rss_small_mib`: the peak resident memory of a child process
  /// walking the big list (`--big-rows` orders) from its first order to its last through a
  /// store loader with `maxItems` (``LoaderMemoryWalk``), and of the same walk over the small
  /// list (``smallRows`` orders), the medians of alternating runs; `loader_rss_over_small` the
  /// one over the other (bounded memory keeps it near 1). Every walk must have read every order
  /// of its list and held no more than `maxItems` (`loader_rss_max_items`) at once.
  func measureLoaderMemory(_ bigPath: String) throws {
    progress("Measuring a loader's memory over \(options.bigRows) orders")
    let smallPath = try smallDatabase()
    guard let executable = CLIBinary.ownExecutable() else {
      throw BenchError.child("Could not find the lists-bench executable to run the loader's walk in")
    }
    func walk(_ path: String, rows: Int) throws -> ChildProcess.Run {
      let run = try ChildProcess.run(
        executable, LoaderMemoryWalk.arguments(path: path), environment: Self.childEnvironment, stdout: .capture,
        stderr: .inherit)
      let output = String(decoding: run.output, as: UTF8.self)
      guard run.status == 0 else {
        throw BenchError.child("The loader's walk of \(rows) orders exited with \(run.status): \(output)")
      }
      guard let walked = LoaderMemoryWalk.Walked(line: output.trimmingCharacters(in: .whitespacesAndNewlines)),
        walked.rows == rows, walked.kept <= LoaderMemoryWalk.maxItems
      else {
        throw BenchError.mismatch(
          "the loader's walk of \(rows) orders reported '\(output)' (orders walked, the most held at once)")
      }
      return run
    }
    var bigRuns: [ChildProcess.Run] = []
    var smallRuns: [ChildProcess.Run] = []
    for trial in 0..<options.trials {
      if trial % 2 == 0 {
        bigRuns.append(try walk(bigPath, rows: options.bigRows))
        smallRuns.append(try walk(smallPath, rows: smallRows))
      } else {
        smallRuns.append(try walk(smallPath, rows: smallRows))
        bigRuns.append(try walk(bigPath, rows: options.bigRows))
      }
    }
    let bigRSS = Stopwatch.median(bigRuns.map(\.peakRSSMiB))
    let smallRSS = Stopwatch.median(smallRuns.map(\.peakRSSMiB))
    report.set("loader_rss_max_items", .integer(LoaderMemoryWalk.maxItems))
    report.set("loader_rss_mib", bigRSS)
    report.set("loader_rss_small_mib", smallRSS)
    report.set("loader_rss_over_small", bigRSS / smallRSS)
    report.set("loader_rss_walk_ms", Stopwatch.median(bigRuns.map(\.wallMilliseconds)))
  }
}
