import SQLiteCore
import Testing

@testable import ListStore
import ListStoreTesting

@Suite struct ChangeNotificationTests {
  /// Waits for the next element of `changes`, failing after `limit`.
  func next(_ changes: AsyncStream<Void>, within limit: Duration) async -> Bool {
    await result(within: limit) {
      var iterator = changes.makeAsyncIterator()
      return await iterator.next()
    } != nil
  }

  @Test func writeThroughTheStoreIsReportedAtOnce() async throws {
    try await withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path(), configuration: .init(changePollInterval: .seconds(60)))
      let changes = try database.changes(to: .orders)
      try database.orders().add(OrderDraft(number: "A-1", total: Money(parsing: "1", currency: .eur)))
      // The poller is 60 s away: only the direct report can deliver this.
      #expect(await next(changes, within: deliveryBound))
    }
  }

  @Test func writeByAnotherConnectionIsReported() async throws {
    try await withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let changes = try database.changes(to: .favorites)
      let other = try Connection(path: folder.path())
      try other.execute("INSERT INTO favorites (ref, title) VALUES ('r', 't')")
      // The poller looks every 50 ms. How fast the waiting task then runs depends on the
      // hundreds of tests sharing two cores, so the bound here is only "it comes"; the latency
      // is measured by lists-bench (notify_latency_ms).
      #expect(await next(changes, within: deliveryBound))
    }
  }

  @Test func otherListsAndAccountsDoNotWakeTheObserver() async throws {
    try await withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path(), configuration: .init(changePollInterval: .milliseconds(10)))
      let changes = try database.changes(to: .orders, account: "ann")
      try database.favorites(account: "ann").add(FavoriteDraft(ref: "r", title: "t"))
      try database.orders(account: "bob").add(OrderDraft(number: "B-1", total: Money(parsing: "1", currency: .eur)))
      #expect(await next(changes, within: .milliseconds(300)) == false)
    }
  }
}

extension ChangeNotificationTests {
  @Test func changeStreamsEndWhenTheDatabaseIsReleased() async throws {
    try await withTemporaryFolder { folder in
      var database: ListsDatabase? = try ListsDatabase(path: folder.path())
      let orders = try #require(database).changes(to: .orders)
      let favorites = try #require(database).changes(to: .favorites)
      database = nil
      #expect(await completes { for await _ in orders {} })
      #expect(await completes { for await _ in favorites {} })
    }
  }

  @Test func pausedObservationPollsNotAndResumingDeliversWhatChangedMeanwhile() async throws {
    try await withTemporaryFolder { folder in
      let database = try ListsDatabase(
        path: folder.path(), configuration: .init(changePollInterval: .milliseconds(10)))
      let changes = try database.changes(to: .favorites)
      // Waiting in vain for an element ends a stream, so that check gets a stream of its own.
      let unheard = try database.changes(to: .favorites)
      let thread = try #require(database.hub.pollingThreadName)
      database.pauseObservingOtherProcesses()
      #expect(!database.hub.isPolling)
      // No thread, no poll.
      #expect(await eventually { !threadExists(named: thread) })
      let other = try Connection(path: folder.path())
      try other.execute("INSERT INTO favorites (ref, title) VALUES ('r', 't')")
      #expect(await next(unheard, within: .milliseconds(200)) == false)

      database.resumeObservingOtherProcesses()
      #expect(database.hub.isPolling)
      #expect(await next(changes, within: deliveryBound))
    }
  }

  @Test func writesThroughTheDatabaseAreReportedWhilePaused() async throws {
    try await withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      database.pauseObservingOtherProcesses()
      let changes = try database.changes(to: .favorites)
      #expect(!database.hub.isPolling)
      try database.favorites().add(FavoriteDraft(ref: "r", title: "t"))
      #expect(await next(changes, within: deliveryBound))
    }
  }
}
