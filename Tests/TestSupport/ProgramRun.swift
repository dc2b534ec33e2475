import Foundation

/// One finished run of a program: its status and output.
public struct ProgramRun: Sendable {
  /// The exit status (or the signal).
  public var status: Int32
  /// What it wrote on standard output.
  public var stdout: String
  /// What it wrote on standard error.
  public var stderr: String
}

/// Runs `program` with `arguments` to its end (at most `seconds`, then it is killed).
public func runProgram(
  _ program: String, _ arguments: [String], environment: [String: String]? = nil, seconds: Int = 30
) async throws -> ProgramRun
{
  try await withCheckedThrowingContinuation { continuation in
    Thread {
      continuation.resume(
        with: Result {
          let process = Process()
          process.executableURL = URL(fileURLWithPath: program)
          process.arguments = arguments
          if let environment { process.environment = environment }
          let output = Pipe()
          let errors = Pipe()
          process.standardOutput = output
          process.standardError = errors
          process.standardInput = FileHandle.nullDevice
          try process.run()
          let timer = DispatchWorkItem { process.terminate() }
          DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds), execute: timer)
          let out = output.fileHandleForReading.readDataToEndOfFile()
          let err = errors.fileHandleForReading.readDataToEndOfFile()
          process.waitUntilExit()
          timer.cancel()
          return ProgramRun(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
        })
    }.start()
  }
}
