import CLibFuzzer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `main` and the libFuzzer callback body shared by every fuzz target.
///
/// Built with `-sanitize=fuzzer -DFUZZING` (Tests/Scripts/fuzz.sh), ``run(name:testOneInput:check:)``
/// hands control to libFuzzer, which calls the target's `LLVMFuzzerTestOneInput`. Built
/// normally, it replays files instead: the ones named on the command line (files or folders),
/// else the target's seed corpus in `Tests/Fuzz/Corpus/<name>`. For example:
/// ```swift
/// @_cdecl("LLVMFuzzerTestOneInput")
/// func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
///   FuzzMain.test(data, size, check: AmountProperties.check)
/// }
///
/// @main enum FuzzAmount {
///   static func main() {
///     FuzzMain.run(name: "fuzz-amount", testOneInput: testOneInput, check: AmountProperties.check)
///   }
/// }
/// ```
package enum FuzzMain {
  /// Checks every property of one input; throws the first one that fails.
  package typealias Check = ([UInt8]) throws(PropertyFailure) -> Void
  /// libFuzzer's callback: `int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)`.
  package typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

  /// Runs `check` on one input from libFuzzer; a broken property prints it and aborts, which
  /// libFuzzer reports as a crash and saves the input.
  package static func test(_ data: UnsafePointer<UInt8>?, _ size: Int, check: Check) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
      try check(input)
    } catch {
      writeOut(STDERR_FILENO, "==fuzz== property violated: \(error)\n")
      abort()
    }
    return 0
  }

  /// The program: libFuzzer when built for fuzzing, else the corpus replayer.
  package static func run(
    name: String, testOneInput: TestOneInput, check: @escaping Check
  ) -> Never {
    #if FUZZING
      var argc = CommandLine.argc
      var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
      exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    #else
      var replayer = CorpusReplayer(name: name, check: check)
      exit(replayer.run(arguments: Array(CommandLine.arguments.dropFirst())))
    #endif
  }

  /// The seed corpus of the target `name` in the source tree: `Tests/Fuzz/Corpus/<name>`.
  package static func corpusFolder(of name: String, filePath: String = #filePath) -> String {
    // This file is Tests/Fuzz/FuzzSupport/FuzzMain.swift.
    var parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)
    return (parts + ["Corpus", Substring(name)]).joined(separator: "/")
  }
}
