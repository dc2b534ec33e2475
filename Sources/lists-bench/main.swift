import Foundation

// lists-bench: the store against the same work on the SQLite C API, in one run.
do {
  guard let options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
    print(BenchOptions.usage)
    exit(0)
  }
  let folder = try ScratchFolder()
  defer { folder.remove() }
  let report = try Benchmark(options: options, folder: folder).run()
  print(options.json ? report.json : report.table)
} catch let error as BenchError {
  FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
  if case .usage = error { FileHandle.standardError.write(Data("\(BenchOptions.usage)\n".utf8)) }
  exit(error.isUsage ? 64 : 70)
} catch {
  FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
  exit(70)
}
