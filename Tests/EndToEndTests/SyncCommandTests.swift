import Foundation
import TestSupport
import Testing

/// `lists sync` and `show`'s network side, through the built `lists` and `lists-sync`,
/// against the test server.
@Suite struct SyncCommandTests {
  static var favorites: [[String: Any]] {
    [
    ["id": 1, "ref": "book:1", "title": "Dune"], ["id": 2, "ref": "book:2", "title": "Emma"],
    ["id": "b-3", "ref": "book:3", "title": "Ubik"],
    ]
  }

  @Test func syncThenShowWithTheServerStoppedShowsTheCacheWithOneNotice() async throws {
    let sandbox = try Sandbox()
    let remote = try await TestRemote.start()
    try await remote.control(items: Self.favorites)
    let synced = await sandbox.run("sync", "favorites", "--from", remote.url())
    #expect(synced.exitCode == 0, "\(synced)")
    #expect(synced.stdout == "Synced 1 page of favorites from \(remote.url()): 3 cached (3 new).\n")
    remote.stop()
    let shown = await sandbox.run("show", "favorites", "--max-age", "0")
    #expect(shown.exitCode == 0, "\(shown)")
    #expect(shown.stdoutLines.contains { $0.contains("Dune") })
    let notice = try #require(shown.stdoutLines.last)
    #expect(notice.hasPrefix("Offline — showing favorites from "))
    #expect(notice.hasSuffix(" (server unreachable)."))
    #expect(shown.stderr == "")
    let json = try await sandbox.run("show", "favorites", "--offline", "--json").json()
    #expect(json["state"] == .string("content"))
    #expect(json["sync"]?["state"] == .string("offline"))
    #expect(json["sync"]?["remote"] == .string(remote.url()))
    #expect(json["sync"]?["error"]?["kind"] == .string("unreachable"))
    #expect(json["sync"]?["error"]?["retryable"] == .bool(true))
  }

  /// Items added before the list had a remote become pending adds at its first pull (§12a:
  /// the remote is where they belong); the same sync sends them, never ending with changes it
  /// could have sent.
  @Test func theFirstSyncSendsTheItemsAddedBeforeIt() async throws {
    let sandbox = try Sandbox()
    let remote = try await TestRemote.start()
    try await remote.control(items: [])
    let added = await sandbox.run("add", "favorites", "--ref", "P-1", "--title", "Blue mug")
    #expect(added.exitCode == 0, "\(added)")
    let synced = await sandbox.run("sync", "favorites", "--from", remote.url())
    #expect(synced.exitCode == 0, "\(synced)")
    #expect(synced.stdoutLines.contains("Sent 1 change of favorites to \(remote.url()): applied."), "\(synced)")
    let status = await sandbox.run("sync", "status", "favorites")
    #expect(status.stdout.contains("  0 changes not synced yet\n"), "\(status)")
    let held = try await remote.state().items
    #expect(held.map { $0["title"] as? String } == ["Blue mug"])
  }

  @Test func nothingCachedAndTheRemoteFailingIsTheErrorPlaceholderWithTheRemotesExitCode() async throws {
    let sandbox = try Sandbox()
    let failed = await sandbox.run("sync", "favorites", "--from", "http://127.0.0.1:1/items")
    #expect(failed.exitCode == 69)
    #expect(failed.stderr.hasPrefix("Error: page 1: the server is unreachable"))
    // Never synced, nothing tried: loading, not empty.
    let offline = try await sandbox.run("show", "favorites", "--offline", "--json").json()
    #expect(offline["state"] == .string("loading"))
    #expect(offline["sync"]?["state"] == .string("never"))
    let shown = await sandbox.run("show", "favorites")
    #expect(shown.exitCode == 69, "\(shown)")
    #expect(shown.stdout.contains("Retry: lists sync favorites"))
    #expect(shown.stdout.contains("Couldn't load favorites"))
  }

  @Test(arguments: [
    ("401", 77), ("bad json", 76), ("missing next_cursor", 76), ("rejected item", 65),
  ])
  func faultsExitWithTheDocumentedCode(fault: String, exitCode: Int32) async throws {
    let sandbox = try Sandbox()
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    let faults: [String: [[String: Any]]] = [
      "401": [["status": 401]], "bad json": [["bad_json": true]],
      "missing next_cursor": [["missing": "next_cursor"]],
      "rejected item": [["change": [["id": 1, "ref": "book:1"]]]],
    ]
    try await remote.control(items: Self.favorites, faults: faults[fault]!)
    let result = await sandbox.run("sync", "favorites", "--from", remote.url())
    #expect(result.exitCode == exitCode, "\(result)")
    #expect(result.stderr.hasPrefix("Error: page 1: "), "\(result)")
    #expect(result.stderrLines.count == 1)
    let count = try await sandbox.run("show", "favorites", "--offline", "--json").json()
    #expect(count["total_count"] == .number("0"))
  }

  @Test func headersReachTheServerButNeverTheOutputOrTheFile() async throws {
    let sandbox = try Sandbox()
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(items: Self.favorites, faults: [[:], ["status": 403]])
    let secret = "Bearer e2e-9d8c7b6a"
    let first = await sandbox.run("sync", "favorites", "--from", remote.url(), "--header", "Authorization: \(secret)")
    #expect(first.exitCode == 0, "\(first)")
    let refused = await sandbox.run(
      "sync", "favorites", "--from", remote.url(), "--header", "Authorization: \(secret)")
    #expect(refused.exitCode == 77)
    #expect(try await remote.log().map(\.authorization) == [secret, secret])
    let shown = await sandbox.run("show", "favorites", "--offline", "--json")
    for text in [first.stdout, first.stderr, refused.stdout, refused.stderr, shown.stdout, shown.stderr] {
      #expect(!text.contains("e2e-9d8c7b6a"))
    }
    for name in try FileManager.default.contentsOfDirectory(atPath: sandbox.path("")) {
      guard let bytes = FileManager.default.contents(atPath: sandbox.path(name)) else { continue }
      #expect(bytes.range(of: Data("e2e-9d8c7b6a".utf8)) == nil, "\(name)")
    }
  }

  @Test func aStaleShowRefreshesFirstAndReportsRemoteEvents() async throws {
    let sandbox = try Sandbox()
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(items: Self.favorites)
    #expect(await sandbox.run("sync", "favorites", "--from", remote.url(), "--all").exitCode == 0)
    try await remote.control(items: [["id": 1, "ref": "book:1", "title": "Dune Messiah"]])
    // Fresh: no request.
    let fresh = try await sandbox.run("show", "favorites", "--json").json()
    #expect(fresh["total_count"] == .number("3"))
    #expect(fresh["sync"]?["state"] == .string("fresh"))
    let stale = await sandbox.run("show", "favorites", "--max-age", "0", "--json", "--events")
    #expect(stale.exitCode == 0, "\(stale)")
    #expect(stale.stderrLines.contains(#"{"event":"remote_loading","page":1}"#))
    #expect(stale.stderrLines.contains(#"{"event":"remote_loaded","page":1,"count":1}"#))
    let json = try JSON.parse(stale.stdout)
    #expect(json["total_count"] == .number("1"))
    #expect(json["items"]?.arrayValue?.first?["title"] == .string("Dune Messiah"))
    #expect(try await remote.log().count == 2)
  }

  @Test func watchShowsASyncRunningInAnotherProcess() async throws {
    let sandbox = try Sandbox()
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    try await remote.control(items: Self.favorites)
    let watch = try sandbox.start(["watch", "favorites", "--json"])
    let first = try await WatchCommandTests.lines(1, of: watch, within: .seconds(10))
    #expect(first.first?["state"] == .string("empty"))
    let synced = await sandbox.run("sync", "favorites", "--from", remote.url(), "--limit", "2", "--all")
    #expect(synced.exitCode == 0, "\(synced)")
    // Each page is an ordinary commit: watch shows the list as it fills, ending with all three.
    let arrived = await watch.pump(until: .now + WatchCommandTests.changeDeadline) { watch in
      guard let last = watch.stdoutLines.last, let json = try? JSON.parse(last) else { return false }
      return json["total_count"] == .number("3")
    }
    #expect(arrived, "\(watch.stdoutText)")
    await WatchCommandTests.interrupt(watch)
  }
}

/// What a refresh does to what the person wrote: nothing is lost.
@Suite struct SyncKeepsLocalWritesTests {
  @Test func aRefreshNeverDeletesWhatThePersonAdded() async throws {
    let sandbox = try Sandbox()
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    let kind = sandbox.path("books.json")
    try sandbox.write(
      #"{"name":"books","item":"book","fields":[{"name":"title","type":"text","required":true},{"name":"author","type":"text"}]}"#,
      to: kind)
    #expect(await sandbox.run("kinds", "add", kind).exitCode == 0)
    try await remote.control(items: [["id": 1, "title": "Dune"], ["id": 2, "title": "Emma"]])
    let synced = await sandbox.run("sync", "books", "--from", remote.url())
    #expect(synced.exitCode == 0, "\(synced)")
    let added = await sandbox.run("add", "books", "--title", "Local Added", "--author", "me")
    #expect(added.exitCode == 0, "\(added)")
    #expect(try await sandbox.run("show", "books", "--offline", "--json").json()["total_count"] == .number("3"))
    let refreshed = try await sandbox.run("show", "books", "--max-age", "0s", "--json").json()
    #expect(refreshed["total_count"] == .number("3"))
    #expect(refreshed["sync"]?["state"] == .string("fresh"))
    // A complete walk with --all keeps it too.
    #expect(await sandbox.run("sync", "books", "--from", remote.url(), "--all").exitCode == 0)
    let shown = await sandbox.run("show", "books", "--offline")
    #expect(shown.stdoutLines.contains { $0.contains("Local Added") }, "\(shown)")
  }
}

/// `lists sync` sends the person's changes before it fetches; `show` says what waits.
@Suite struct SyncPushCommandTests {
  static func booksSandbox(_ remote: TestRemote) async throws -> Sandbox {
    let sandbox = try Sandbox()
    let kind = sandbox.path("books.json")
    try sandbox.write(
      #"{"name":"books","item":"book","fields":[{"name":"title","type":"text","required":true},{"name":"author","type":"text"}]}"#,
      to: kind)
    #expect(await sandbox.run("kinds", "add", kind).exitCode == 0)
    try await remote.control(items: [["id": 1, "title": "Dune", "version": 1], ["id": 2, "title": "Emma", "version": 1]])
    #expect(await sandbox.run("sync", "books", "--from", remote.url()).exitCode == 0)
    return sandbox
  }

  @Test func anOfflineAddWaitsIsShownAndIsDeliveredOnceByTheNextSync() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    let sandbox = try await Self.booksSandbox(remote)
    #expect(await sandbox.run("add", "books", "--title", "Local").exitCode == 0)
    let shown = await sandbox.run("show", "books", "--offline")
    #expect(shown.stdoutLines.last == "1 change not synced yet.", "\(shown)")
    let json = try await sandbox.run("show", "books", "--offline", "--json").json()
    #expect(json["sync"]?["pending"] == .number("1"))
    #expect(json["sync"]?["conflicts"] == .number("0"))
    // The server refuses the push: the change stays, the pull still runs, and the exit code is
    // the push's.
    try await remote.control(faults: [["status": 401]])
    let failed = await sandbox.run("sync", "books")
    #expect(failed.exitCode == 77, "\(failed)")
    #expect(failed.stderrLines == ["Error: push: the server refused the request (401); check the credentials."], "\(failed)")
    #expect(failed.stdoutLines.first?.hasPrefix("Synced 1 page of books") == true, "\(failed)")
    #expect(try await sandbox.run("show", "books", "--offline", "--json").json()["sync"]?["pending"] == .number("1"))
    // The next sync, with the stored URL, delivers it.
    let synced = await sandbox.run("sync", "books")
    #expect(synced.exitCode == 0, "\(synced)")
    #expect(synced.stdoutLines.first == "Sent 1 change of books to \(remote.url()): applied.", "\(synced)")
    let server = try await remote.state()
    #expect(server.items.filter { $0["title"] as? String == "Local" }.count == 1)
    #expect(server.applied.values.allSatisfy { $0 == 1 })
    let after = await sandbox.run("show", "books", "--offline")
    #expect(!after.stdout.contains("not synced"), "\(after)")
  }

  @Test func aRefusedChangeExits65AndIsShown() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    let sandbox = try await Self.booksSandbox(remote)
    try await remote.reject(titles: ["Forbidden"])
    #expect(await sandbox.run("add", "books", "--title", "Forbidden").exitCode == 0)
    let synced = await sandbox.run("sync", "books")
    #expect(synced.exitCode == 65, "\(synced)")
    #expect(synced.stderr == "Error: 1 change was refused by the server: lists sync status books\n", "\(synced)")
    let shown = await sandbox.run("show", "books", "--offline")
    #expect(!shown.stdout.contains("Forbidden"), "\(shown)")
    #expect(shown.stdoutLines.last == "1 change was refused by the server: lists sync status books", "\(shown)")
    #expect(try await sandbox.run("show", "books", "--offline", "--json").json()["sync"]?["rejected"] == .number("1"))
  }

  @Test func watchSendsEachChangeSoonAfterItIsMadeUntilInterrupted() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    let sandbox = try await Self.booksSandbox(remote)
    let watch = try sandbox.start(["sync", "books", "--watch"])
    let started = await watch.pump(until: .now + .seconds(30)) { $0.stdoutLines.contains { $0.contains("in step") } }
    #expect(started, "\(watch.stdoutText)\(watch.stderrText)")
    // Another process writes; the watch sends it without being asked.
    #expect(await sandbox.run("add", "books", "--title", "Watched").exitCode == 0)
    #expect(try await eventually(tries: 600) { try await remote.state().items.contains { $0["title"] as? String == "Watched" } })
    await WatchCommandTests.interrupt(watch)
    #expect(watch.stdoutLines.last == "Stopped watching books.", "\(watch.stdoutText)")
    #expect(await sandbox.run("sync", "books", "--watch", "--all").exitCode == 64)
    #expect(try await remote.state().applied.values.allSatisfy { $0 == 1 })
  }

  @Test func anotherRemoteIsRefusedWhileChangesWait() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    let sandbox = try await Self.booksSandbox(remote)
    #expect(await sandbox.run("add", "books", "--title", "Local").exitCode == 0)
    let other = await sandbox.run("sync", "books", "--from", "http://127.0.0.1:1/other")
    #expect(other.exitCode == 64, "\(other)")
    #expect(other.stderrLines.first?.contains("sync or resolve them before giving another --from") == true, "\(other)")
    let none = try Sandbox()
    let first = await none.run("sync", "favorites")
    #expect(first.exitCode == 64)
    #expect(first.stderrLines.first == "Error: favorites has no remote yet; give it with --from URL.", "\(first)")
  }
}

/// `lists sync status` and `lists sync resolve`: what waits, what the remote refused, and
/// forgetting it.
@Suite struct SyncStatusCommandTests {
  @Test func statusShowsARefusedChangeAndResolveForgetsIt() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    let sandbox = try await SyncPushCommandTests.booksSandbox(remote)
    try await remote.reject(titles: ["Forbidden"])
    #expect(await sandbox.run("add", "books", "--title", "Forbidden").exitCode == 0)
    #expect(await sandbox.run("add", "books", "--title", "Waiting").exitCode == 0)
    try await remote.control(faults: [["status": 401]])
    #expect(await sandbox.run("sync", "books").exitCode == 77)
    let json = try await sandbox.run("sync", "status", "--json").json()
    let kind = try #require(json["kinds"]?[0])
    #expect(kind["kind"] == .string("books"))
    #expect(kind["pending"] == .number("2"))
    #expect(await sandbox.run("sync", "books").exitCode == 65)
    let after = try await sandbox.run("sync", "status", "books", "--json").json()
    let change = try #require(after["kinds"]?[0]?["changes"]?[0])
    #expect(after["kinds"]?[0]?["pending"] == .number("0"))
    #expect(change["state"] == .string("rejected"))
    #expect(change["op"] == .string("add"))
    #expect(change["sent"]?["item"]?["title"] == .string("Forbidden"))
    #expect(change["answer"]?["error"]?["message"] == .string("this title is not allowed"))
    guard case .string(let id)? = change["change_id"] else {
      Issue.record("no change id")
      return
    }
    let shown = await sandbox.run("sync", "status")
    #expect(shown.stdout.contains("add of item"), "\(shown)")
    #expect(shown.stdout.contains("lists sync resolve books \(id) --discard"), "\(shown)")
    #expect(await sandbox.run("sync", "resolve", "books", id).exitCode == 64)
    let resolved = await sandbox.run("sync", "resolve", "books", id, "--discard")
    #expect(resolved.exitCode == 0, "\(resolved)")
    #expect(resolved.stdout == "Forgot the change \(id) of books.\n")
    let again = await sandbox.run("sync", "resolve", "books", id, "--discard")
    #expect(again.exitCode == 65)
    #expect(again.stderrLines.count == 1)
    let offline = await sandbox.run("show", "books", "--offline")
    #expect(!offline.stdout.contains("refused"), "\(offline)")
  }

  /// The local id of the book titled `title`, as `show --json` gives it.
  static func id(of title: String, _ sandbox: Sandbox) async throws -> String {
    let shown = try await sandbox.run("show", "books", "--offline", "--json").json()
    guard case .array(let items)? = shown["items"],
      let item = items.first(where: { $0["title"] == .string(title) }), case .number(let id)? = item["id"]
    else { throw SyncTestFailure(message: "no book '\(title)' in \(shown)") }
    return id
  }

  /// The change id of the first conflicted or refused change `sync status --json` shows.
  static func answeredChange(_ sandbox: Sandbox) async throws -> String {
    let status = try await sandbox.run("sync", "status", "books", "--json").json()
    guard case .string(let id)? = status["kinds"]?[0]?["changes"]?[0]?["change_id"] else {
      throw SyncTestFailure(message: "no answered change in \(status)")
    }
    return id
  }

  @Test func aConflictIsShownAndRetriedOnTopOfTheRemotesItem() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    let sandbox = try await SyncPushCommandTests.booksSandbox(remote)
    let dune = try await Self.id(of: "Dune", sandbox)
    #expect(await sandbox.run("edit", "books", dune, "--title", "Dune (mine)").exitCode == 0)
    // Someone else changed it on the server meanwhile.
    try await remote.control(items: [["id": 1, "title": "Dune (theirs)", "version": 2], ["id": 2, "title": "Emma", "version": 1]])
    let synced = await sandbox.run("sync", "books")
    #expect(synced.exitCode == 65, "\(synced)")
    #expect(synced.stderr == "Error: 1 change conflicted with the server: lists sync status books\n", "\(synced)")
    let shown = await sandbox.run("show", "books", "--offline")
    #expect(shown.stdout.contains("Dune (theirs)"), "\(shown)")
    #expect(shown.stdoutLines.last == "1 change conflicted with the server: lists sync status books", "\(shown)")
    let id = try await Self.answeredChange(sandbox)
    let status = await sandbox.run("sync", "status", "books")
    #expect(status.stdout.contains("lists sync resolve books \(id) --retry"), "\(status)")
    #expect(await sandbox.run("sync", "resolve", "books", id, "--retry", "--discard").exitCode == 64)
    let retried = await sandbox.run("sync", "resolve", "books", id, "--retry")
    #expect(retried.exitCode == 0, "\(retried)")
    #expect(retried.stdout.hasPrefix("The change \(id) of books will be sent again as "), "\(retried)")
    let delivered = await sandbox.run("sync", "books")
    #expect(delivered.exitCode == 0, "\(delivered)")
    let server = try await remote.state()
    let item = try #require(server.items.first { $0["id"] as? Int == 1 })
    #expect(item["title"] as? String == "Dune (mine)")
    #expect(item["version"] as? Int == 3)
    #expect(server.applied.values.allSatisfy { $0 == 1 })
    let after = await sandbox.run("show", "books", "--offline")
    #expect(after.stdout.contains("Dune (mine)") && !after.stdout.contains("conflicted"), "\(after)")
    #expect(try await sandbox.run("sync", "status", "--json").json()["kinds"]?[0]?["changes"] == .array([]))
    // Gone: nothing to send again.
    #expect(await sandbox.run("sync", "resolve", "books", id, "--retry").exitCode == 65)
  }

  @Test func aChangeToAnItemTheRemoteDeletedCanOnlyBeForgotten() async throws {
    let remote = try await TestRemote.start()
    defer { remote.stop() }
    let sandbox = try await SyncPushCommandTests.booksSandbox(remote)
    let emma = try await Self.id(of: "Emma", sandbox)
    #expect(await sandbox.run("edit", "books", emma, "--title", "Emma (mine)").exitCode == 0)
    try await remote.control(items: [["id": 1, "title": "Dune", "version": 1]])
    #expect(await sandbox.run("sync", "books").exitCode == 65)
    let id = try await Self.answeredChange(sandbox)
    let retried = await sandbox.run("sync", "resolve", "books", id, "--retry")
    #expect(retried.exitCode == 65, "\(retried)")
    #expect(
      retried.stderr
        == "Error: The remote no longer has the item of the change \(id); it can only be forgotten: "
        + "lists sync resolve books \(id) --discard\n", "\(retried)")
    #expect(await sandbox.run("sync", "resolve", "books", id, "--discard").exitCode == 0)
  }

  @Test func statusWordsAreNoKindsNamesAndAnUnknownKindIsAUsageError() async throws {
    let sandbox = try Sandbox()
    let kind = sandbox.path("status.json")
    try sandbox.write(#"{"name":"status","item":"s","fields":[{"name":"t","type":"text"}]}"#, to: kind)
    let refused = await sandbox.run("kinds", "add", kind)
    #expect(refused.exitCode == 65, "\(refused)")
    #expect(await sandbox.run("sync", "status").stdout == "No kind syncs with a remote yet.\n")
    let unknown = await sandbox.run("sync", "bookz")
    #expect(unknown.exitCode == 64, "\(unknown)")
    #expect(unknown.stderrLines.first?.hasPrefix("Error: Unknown list 'bookz'") == true, "\(unknown)")
  }
}

/// A step of a sync test that could not go on.
struct SyncTestFailure: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
