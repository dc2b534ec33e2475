import Foundation
import ListServer

extension Benchmark {
  /// `pg_accounts_p99_ratio`: two setups of two nodes each (databases `small` and `big` on
  /// clusters 1 and 2), one with ``PostgresScale/smallAccounts`` accounts and one with
  /// ``PostgresScale/accounts``, 10 items each, each served by its own `lists-server`
  /// (`--threads 2`). `wrk` asks for the first page (limit 100) of a random account of the
  /// setup, one request after another on one connection; the figure is the median over
  /// alternating pairs of the large setup's p99 over the small one's, with
  /// `pg_page_p99_big_ms` and `pg_page_p99_small_ms`. Then ``measureNodesAdd`` on the large
  /// setup.
  func measurePostgresAccounts(
    server: String, clusters: PostgresClusters, scale: PostgresScale, kindFile: String,
    body: (prefix: String, suffix: String)
  ) throws {
    var setups: [(nodes: [String], accounts: Int)] = []
    for (name, accounts) in [("small", scale.smallAccounts), ("big", scale.accounts)] {
      progress("Filling two PostgreSQL nodes with \(accounts) accounts of \(Self.postgresItemsPerAccount) items")
      let nodes = [try clusters.database(name, on: 0), try clusters.database(name, on: 1)]
      // lists-server makes the schema and the bucket map on both nodes, and the kind.
      _ = try PostgresClusters.run(server, ["kinds", "add", kindFile] + Self.postgresArguments(nodes))
      try fillPostgres(nodes, accounts: accounts, body: body, clusters: clusters)
      setups.append((nodes, accounts))
    }
    report.set("pg_accounts", .integer(scale.accounts))
    report.set("pg_small_accounts", .integer(scale.smallAccounts))
    let servers = try setups.map { setup in
      try ServerProcess(
        server,
        ["serve"] + Self.postgresArguments(setup.nodes) + ["--listen", "127.0.0.1:0", "--threads", "2"])
    }
    defer { for serving in servers { serving.stop() } }
    for (serving, setup) in zip(servers, setups) {
      try checkFirstAccount(port: serving.port, count: setup.accounts)
    }

    progress("Timing page GETs of random accounts among \(scale.smallAccounts) and among \(scale.accounts)")
    func p99(_ index: Int) throws -> Double {
      try ServerLoad.run(
        url: "http://127.0.0.1:\(servers[index].port)/v1/lists/entries?limit=100", token: "-",
        connections: 1, seconds: scale.seconds,
        script: ServerLoad.pageScript(
          tokens: .random(prefix: Self.postgresTokenPrefix, count: setups[index].accounts)),
        folder: folder
      ).p99Milliseconds
    }
    // Each warmed once, untimed.
    _ = try p99(0)
    _ = try p99(1)
    var small: [Double] = []
    var big: [Double] = []
    var ratios: [Double] = []
    for trial in 0..<scale.trials {
      if trial % 2 == 0 {
        small.append(try p99(0))
        big.append(try p99(1))
      } else {
        big.append(try p99(1))
        small.append(try p99(0))
      }
      ratios.append(big[trial] / small[trial])
    }
    report.set("pg_page_p99_small_ms", Stopwatch.median(small))
    report.set("pg_page_p99_big_ms", Stopwatch.median(big))
    report.set("pg_accounts_p99_ratio", Stopwatch.median(ratios))

    try measureNodesAdd(
      server: server, nodes: setups[1].nodes, port: servers[1].port, accounts: setups[1].accounts,
      clusters: clusters)
  }

  /// Fills `nodes`, made by lists-server and empty, with `accounts` accounts (`a0000000`,
  /// `a0000001`, …) of 10 items each, as pushes would have left them: each account on the
  /// node the map on the first node gives its bucket (`AccountBucket`, the server's own hash),
  /// with `seq` and `last_id` 10; its items ids 1 to 10 at sequences 1 to 10, version 1, bodies
  /// as lists-server stores them (`body` around the title); no deletions, no answers; a token
  /// for each (`lst_bench_N`, its SHA-256 on the first node). Then `VACUUM ANALYZE` on each.
  private func fillPostgres(
    _ nodes: [String], accounts: Int, body: (prefix: String, suffix: String),
    clusters: PostgresClusters
  ) throws {
    let map = try clusters.psql(nodes[0], sql: "SELECT node FROM server_buckets ORDER BY bucket")
      .split(separator: "\n").compactMap { Int($0) }
    guard map.count == AccountBucket.count, map.allSatisfy({ nodes.indices.contains($0) }) else {
      throw BenchError.child("the first node's bucket map is not one of 1,024 buckets on \(nodes.count) nodes")
    }
    let width = max(7, String(accounts - 1).count)
    let items = Self.postgresItemsPerAccount
    var rows = Array(repeating: "", count: nodes.count)
    for number in 0..<accounts {
      let digits = String(number)
      let account = "a" + String(repeating: "0", count: width - digits.count) + digits
      let bucket = AccountBucket.of(account)
      rows[map[bucket]] += "\(account),\(bucket),\(items),\(items)\n"
    }
    for (index, node) in nodes.enumerated() {
      let file = clusters.folder + "/accounts\(index).csv"
      try rows[index].write(toFile: file, atomically: true, encoding: .utf8)
      defer { try? FileManager.default.removeItem(atPath: file) }
      // Item N of every account in round N: an account's items lie apart in the table, as
      // items added over time do.
      let rounds = (1...items).map { item in
        """
        INSERT INTO server_items (account, kind, id, version, seq, body, unique_key)
        SELECT account, 'entries', \(item), 1, \(item), :'prefix' || 'Entry \(item) of ' || account || :'suffix', NULL
        FROM server_accounts;
        """
      }
      try clusters.psql(
        node,
        sql: "\\copy server_accounts (account, bucket, seq, last_id) FROM '\(file)' WITH (FORMAT csv)\n"
          + rounds.joined(separator: "\n") + "\nVACUUM ANALYZE;\n",
        variables: ["prefix": body.prefix, "suffix": body.suffix], timeLimit: 3600)
    }
    try clusters.psql(
      nodes[0],
      sql: """
        INSERT INTO server_tokens (id, account, hash, created_at)
        SELECT 'bench' || n, 'a' || lpad(n::text, \(width), '0'),
          encode(sha256(convert_to('\(Self.postgresTokenPrefix)' || n, 'UTF8')), 'hex'), 0
        FROM generate_series(0, \(accounts - 1)) n;
        VACUUM ANALYZE server_tokens;
        """)
  }

  /// Checks that lists-server on `port` answers the first account's 10 items to its token.
  private func checkFirstAccount(port: Int, count: Int) throws {
    let page = try PostgresClusters.run(
      ChildProcess.locate("curl") ?? "/usr/bin/curl",
      [
        "-s", "-f", "-H", "Authorization: Bearer \(Self.postgresTokenPrefix)0",
        "http://127.0.0.1:\(port)/v1/lists/entries?limit=100",
      ])
    let items = page.components(separatedBy: "\"version\":").count - 1
    guard items == Self.postgresItemsPerAccount else {
      throw BenchError.child("lists-server answered \(items) items of a filled account: \(page.prefix(200))")
    }
  }
}
