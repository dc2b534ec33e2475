import Foundation
import ListProtocol
import TestSupport
import Testing

/// The server's conformance tests — the very test functions the SQLite storage passes, called
/// here with a PostgreSQL cluster as the target of every server they start — against one node
/// and two nodes (two databases of the cluster, each account on one of them by its bucket);
/// then what only PostgreSQL has: a node stopped and started again, a node's newer schema.
@Suite(
  .serialized,
  .enabled(
    if: PostgresCluster.isAvailable,
    "PostgreSQL is not installed (apt install postgresql): these tests start their own clusters with its initdb and pg_ctl"
  ))
struct PostgresConformanceTests {
  @Test(arguments: [1, 2]) func pushes(nodes: Int) async throws {
    try await PostgresCluster.serving(nodes: nodes) {
      let tests = PushTests()
      try await tests.aChangeSentAgainIsAnsweredAsTheFirstTimeAndAppliedOnce()
      try await tests.aChangeSentConcurrentlyOnTwoConnectionsIsAppliedOnce()
      try await tests.aStaleBaseVersionOrAGoneItemIsAConflictWithTheCurrentItemOrNull()
      try await tests.addedAtIsTakenAsSentOrSetByTheServer()
      for rejection in PushTests.rejections {
        try await tests.anItemBreakingARuleIsRejectedWithTheMessageAndField(
          item: rejection.item, message: rejection.message, field: rejection.field)
      }
      try await tests.aOnePerAccountFlagSetOnOneItemIsClearedOnTheOthersAsANewVersion()
      try await tests.theUniqueRuleHoldsWithinAnAccountForAddsAndUpdates()
    }
  }

  @Test(arguments: [1, 2]) func paging(nodes: Int) async throws {
    try await PostgresCluster.serving(nodes: nodes) {
      let tests = PagingTests()
      try await tests.aWalkSeesEveryItemThatExistedThroughoutItExactlyOnceWhileWritesHappen()
      try await tests.aPullSinceACheckpointHoldsWhatChangedAndWhatWasDeleted()
      try await tests.aCheckpointOlderThanTheDeletionsKeptIsAnswered410()
      try await tests.oneAccountNeverSeesOrChangesAnothersItems()
    }
  }

  @Test(arguments: [1, 2]) func limitsAndHostileRequests(nodes: Int) async throws {
    try await PostgresCluster.serving(nodes: nodes) {
      let limits = LimitTests()
      try await limits.everyErrorStatusHasItsJSONBody()
      try await limits.aBodyOverOneMebibyteOrOverAHundredChangesIs413()
      try await limits.headersOver16KiBAre431()
      try await limits.pastMaxConnectionsARequestIs503()
      try await limits.healthAndMetricsAnswerInPlainText()
      let hostile = HostileRequestTests()
      try await hostile.badJSONBadUTF8AndDeepNestingAreAnswered400()
      try await hostile.truncatedBodiesHugeBodiesAndManyIdleConnectionsLeaveItUpWithBoundedMemory()
      if nodes == 1 { try await hostile.anIdleConnectionIsClosedAfter30Seconds() }
    }
  }

  @Test(arguments: [1, 2]) func commandsAndClients(nodes: Int) async throws {
    try await PostgresCluster.serving(nodes: nodes) {
      let commands = CommandTests()
      try await commands.serveStopsOnSIGTERMAndSIGINTWithStatus0()
      try await commands.tokensAreListedByIdAndAccountNeverByValueAndCanBeRemoved()
      try await commands.kindsAreAddedUpdatedAndListedAsListsKindsAddTakesThem()
      try await ClientEndToEndTests().twoDevicesSyncThroughTheServerAndAConflictIsShown()
      let convergence = ConvergenceTests()
      for seed in [UInt64(36), 0x5EED] {
        try await convergence.twoDevicesConvergeOnWhatTheServerHolds(seed: seed)
      }
    }
  }

  @Test func aNodeStoppedImmediatelyIs503MeanwhileAndLosesNothingApplied() async throws {
    try await PostgresCluster.serving(nodes: 1) {
      let cluster = try #require(PostgresCluster.target?.cluster)
      let server = try await ServerProcess.start()
      defer { Task { await server.remove() } }
      let client = Client()
      let alice = server.tokens["alice"]
      let before = try await client.results(server.url(), token: alice, [add("1", #"{"title": "Before"}"#)])
      #expect(before.allSatisfy { if case .applied = $0.outcome { true } else { false } })
      try await cluster.stopServer()
      let during = [add("2", #"{"title": "During"}"#)]
      let refused = try await client.push(server.url(), token: alice, during)
      #expect(refused.status == 503)
      #expect(refused.headers["retry-after"] == "1")
      let health = try await client.get("http://127.0.0.1:\(server.port)/healthz", token: nil)
      #expect(health.status == 503)
      #expect(try await client.get(server.url(), token: alice).status == 503)
      #expect(try await cluster.startServer())
      var answer = try await client.push(server.url(), token: alice, during)
      for _ in 0..<50 where answer.status != 200 {
        try await Task.sleep(for: .milliseconds(100))
        answer = try await client.push(server.url(), token: alice, during)
      }
      #expect(answer.status == 200)
      let titles = try await client.get(server.url(), token: alice).page().items.compactMap {
        $0["title"]?.stringValue
      }
      #expect(titles.sorted() == ["Before", "During"])
    }
  }

  @Test func aNodeWithANewerSchemaIsRefusedWith78() async throws {
    try await PostgresCluster.serving(nodes: 2) {
      let cluster = try #require(PostgresCluster.target?.cluster)
      let server = try await ServerProcess.start()
      defer { Task { await server.remove() } }
      _ = await server.stop()
      let newer = try await cluster.psql(
        server.nodes[1], "INSERT INTO server_migrations VALUES (99, 'future', 'x', 0)")
      #expect(newer.status == 0, "\(newer.stderr)")
      let refused = try await server.command(["kinds"])
      #expect(refused.status == 78)
      #expect(refused.stderr.contains("newer than this lists-server knows"))
    }
  }
}
