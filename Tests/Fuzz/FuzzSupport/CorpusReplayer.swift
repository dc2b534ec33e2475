#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a fuzz target's property checks over corpus files, without libFuzzer.
///
/// Prints one line per file, then a summary; exit status 0 when every property held, 1 when one
/// broke, 66 when a file cannot be read, 64 for a flag (libFuzzer's flags need a fuzzing build).
/// A crash in the code under test stops the program right after the name of its file.
struct CorpusReplayer {
  let name: String
  let check: FuzzMain.Check
  private var failures = 0
  private var count = 0

  init(name: String, check: @escaping FuzzMain.Check) {
    self.name = name
    self.check = check
  }

  mutating func run(arguments: [String]) -> Int32 {
    if let flag = arguments.first(where: { $0.hasPrefix("-") }) {
      writeOut(
        STDERR_FILENO, "\(name): '\(flag)' is a libFuzzer flag; use Tests/Scripts/fuzz.sh.\n")
      writeOut(
        STDERR_FILENO,
        "Usage: \(name) [FILE|FOLDER]...  (default: \(FuzzMain.corpusFolder(of: name)))\n")
      return 64
    }
    let paths = arguments.isEmpty ? [FuzzMain.corpusFolder(of: name)] : arguments
    var files: [String] = []
    for path in paths {
      guard let found = CorpusFiles.list(path) else {
        writeOut(
          STDERR_FILENO, "\(name): cannot read '\(path)': \(String(cString: strerror(errno)))\n")
        return 66
      }
      files += found
    }
    for file in files {
      guard let bytes = CorpusFiles.contents(of: file) else {
        writeOut(
          STDERR_FILENO, "\(name): cannot read '\(file)': \(String(cString: strerror(errno)))\n")
        return 66
      }
      // Written before the run, so that a crash leaves the name of its file last.
      writeOut(STDOUT_FILENO, "\(file): ")
      count += 1
      do {
        try check(bytes)
        writeOut(STDOUT_FILENO, "ok\n")
      } catch {
        failures += 1
        writeOut(STDOUT_FILENO, "FAILED: \(error)\n")
      }
    }
    if failures == 0 {
      let inputs = count == 1 ? "1 input" : "\(count) inputs"
      writeOut(STDOUT_FILENO, "\(name): \(inputs) replayed, every property holds.\n")
      return 0
    }
    writeOut(STDOUT_FILENO, "\(name): \(failures) of \(count) inputs break a property.\n")
    return 1
  }
}
