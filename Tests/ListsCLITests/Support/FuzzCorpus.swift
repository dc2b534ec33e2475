import Foundation
import Testing

/// One seed of a fuzz target's corpus in `Tests/Fuzz/Corpus/<target>`, named in test output by
/// its file name.
struct FuzzSeed: Sendable, CustomTestStringConvertible {
  let name: String
  let bytes: [UInt8]

  var testDescription: String { name }

  /// The corpus folder of `target`, found from this file's path in the source tree.
  static func folder(of target: String, filePath: String = #filePath) -> URL {
    URL(fileURLWithPath: filePath)  // Tests/ListsCLITests/Support/FuzzCorpus.swift
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fuzz/Corpus/\(target)", isDirectory: true)
  }

  /// Every seed of `target`, sorted by name; none when the folder is missing (a test checks it
  /// is not).
  static func corpus(_ target: String) -> [FuzzSeed] {
    let folder = folder(of: target)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().compactMap { name in
      guard
        let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
      else { return nil }
      return FuzzSeed(name: name, bytes: Array(data))
    }
  }
}

/// Runs a fuzz target built next to the test runner as a corpus replayer, with no arguments (it
/// then replays its own corpus); returns its exit status and output.
func runFuzzReplayer(_ target: String) throws -> (status: Int32, output: String) {
  let runner = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
  let process = Process()
  process.executableURL = URL(fileURLWithPath: runner).deletingLastPathComponent()
    .appendingPathComponent(target)
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  let output = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: output, as: UTF8.self))
}
