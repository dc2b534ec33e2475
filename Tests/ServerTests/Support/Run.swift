import Foundation

/// One finished run of a program: its status and output.
struct RunResult: Sendable {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// Runs `program` with `arguments` to its end (at most 30 s, then it is killed).
func run(_ program: String, _ arguments: [String], environment: [String: String]? = nil)
  async throws -> RunResult
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
          DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: timer)
          let out = output.fileHandleForReading.readDataToEndOfFile()
          let err = errors.fileHandleForReading.readDataToEndOfFile()
          process.waitUntilExit()
          timer.cancel()
          return RunResult(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
        })
    }.start()
  }
}
