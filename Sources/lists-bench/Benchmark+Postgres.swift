import Foundation
import ListServer
import TextFormats

extension Benchmark {
  /// The sizes of the server-postgres phase: `--rows` × 5 accounts (1,000,000 at the default
  /// `--rows` of 200,000) against 1,000; 5 s load runs and `--trials` pairs, or 1 s runs and 3
  /// pairs below 100,000 `--rows` (the tiny run of the tests).
  struct PostgresScale {
    /// The accounts of the large setup, and of the small one.
    var accounts: Int
    var smallAccounts: Int
    /// Each load run's length, and how many pairs of runs are timed.
    var seconds: Int
    var trials: Int

    init(_ options: BenchOptions) {
      let full = options.rows >= 100_000
      accounts = options.rows * 5
      smallAccounts = min(1_000, accounts)
      seconds = full ? 5 : 1
      trials = full ? options.trials : 3
    }
  }

  /// Items per account in the accounts figure.
  static let postgresItemsPerAccount = 10
  /// The tokens written for the filled accounts: this and the account's number.
  static let postgresTokenPrefix = "lst_bench_"

  /// The server-postgres phase (`--only server-postgres`): `lists-server` on PostgreSQL nodes,
  /// on three clusters of the bench's own (``PostgresClusters``), driven by `wrk`.
  ///
  /// - `pg_push_over_floor`: one-change pushes per second of `lists-pg-floor` — the statements
  ///   lists-server sends for one, straight through libpq — over those of `lists-server` on
  ///   the same node; both one client sending one push after another (`wrk -c1`), `--trials`
  ///   alternating pairs; with `pg_push_per_s` and `pg_floor_push_per_s`.
  /// - `pg_accounts_p99_ratio`: the p99 latency of a page GET of a random account's 10 items,
  ///   one client, with ``PostgresScale/accounts`` accounts over two nodes against the same
  ///   with 1,000 (``measurePostgresAccounts``).
  /// - `bucket_move_pause_s` and `nodes_add_s_per_million_items`: `nodes add` of a third node to
  ///   the large setup under pushes (``measureNodesAdd``).
  ///
  /// Skipped, with a note, when PostgreSQL or `wrk` is not installed or `lists-server` and
  /// `lists-pg-floor` are not beside the bench.
  func measureServerPostgres() throws {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
    let server = beside + "/lists-server"
    let floor = beside + "/lists-pg-floor"
    guard ServerLoad.wrk != nil else {
      progress("wrk is not installed (apt-get install wrk); skipping the PostgreSQL figures")
      return
    }
    if let reason = PostgresClusters.unavailableReason {
      progress("\(reason); skipping the PostgreSQL figures")
      return
    }
    guard FileManager.default.isExecutableFile(atPath: server),
      FileManager.default.isExecutableFile(atPath: floor)
    else {
      progress("lists-server and lists-pg-floor are not beside lists-bench; skipping the PostgreSQL figures")
      return
    }
    let clusters = try PostgresClusters(folder: folder.file("postgres"))
    defer { clusters.remove() }
    progress("Starting three PostgreSQL clusters")
    for _ in 0..<3 { try clusters.start() }
    let scale = PostgresScale(options)
    let kindFile = folder.file("pg-entries.json")
    try Self.serverKind.write(toFile: kindFile, atomically: true, encoding: .utf8)
    let body = try measurePostgresPush(server: server, floor: floor, clusters: clusters, scale: scale, kindFile: kindFile)
    try measurePostgresAccounts(server: server, clusters: clusters, scale: scale, kindFile: kindFile, body: body)
  }

  /// `--postgres` for each of `nodes`.
  static func postgresArguments(_ nodes: [String]) -> [String] {
    nodes.flatMap { ["--postgres", $0] }
  }

  /// `pg_push_over_floor` on a node of its own (cluster 1's database `push`), the account
  /// `bench`. Returns the stored body of an item whose title was `bench-probe`, split around
  /// the title: what the accounts figure fills the nodes with.
  private func measurePostgresPush(
    server: String, floor: String, clusters: PostgresClusters, scale: PostgresScale, kindFile: String
  ) throws -> (prefix: String, suffix: String) {
    progress("Timing one-change pushes through lists-server on PostgreSQL against libpq")
    let node = try clusters.database("push", on: 0)
    let nodes = Self.postgresArguments([node])
    _ = try PostgresClusters.run(server, ["kinds", "add", kindFile] + nodes)
    let token = try PostgresClusters.run(server, ["token", "add", "bench"] + nodes)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let serving = try ServerProcess(
      server, ["serve"] + nodes + ["--listen", "127.0.0.1:0", "--threads", "2"])
    defer { serving.stop() }
    let url = "http://127.0.0.1:\(serving.port)/v1/lists/entries"

    // One push of a known title: the body and the answer lists-server stores, for the floor.
    _ = try PostgresClusters.run(
      ChildProcess.locate("curl") ?? "/usr/bin/curl",
      [
        "-s", "-f", "-H", "Authorization: Bearer \(token)", "-H", "Content-Type: application/json",
        "-d", #"{"changes":[{"change_id":"probe","op":"add","item":{"title":"bench-probe"}}]}"#, url,
      ])
    let stored = try clusters.psql(
      node,
      sql: """
        SELECT i.body, a.answer FROM server_items i JOIN server_answers a ON a.account = i.account
        WHERE i.account = 'bench' AND a.change_id = 'probe'
        """
    ).trimmingCharacters(in: .newlines).split(separator: "|", maxSplits: 1).map(String.init)
    guard stored.count == 2, let title = stored[0].range(of: "bench-probe") else {
      throw BenchError.child("lists-server stored no probe item: \(stored)")
    }
    let bucket = AccountBucket.of("bench")
    let position = try clusters.psql(node, sql: "SELECT node FROM server_buckets WHERE bucket = \(bucket)")
      .trimmingCharacters(in: .whitespacesAndNewlines)

    func served() throws -> Double {
      try ServerLoad.run(
        url: url, token: token, connections: 1, seconds: scale.seconds,
        script: ServerLoad.pushScript(tokens: .one(token), changes: 1), folder: folder
      ).requestsPerSecond
    }
    func floored() throws -> Double {
      let output = try PostgresClusters.run(
        floor,
        [
          node, sha256Hex(Array(token.utf8)), "entries", "bench", String(bucket), position, stored[0],
          stored[1], String(scale.seconds), "10000000",
        ])
      let figures = output.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
      guard figures.count == 2, figures[0] > 0, figures[1] > 0 else {
        throw BenchError.child("lists-pg-floor printed '\(output)'")
      }
      return figures[0] / figures[1]
    }
    // Both warmed once (connections made, statements prepared), untimed; then the node's
    // statistics brought up to date, as autovacuum would within a minute: on the statistics of
    // the empty table the planner reads an item by id through the sequence index, scanning
    // all of the account's items, and it would switch plans when autovacuum came mid-trial.
    _ = try served()
    _ = try floored()
    try clusters.psql(node, sql: "ANALYZE")
    var ratios: [Double] = []
    var ours: [Double] = []
    var theirs: [Double] = []
    for trial in 0..<scale.trials {
      // Alternating which goes first, so that neither always runs on a warmer machine.
      if trial % 2 == 0 {
        ours.append(try served())
        theirs.append(try floored())
      } else {
        theirs.append(try floored())
        ours.append(try served())
      }
      ratios.append(theirs[trial] / ours[trial])
    }
    report.set("pg_push_per_s", Stopwatch.median(ours))
    report.set("pg_floor_push_per_s", Stopwatch.median(theirs))
    report.set("pg_push_over_floor", Stopwatch.median(ratios))
    return (String(stored[0][..<title.lowerBound]), String(stored[0][title.upperBound...]))
  }
}
