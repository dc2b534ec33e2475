import Foundation

/// A load run of `wrk` (Debian's `wrk` package) against one URL, and what it measured.
struct ServerLoad {
  /// Requests per second.
  var requestsPerSecond: Double
  /// The 99th percentile of the latency, in milliseconds.
  var p99Milliseconds: Double
  /// The longest latency, in milliseconds.
  var maxMilliseconds: Double
  /// Answers that were not 2xx.
  var errors: Int
  /// Requests that timed out.
  var timeouts: Int

  /// The `wrk` executable, or nil when it is not installed.
  static let wrk = ChildProcess.locate("wrk")

  /// Whose bearer token a script's requests carry.
  enum Tokens {
    /// The same token on every request.
    case one(String)
    /// On each request one of `count` tokens picked at random: `prefix` and a number below
    /// `count` (the tokens the server-postgres phase writes for its accounts).
    case random(prefix: String, count: Int)

    /// The Lua expression of a request's token.
    var lua: String {
      switch self {
      case .one(let token): "\"\(token)\""
      case .random(let prefix, let count): "string.format(\"\(prefix)%d\", math.random(0, \(count - 1)))"
      }
    }
  }

  /// Runs `wrk` for `seconds` over `connections` connections (2 threads) against `url`, with
  /// `script` (Lua) making the requests when given; every answer must be 2xx.
  static func run(
    url: String, token: String, connections: Int, seconds: Int, script: String?,
    folder: ScratchFolder
  ) throws -> ServerLoad {
    let load = try measure(
      url: url, token: token, connections: connections, seconds: seconds, script: script,
      folder: folder)
    if load.errors > 0 { throw BenchError.child("wrk saw \(load.errors) answers that were not 2xx") }
    return load
  }

  /// Runs `wrk` as ``run(url:token:connections:seconds:script:folder:)`` does, counting the
  /// answers that were not 2xx instead of failing; a request times out after `timeout` seconds
  /// (`wrk`'s default is 2, and a timed-out request is left out of the latencies).
  static func measure(
    url: String, token: String, connections: Int, seconds: Int, script: String?,
    folder: ScratchFolder, timeout: Int = 2
  ) throws -> ServerLoad {
    guard let wrk else { throw BenchError.child("wrk is not installed") }
    var arguments = [
      "-t\(min(2, connections))", "-c\(connections)", "-d\(seconds)s", "--timeout", "\(timeout)s",
      "--latency", "-H", "Authorization: Bearer \(token)",
    ]
    if let script {
      let path = folder.file("load-\(UUID().uuidString).lua")
      try script.write(toFile: path, atomically: true, encoding: .utf8)
      arguments += ["-s", path]
    }
    return try parse(try ServerProcess.capture(wrk, arguments + [url]))
  }

  /// The figures in `wrk`'s output.
  private static func parse(_ output: String) throws -> ServerLoad {
    let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let errors = lines.first(where: { $0.hasPrefix("Non-2xx") }).map {
      Int($0.split(separator: " ").last ?? "") ?? 1
    }
    let timeouts = lines.first(where: { $0.hasPrefix("Socket errors:") }).map {
      Int($0.split(separator: " ").last ?? "") ?? 1
    }
    guard let rate = lines.first(where: { $0.hasPrefix("Requests/sec:") })
      .flatMap({ Double($0.dropFirst("Requests/sec:".count).trimmingCharacters(in: .whitespaces)) }),
      let p99 = lines.first(where: { $0.hasPrefix("99%") }),
      let latency = lines.first(where: { $0.hasPrefix("Latency ") })
    else {
      throw BenchError.child("wrk printed no rate: \(output.prefix(200))")
    }
    // `Latency   1.20ms  300.00us  12.00ms   90.00%`: average, deviation, maximum.
    let columns = latency.split(separator: " ")
    return ServerLoad(
      requestsPerSecond: rate, p99Milliseconds: milliseconds(String(p99.dropFirst(3))),
      maxMilliseconds: columns.count > 3 ? milliseconds(String(columns[3])) : .nan,
      errors: errors ?? 0, timeouts: timeouts ?? 0)
  }

  /// `1.23ms` (or `us`, `m`, `s`) as milliseconds.
  private static func milliseconds(_ value: String) -> Double {
    let text = value.trimmingCharacters(in: .whitespaces)
    for (unit, scale) in [("us", 0.001), ("ms", 1.0), ("m", 60_000.0), ("s", 1000.0)]
    where text.hasSuffix(unit) {
      return (Double(text.dropLast(unit.count)) ?? .nan) * scale
    }
    return .nan
  }

  /// The start of every script: each thread numbered (`id`) and seeded apart.
  private static let threadSetup = """
    local threads = 0
    function setup(thread)
      threads = threads + 1
      thread:set("id", threads)
    end
    function init(args)
      math.randomseed(id * 7919 + os.time())
    end

    """

  /// A Lua script that pushes `changes` new adds a request, each change id made once, waiting
  /// `delayMilliseconds` before each request when given.
  static func pushScript(tokens: Tokens, changes: Int, delayMilliseconds: Double? = nil) -> String {
    let run = UUID().uuidString.prefix(8)
    var script =
      threadSetup + """
      local counter = 0
      function request()
        counter = counter + 1
        local parts = {}
        for i = 1, \(changes) do
          parts[i] = string.format('{"change_id":"\(run)-%d-%d-%d","op":"add","item":{"title":"t%d"}}', id, counter, i, i)
        end
        return wrk.format("POST", nil, {["Authorization"] = "Bearer " .. \(tokens.lua), ["Content-Type"] = "application/json"},
          '{"changes":[' .. table.concat(parts, ",") .. ']}')
      end

      """
    if let delayMilliseconds {
      script += "function delay()\n  return \(Int(delayMilliseconds.rounded()))\nend\n"
    }
    return script
  }

  /// A Lua script that asks for the first page of the URL (its query included) with `tokens`.
  static func pageScript(tokens: Tokens) -> String {
    threadSetup + """
      function request()
        return wrk.format("GET", nil, {["Authorization"] = "Bearer " .. \(tokens.lua)})
      end

      """
  }
}
