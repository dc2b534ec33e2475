import Dispatch
import Foundation

// lists-bench: the store against the same work on the SQLite C API, in one run.
// A child of the loader's memory phase walks a list and ends here.
if let status = LoaderMemoryWalk.runIfAsked(Array(CommandLine.arguments.dropFirst())) { exit(status) }
do {
  guard let options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
    print(BenchOptions.help(), terminator: "")
    exit(0)
  }
  let folder = try ScratchFolder()
  defer { folder.remove() }
  // An interrupted run still removes its databases (a few hundred MB at the default sizes) and
  // stops the PostgreSQL clusters of the server-postgres phase.
  let interruptions = [SIGINT, SIGTERM].map { number in
    signal(number, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
    source.setEventHandler { @Sendable in
      PostgresClusters.stopEveryRunning()
      folder.remove()
      // _exit, not exit: the main thread is still running, and must not race atexit handlers.
      _exit(128 + number)
    }
    source.resume()
    return source
  }
  let report = try Benchmark(options: options, folder: folder).run()
  interruptions.forEach { $0.cancel() }
  print(options.json ? report.json : report.table)
} catch let error as BenchError {
  let lines = error.isUsage ? BenchOptions.usageError(error.description) : "Error: \(error)\n"
  FileHandle.standardError.write(Data(lines.utf8))
  exit(error.isUsage ? 64 : 70)
} catch {
  FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
  exit(70)
}
