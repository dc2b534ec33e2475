import Foundation

/// A server the server phase runs as a child: `lists-server serve` or `lists-server-floor`,
/// on 127.0.0.1 and the port it prints.
final class ServerProcess {
  let process: Process
  let port: Int

  /// Starts `executable` with `arguments` and waits for its `Listening on http://HOST:PORT`.
  init(_ executable: String, _ arguments: [String]) throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var line: [UInt8] = []
    while line.last != UInt8(ascii: "\n"), line.count < 200 {
      guard let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty else {
        break
      }
      line += byte
    }
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard text.hasPrefix("Listening on http://"),
      let port = text.split(separator: ":").last.flatMap({ Int($0) })
    else {
      process.terminate()
      throw BenchError.child("\(executable) printed '\(text)'")
    }
    self.port = port
  }

  /// Stops it with SIGTERM and waits.
  func stop() {
    process.terminate()
    process.waitUntilExit()
  }

  /// Runs `executable` with `arguments` to its end; its standard output.
  static func capture(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchError.child(
        "\(executable) \(arguments.first ?? "") exited \(process.terminationStatus)")
    }
    return String(decoding: data, as: UTF8.self)
  }
}
