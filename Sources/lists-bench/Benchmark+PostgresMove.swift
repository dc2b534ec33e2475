import Foundation
import ListServer
import Synchronization

extension Benchmark {
  /// `bucket_move_pause_s` and `nodes_add_s_per_million_items`: `lists-server nodes add` of a
  /// third node (cluster 3's database `big`) to `nodes`, the large setup served on `port`,
  /// while `wrk` pushes one-change adds to random accounts of it (4 connections, each waiting
  /// 5 ms before each push; runs of 2 s one after another until `nodes add` ends). The pause is
  /// the longest `nodes add` reports (from the bucket's map row locked on its source to its
  /// rows copied and removed, just before the commit); beside it `bucket_move_push_max_ms`,
  /// the longest push `wrk` waited for, and `bucket_move_push_failures`, the pushes not
  /// answered 2xx or timed out (30 s). The time is the whole `nodes add` over the millions of
  /// items it moved (`nodes_add_items`: those the buckets that ended on the third node held
  /// before).
  func measureNodesAdd(
    server: String, nodes: [String], port: Int, accounts: Int, clusters: PostgresClusters
  ) throws {
    progress("Timing nodes add of a third node under pushes")
    let third = try clusters.database("big", on: 2)
    // The items of each bucket before the move: what moves is what the buckets that end on the
    // third node held (the pushes meanwhile aside).
    var itemsOfBucket = Array(repeating: 0, count: AccountBucket.count)
    for node in nodes {
      let rows = try clusters.psql(
        node,
        sql: """
          SELECT a.bucket, count(*) FROM server_items i JOIN server_accounts a ON a.account = i.account
          GROUP BY a.bucket
          """)
      for row in rows.split(separator: "\n") {
        let columns = row.split(separator: "|").compactMap { Int($0) }
        if columns.count == 2, itemsOfBucket.indices.contains(columns[0]) { itemsOfBucket[columns[0]] += columns[1] }
      }
    }
    let output = folder.file("nodes-add.out")
    guard FileManager.default.createFile(atPath: output, contents: nil) else {
      throw BenchError.child("cannot create \(output)")
    }
    let joining = Process()
    joining.executableURL = URL(fileURLWithPath: server)
    joining.arguments = ["nodes", "add", third] + Self.postgresArguments(nodes)
    joining.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    joining.standardError = joining.standardOutput
    joining.standardInput = FileHandle.nullDevice
    let ended = Mutex<UInt64?>(nil)
    joining.terminationHandler = { _ in ended.withLock { $0 = Stopwatch.now() } }
    let start = Stopwatch.now()
    try joining.run()
    // The pushes, in runs of 2 s one after another until nodes add ends (at most an hour).
    let script = ServerLoad.pushScript(
      tokens: .random(prefix: Self.postgresTokenPrefix, count: accounts), changes: 1,
      delayMilliseconds: 5)
    var loads: [ServerLoad] = []
    while joining.isRunning {
      guard Stopwatch.now() - start < 3_600_000_000_000 else {
        joining.terminate()
        joining.waitUntilExit()
        throw BenchError.child("nodes add took more than an hour")
      }
      do {
        loads.append(
          try ServerLoad.measure(
            url: "http://127.0.0.1:\(port)/v1/lists/entries", token: "-", connections: 4, seconds: 2,
            script: script, folder: folder, timeout: 30))
      } catch {
        joining.terminate()
        joining.waitUntilExit()
        throw error
      }
    }
    joining.waitUntilExit()
    let joined = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    guard joining.terminationStatus == 0, !loads.isEmpty else {
      throw BenchError.child("nodes add exited \(joining.terminationStatus): \(joined.suffix(300))")
    }
    let seconds = Double((ended.withLock { $0 } ?? Stopwatch.now()) - start) / 1e9
    // `Node 3 joined; 341 buckets moved, the longest pause 12 ms.`
    guard let last = joined.split(separator: "\n").last, last.hasPrefix("Node 3 joined;"),
      let pause = last.split(separator: " ").dropLast().last.flatMap({ Double($0) })
    else {
      throw BenchError.child("nodes add printed '\(joined.suffix(200))'")
    }
    let map = try clusters.psql(third, sql: "SELECT bucket FROM server_buckets WHERE node = 2")
      .split(separator: "\n").compactMap { Int($0) }
    let items = map.reduce(0) { $0 + (itemsOfBucket.indices.contains($1) ? itemsOfBucket[$1] : 0) }
    guard items > 0 else { throw BenchError.child("nodes add moved no items") }
    report.set("bucket_move_pause_s", pause / 1000)
    report.set("bucket_move_push_max_ms", loads.map(\.maxMilliseconds).max() ?? .nan)
    report.set("bucket_move_push_per_s", loads.map(\.requestsPerSecond).reduce(0, +) / Double(loads.count))
    report.set("bucket_move_push_failures", .integer(loads.reduce(0) { $0 + $1.errors + $1.timeouts }))
    report.set("nodes_add_s", seconds)
    report.set("nodes_add_items", .integer(items))
    report.set("nodes_add_s_per_million_items", seconds / (Double(items) / 1_000_000))
  }
}
