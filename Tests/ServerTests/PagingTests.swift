import TestSupport
import ListProtocol
import Testing
import TextFormats

@Suite(.serialized) struct PagingTests {
  let client = Client()

  @Test func aWalkSeesEveryItemThatExistedThroughoutItExactlyOnceWhileWritesHappen() async throws {
    let server = try await ServerProcess.start()
    defer { Task { await server.remove() } }
    let alice = server.tokens["alice"]
    let adds = (1...30).map { add("a\($0)", #"{"title": "Book \#($0)"}"#) }
    let added = try await client.results(server.url(), token: alice, adds).compactMap {
      id(of: item(of: $0.outcome))
    }
    #expect(added.count == 30)
    var seen: [String: Int] = [:]
    var removed: Set<String> = []
    var addedDuring: [String] = []
    var query = "limit=7"
    var checkpoint: String?
    for round in 0..<20 {
      let page = try await client.get(server.url(query: query), token: alice).page()
      for item in page.items { seen[id(of: item) ?? "?", default: 0] += 1 }
      // Writes between pages: a new item, an update of one seen, a removal of one not seen yet.
      let new = try await client.results(
        server.url(), token: alice, [add("w\(round)", #"{"title": "New \#(round)"}"#)])
      addedDuring += [id(of: item(of: new[0].outcome))].compactMap { $0 }
      if let last = page.items.last.flatMap({ id(of: $0) }) {
        _ = try await client.results(
          server.url(), token: alice,
          [
            PushChange(
              changeID: "u\(round)", operation: .update, id: .string(last),
              item: object(#"{"pages": 9}"#))
          ])
      }
      if let victim = added.reversed().first(where: { !removed.contains($0) && seen[$0] == nil }) {
        _ = try await client.results(
          server.url(), token: alice,
          [PushChange(changeID: "r\(round)", operation: .remove, id: .string(victim))])
        removed.insert(victim)
      }
      guard let cursor = page.nextCursor else {
        checkpoint = page.checkpoint
        break
      }
      query =
        "limit=7&cursor=" + cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }
    for id in added where !removed.contains(id) {
      #expect(seen[id] == 1, "item \(id) seen \(seen[id] ?? 0) times")
    }
    #expect(seen.values.allSatisfy { $0 == 1 })
    #expect(!removed.isEmpty)
    // What the walk did not see is in the pull since its checkpoint; what it lost, in `deleted`.
    let since = try await client.get(
      server.url(query: "limit=500&since=\(try #require(checkpoint))"), token: alice
    ).page()
    let sinceIDs = Set(since.items.compactMap { id(of: $0) })
    for id in addedDuring where seen[id] == nil {
      #expect(sinceIDs.contains(id), "item \(id) is in neither")
    }
    #expect(
      Set((since.deleted ?? []).map(\.text)).isSuperset(of: removed.filter { seen[$0] != nil }))
  }

  @Test func aPullSinceACheckpointHoldsWhatChangedAndWhatWasDeleted() async throws {
    let server = try await ServerProcess.start()
    defer { Task { await server.remove() } }
    let alice = server.tokens["alice"]
    let ids = try await client.results(
      server.url(), token: alice,
      [add("1", #"{"title": "A"}"#), add("2", #"{"title": "B"}"#), add("3", #"{"title": "C"}"#)]
    ).compactMap { id(of: item(of: $0.outcome)) }
    let first = try await client.get(server.url(), token: alice).page()
    #expect(first.items.count == 3)
    #expect(first.nextCursor == nil)
    #expect(first.deleted == nil)
    let checkpoint = try #require(first.checkpoint)
    let quiet = try await client.get(server.url(query: "since=\(checkpoint)"), token: alice).page()
    #expect(quiet.items.isEmpty)
    #expect(quiet.deleted == [])
    #expect(quiet.checkpoint == checkpoint)
    _ = try await client.results(
      server.url(), token: alice,
      [
        PushChange(
          changeID: "4", operation: .update, id: .string(ids[0]), baseVersion: .number("1"),
          item: object(#"{"pages": 3}"#)),
        PushChange(
          changeID: "5", operation: .remove, id: .string(ids[1]), baseVersion: .number("1")),
      ])
    let since = try await client.get(server.url(query: "since=\(checkpoint)"), token: alice).page()
    #expect(since.items.map { id(of: $0) } == [ids[0]])
    #expect(since.items.first?["version"] == .number("2"))
    #expect(since.items.first?["pages"] == .number("3"))
    #expect(since.deleted == [.string(ids[1])])
    #expect(since.checkpoint != checkpoint)
  }

  @Test func aCheckpointOlderThanTheDeletionsKeptIsAnswered410() async throws {
    let server = try await ServerProcess.start(["--keep-deleted", "1s"])
    defer { Task { await server.remove() } }
    let alice = server.tokens["alice"]
    let added = try await client.results(server.url(), token: alice, [add("1", #"{"title": "A"}"#)])
    let checkpoint = try #require(
      try await client.get(server.url(), token: alice).page().checkpoint)
    _ = try await client.results(
      server.url(), token: alice,
      [
        PushChange(
          changeID: "2", operation: .remove,
          id: .string(try #require(id(of: item(of: added[0].outcome)))))
      ])
    var answer = try await client.get(server.url(query: "since=\(checkpoint)"), token: alice)
    #expect(answer.status == 200)
    for _ in 0..<40 where answer.status == 200 {
      try await Task.sleep(for: .milliseconds(250))
      answer = try await client.get(server.url(query: "since=\(checkpoint)"), token: alice)
    }
    #expect(answer.status == 410)
    #expect(answer.error == "checkpoint_expired")
    // A checkpoint taken after the deletion still works.
    let fresh = try #require(try await client.get(server.url(), token: alice).page().checkpoint)
    #expect(try await client.get(server.url(query: "since=\(fresh)"), token: alice).status == 200)
  }

  @Test func oneAccountNeverSeesOrChangesAnothersItems() async throws {
    let server = try await ServerProcess.start()
    defer { Task { await server.remove() } }
    let added = try await client.results(
      server.url(), token: server.tokens["alice"], [add("1", #"{"title": "Secret"}"#)])
    let aliceID = try #require(id(of: item(of: added[0].outcome)))
    let bobsPage = try await client.get(server.url(), token: server.tokens["bob"]).page()
    #expect(bobsPage.items.isEmpty)
    let results = try await client.results(
      server.url(), token: server.tokens["bob"],
      [
        PushChange(
          changeID: "b1", operation: .update, id: .string(aliceID),
          item: object(#"{"title": "Mine"}"#)),
        PushChange(changeID: "b2", operation: .remove, id: .string(aliceID)),
      ])
    #expect(results.map(\.outcome) == [.conflict(nil), .conflict(nil)])
    // The same change id in another account is another change.
    _ = try await client.results(
      server.url(), token: server.tokens["bob"], [add("1", #"{"title": "Secret"}"#)])
    #expect(try await client.get(server.url(), token: server.tokens["bob"]).page().items.count == 1)
    let alicesPage = try await client.get(server.url(), token: server.tokens["alice"]).page()
    #expect(alicesPage.items.map { $0["title"] } == [.string("Secret")])
    #expect(alicesPage.items.count == 1)
  }
}
