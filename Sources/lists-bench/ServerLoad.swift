import Foundation

/// A load run of `wrk` (Debian's `wrk` package) against one URL, and what it measured.
struct ServerLoad {
  /// Requests per second.
  var requestsPerSecond: Double
  /// The 99th percentile of the latency, in milliseconds.
  var p99Milliseconds: Double

  /// The `wrk` executable, or nil when it is not installed.
  static let wrk = ChildProcess.locate("wrk")

  /// Runs `wrk` for `seconds` over `connections` connections (2 threads) against `url`, with
  /// `script` (Lua) making the requests when given; every answer must be 2xx.
  static func run(
    url: String, token: String, connections: Int, seconds: Int, script: String?,
    folder: ScratchFolder
  ) throws -> ServerLoad {
    guard let wrk else { throw BenchError.child("wrk is not installed") }
    var arguments = [
      "-t\(min(2, connections))", "-c\(connections)", "-d\(seconds)s", "--latency", "-H",
      "Authorization: Bearer \(token)",
    ]
    if let script {
      let path = folder.file("load-\(UUID().uuidString).lua")
      try script.write(toFile: path, atomically: true, encoding: .utf8)
      arguments += ["-s", path]
    }
    let output = try ServerProcess.capture(wrk, arguments + [url])
    if let line = output.split(separator: "\n").first(where: { $0.contains("Non-2xx") }) {
      throw BenchError.child("wrk saw failures: \(line.trimmingCharacters(in: .whitespaces))")
    }
    guard let rate = value(after: "Requests/sec:", in: output),
      let p99 = output.split(separator: "\n").first(where: {
        $0.trimmingCharacters(in: .whitespaces).hasPrefix("99%")
      })
    else {
      throw BenchError.child("wrk printed no rate: \(output.prefix(200))")
    }
    return ServerLoad(requestsPerSecond: rate, p99Milliseconds: milliseconds(String(p99)))
  }

  /// The number after `label` on its line.
  private static func value(after label: String, in text: String) -> Double? {
    guard let line = text.split(separator: "\n").first(where: { $0.contains(label) }) else {
      return nil
    }
    return Double(
      line.replacingOccurrences(of: label, with: "").trimmingCharacters(in: .whitespaces))
  }

  /// `99%    1.23ms` (or `us`, `s`) as milliseconds.
  private static func milliseconds(_ line: String) -> Double {
    let text = line.trimmingCharacters(in: .whitespaces).dropFirst(3).trimmingCharacters(
      in: .whitespaces)
    for (unit, scale) in [("us", 0.001), ("ms", 1.0), ("m", 60_000.0), ("s", 1000.0)]
    where text.hasSuffix(unit) {
      return (Double(text.dropLast(unit.count)) ?? .nan) * scale
    }
    return .nan
  }

  /// A Lua script that pushes `changes` new adds a request, each change id made once, waiting
  /// `delayMilliseconds` before each request when given.
  static func pushScript(token: String, changes: Int, delayMilliseconds: Double? = nil) -> String {
    let run = UUID().uuidString.prefix(8)
    var script = """
      local threads = 0
      function setup(thread)
        threads = threads + 1
        thread:set("id", threads)
      end
      local counter = 0
      function request()
        counter = counter + 1
        local parts = {}
        for i = 1, \(changes) do
          parts[i] = string.format('{"change_id":"\(run)-%d-%d-%d","op":"add","item":{"title":"t%d"}}', id, counter, i, i)
        end
        return wrk.format("POST", nil, {["Authorization"] = "Bearer \(token)", ["Content-Type"] = "application/json"},
          '{"changes":[' .. table.concat(parts, ",") .. ']}')
      end

      """
    if let delayMilliseconds {
      script += "function delay()\n  return \(Int(delayMilliseconds.rounded()))\nend\n"
    }
    return script
  }
}
