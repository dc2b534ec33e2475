import Foundation
import Testing

/// One seed of a fuzz target's corpus in `Tests/Fuzz/Corpus/<target>`, named in test output by
/// its file name.
public struct FuzzSeed: Sendable, CustomTestStringConvertible {
  /// The file name.
  public let name: String
  /// The file's bytes.
  public let bytes: [UInt8]

  public var testDescription: String { name }

  /// The corpus folder of `target`, found from this file's path in the source tree.
  public static func folder(of target: String, filePath: String = #filePath) -> URL {
    URL(fileURLWithPath: filePath)  // Tests/TestSupport/FuzzCorpus.swift
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fuzz/Corpus/\(target)", isDirectory: true)
  }

  /// Every seed of `target`, sorted by name; none when the folder is missing (a test checks it
  /// is not).
  public static func corpus(_ target: String) -> [FuzzSeed] {
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
///
/// Waits on a dispatch thread, not on one of the concurrency pool's: the suite shares the pool
/// with tests that measure time.
public func runFuzzReplayer(_ target: String) async throws -> (status: Int32, output: String) {
  let runner = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
  let executable = URL(fileURLWithPath: runner).deletingLastPathComponent()
    .appendingPathComponent(target)
  let log = FileManager.default.temporaryDirectory
    .appendingPathComponent("lists-fuzz-replay-\(UUID().uuidString).log")
  guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
    throw CocoaError(.fileWriteUnknown)
  }
  defer { try? FileManager.default.removeItem(at: log) }
  let status = try await withCheckedThrowingContinuation { continuation in
    DispatchQueue.global().async {
      do {
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = executable
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        continuation.resume(returning: process.terminationStatus)
      } catch {
        continuation.resume(throwing: error)
      }
    }
  }
  return (status, try String(contentsOf: log, encoding: .utf8))
}
