import Foundation
import ListProtocol
import Testing

/// `nodes add` on PostgreSQL: a third node joins while every account writes through a server
/// started with two; nothing applied is lost or doubled, and each bucket ends on one node.
@Suite(
  .serialized,
  .enabled(
    if: PostgresCluster.isAvailable,
    "PostgreSQL is not installed (apt install postgresql): these tests start their own clusters with its initdb and pg_ctl"
  ))
struct PostgresNodeTests {
  /// Pushes `count` adds for `account`, one at a time, each sent again while answered `503`;
  /// the titles answered `applied`.
  private static func write(_ server: ServerProcess, _ token: String?, account: String, count: Int)
    async throws -> [String]
  {
    let client = Client()
    var applied: [String] = []
    for number in 0..<count {
      let title = "\(account)-\(number)"
      let change = add("\(account)-\(number)", #"{"title": "\#(title)"}"#)
      for _ in 0..<200 {
        let answer = try await client.push(server.url(), token: token, [change])
        if answer.status == 200 {
          let results = try PushResponse.decode(answer.body, sent: [change.changeID]).results
          if case .applied = results[0].outcome { applied.append(title) }
          break
        }
        try await Task.sleep(for: .milliseconds(50))
      }
    }
    return applied
  }

  @Test func aNodeAddedUnderWritesLosesAndDoublesNothing() async throws {
    try await PostgresCluster.serving(nodes: 2) {
      let cluster = try #require(PostgresCluster.target?.cluster)
      let server = try await ServerProcess.start()
      defer { Task { await server.remove() } }
      var tokens = server.tokens
      for number in 0..<6 {
        let made = try await server.command(["token", "add", "user\(number)"])
        tokens["user\(number)"] = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
      }
      let third = try await cluster.newDatabase()
      let accounts = tokens.keys.sorted()
      let tokensByAccount = tokens
      async let joined = server.command(["nodes", "add", third])
      let written = try await withThrowingTaskGroup(of: (String, [String]).self) { group in
        for account in accounts {
          group.addTask {
            (
              account,
              try await Self.write(
                server, tokensByAccount[account], account: account, count: 25)
            )
          }
        }
        var all: [String: [String]] = [:]
        for try await (account, titles) in group { all[account] = titles }
        return all
      }
      let join = try await joined
      #expect(join.status == 0, "\(join.stderr)")
      #expect(join.stdout.contains("Node 3 joined"))
      let client = Client()
      for account in accounts {
        #expect(written[account]?.count == 25)
        let page = try await client.get(server.url(query: "limit=500"), token: tokens[account])
          .page()
        let titles = page.items.compactMap { $0["title"]?.stringValue }
        #expect(titles.sorted() == (written[account] ?? []).sorted(), "\(account)")
      }
      // Every node has the same map, and holds the accounts of its buckets only.
      let nodes = server.nodes + [third]
      var maps: Set<String> = []
      var owners: [String: Int] = [:]
      for (position, node) in nodes.enumerated() {
        let map = try await cluster.psql(
          node, "SELECT string_agg(node::text, ',' ORDER BY bucket) FROM server_buckets")
        maps.insert(map.stdout)
        let held = try await cluster.psql(node, "SELECT bucket, account FROM server_accounts")
        for line in held.stdout.split(separator: "\n") {
          let parts = line.split(separator: "|")
          let bucket = Int(parts[0]) ?? -1
          let mapped = map.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            .split(separator: ",")
          #expect(mapped.count == 1024 && Int(mapped[bucket]) == position, "\(line)")
          #expect(owners.updateValue(position, forKey: String(parts[1])) == nil, "\(line)")
        }
      }
      #expect(maps.count == 1)
      #expect(owners.count == accounts.count)
      #expect(Set(owners.values).count >= 2)
    }
  }
}
