import Foundation

extension Benchmark {
  /// The kind the server phase serves: one required text field.
  static let serverKind =
    #"{"name": "entries", "item": "entry", "fields": [{"name": "title", "type": "text", "required": true}]}"#

  /// The server phase (`--only server`), driven by `wrk` the same way on both sides:
  ///
  /// - `server_get_over_floor`: pages of 100 items per second from `lists-server` against
  ///   `lists-server-floor`, the same libmicrohttpd setup answering a prebuilt page of the same
  ///   bytes (the floor of this HTTP stack), the median of `--trials` alternating pairs of 3 s
  ///   runs; with `server_get_pages_per_s` and `server_floor_pages_per_s`.
  /// - `server_push_changes_per_s`: changes applied per second in pushes of 100 new adds
  ///   (`synchronous=FULL`), 5 s.
  /// - `server_push_p99_ms`: the p99 latency of a one-change push at half the measured maximum
  ///   rate of one-change pushes (`server_push_max_per_s`), paced by a delay per connection.
  ///
  /// Skipped, with a note, when `wrk` or the two servers (built beside `lists-bench`) are missing.
  /// A new database of `server` named `name`, with the kind `entries` and a token of the
  /// account `bench`: its path and the token.
  func serverDatabase(_ server: String, name: String) throws -> (database: String, token: String) {
    let database = folder.file(name + ".db")
    let kindFile = folder.file(name + "-entries.json")
    try Self.serverKind.write(toFile: kindFile, atomically: true, encoding: .utf8)
    _ = try ServerProcess.capture(server, ["kinds", "add", kindFile, "--db", database])
    let token = try ServerProcess.capture(server, ["token", "add", "bench", "--db", database])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return (database, token)
  }

  func measureServer() throws {
    let folderOfBench = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .path
    let server = folderOfBench + "/lists-server"
    let floor = folderOfBench + "/lists-server-floor"
    guard ServerLoad.wrk != nil else {
      progress("wrk is not installed (apt-get install wrk); skipping the server figures")
      return
    }
    guard FileManager.default.isExecutableFile(atPath: server),
      FileManager.default.isExecutableFile(atPath: floor)
    else {
      progress(
        "lists-server and lists-server-floor are not beside lists-bench; skipping the server figures"
      )
      return
    }
    progress("Timing lists-server against its libmicrohttpd floor")
    let (database, token) = try serverDatabase(server, name: "server")
    let threads = String(max(2, ProcessInfo.processInfo.activeProcessorCount))
    let serving = try ServerProcess(
      server, ["serve", "--db", database, "--listen", "127.0.0.1:0", "--threads", threads])
    defer { serving.stop() }
    let base = "http://127.0.0.1:\(serving.port)/v1/lists/entries"
    // 100 items, then the first page's bytes for the floor to answer.
    _ = try ServerLoad.run(
      url: base, token: token, connections: 1, seconds: 1,
      script: ServerLoad.pushScript(tokens: .one(token), changes: 100), folder: folder)
    let page = try ServerProcess.capture(
      ChildProcess.locate("curl") ?? "/usr/bin/curl",
      ["-s", "-H", "Authorization: Bearer \(token)", base + "?limit=100"])
    guard page.contains("\"next_cursor\"") else {
      throw BenchError.child("lists-server answered no page")
    }
    let pageFile = folder.file("page.json")
    try page.write(toFile: pageFile, atomically: true, encoding: .utf8)
    let floorServer = try ServerProcess(floor, [pageFile, threads])
    defer { floorServer.stop() }

    var ratios: [Double] = []
    var served: [Double] = []
    var floors: [Double] = []
    for trial in 0..<options.trials {
      func get(_ url: String) throws -> Double {
        try ServerLoad.run(
          url: url, token: token, connections: 32, seconds: 3, script: nil, folder: folder
        )
        .requestsPerSecond
      }
      let ours = base + "?limit=100"
      let theirs = "http://127.0.0.1:\(floorServer.port)/v1/lists/entries?limit=100"
      // Alternating which goes first, so that neither always runs on a warmer machine.
      var a = 0.0
      var b = 0.0
      if trial % 2 == 0 {
        a = try get(ours)
        b = try get(theirs)
      } else {
        b = try get(theirs)
        a = try get(ours)
      }
      served.append(a)
      floors.append(b)
      ratios.append(b / a)
    }
    report.set("server_get_pages_per_s", Stopwatch.median(served))
    report.set("server_floor_pages_per_s", Stopwatch.median(floors))
    report.set("server_get_over_floor", Stopwatch.median(ratios))

    let batches = try ServerLoad.run(
      url: base, token: token, connections: 8, seconds: 5,
      script: ServerLoad.pushScript(tokens: .one(token), changes: 100),
      folder: folder)
    report.set("server_push_changes_per_s", batches.requestsPerSecond * 100)
    let connections = 8
    let maximum = try ServerLoad.run(
      url: base, token: token, connections: connections, seconds: 3,
      script: ServerLoad.pushScript(tokens: .one(token), changes: 1),
      folder: folder)
    report.set("server_push_max_per_s", maximum.requestsPerSecond)
    // Half the maximum: each connection waits so that together they send half as many.
    let delay = Double(connections) * 1000 / (maximum.requestsPerSecond / 2)
    let paced = try ServerLoad.run(
      url: base, token: token, connections: connections, seconds: 5,
      script: ServerLoad.pushScript(tokens: .one(token), changes: 1, delayMilliseconds: delay),
      folder: folder)
    report.set("server_push_p99_ms", paced.p99Milliseconds)
    report.set("server_push_paced_per_s", paced.requestsPerSecond)
  }
}
