import Foundation
import ListProtocol
import TestSupport
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

  @Test func aNodesAddKilledPartWayFinishesWhenRunAgain() async throws {
    try await PostgresCluster.serving(nodes: 2) {
      let cluster = try #require(PostgresCluster.target?.cluster)
      let server = try await ServerProcess.start()
      defer { Task { await server.remove() } }
      // kim's and xia's buckets go to the third node; ann's and cy's stay.
      var tokens: [String: String] = [:]
      for account in ["ann", "cy", "kim", "xia"] {
        let made = try await server.command(["token", "add", account])
        tokens[account] = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let written = try await Self.write(server, tokens[account], account: account, count: 5)
        #expect(written.count == 5)
      }
      let third = try await cluster.newDatabase()
      let output = server.folder + "/join.out"
      _ = FileManager.default.createFile(atPath: output, contents: nil)
      let first = Process()
      first.executableURL = URL(fileURLWithPath: ServerBinary.path("lists-server"))
      first.arguments = ["nodes", "add", third] + server.storage
      first.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
      first.standardError = FileHandle.nullDevice
      try first.run()
      for _ in 0..<300 {
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        if text.contains("Moved bucket") { break }
        try await Task.sleep(for: .milliseconds(20))
      }
      kill(first.processIdentifier, SIGKILL)
      first.waitUntilExit()
      let movedFirst = try String(contentsOfFile: output, encoding: .utf8)
        .split(separator: "\n").filter { $0.hasPrefix("Moved bucket") }.count
      #expect(movedFirst > 0)
      #expect(first.terminationReason == .uncaughtSignal)
      let again = try await server.command(["nodes", "add", third])
      #expect(again.status == 0, "\(again.stderr)")
      let moved = again.stdout.split(separator: "\n").filter { $0.hasPrefix("Moved bucket") }.count
      // The bucket in flight at the kill is moved again, or only switched when its source had
      // committed: 340 or 341 moves in all, the second run never starting over.
      #expect((340...341).contains(movedFirst + moved), "\(movedFirst) then \(moved)")
      let client = Client()
      for account in tokens.keys.sorted() {
        let titles = try await client.get(server.url(), token: tokens[account]).page().items
          .compactMap { $0["title"]?.stringValue }
        #expect(titles.sorted() == (0..<5).map { "\(account)-\($0)" }.sorted(), "\(account)")
      }
      var maps: Set<String> = []
      for node in server.nodes + [third] {
        maps.insert(
          try await cluster.psql(
            node, "SELECT string_agg(node::text, ',' ORDER BY bucket) FROM server_buckets"
          ).stdout)
      }
      #expect(maps.count == 1)
      let onThird = try await cluster.psql(third, "SELECT account FROM server_accounts ORDER BY 1")
      #expect(onThird.stdout.split(separator: "\n") == ["kim", "xia"])
    }
  }
}
