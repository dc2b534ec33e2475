import TestSupport
import ListProtocol
import Testing
import TextFormats

@Suite(.serialized) struct PushTests {
  let client = Client()

  @Test func aChangeSentAgainIsAnsweredAsTheFirstTimeAndAppliedOnce() async throws {
    let server = try await ServerProcess.start()
    defer { Task { await server.remove() } }
    let alice = server.tokens["alice"]
    let change = add("5f0c9a1e", #"{"title": "Dune", "author": "Frank Herbert"}"#)
    let first = try await client.push(server.url(), token: alice, [change])
    let again = try await client.push(
      server.url(), token: alice, [change, add("other", #"{"title": "Emma"}"#)])
    #expect(first.status == 200)
    let firstResults = try PushResponse.decode(first.body, sent: ["5f0c9a1e"]).results
    let againResults = try PushResponse.decode(again.body, sent: ["5f0c9a1e", "other"]).results
    #expect(againResults[0] == firstResults[0])
    let page = try await client.get(server.url(), token: alice).page()
    #expect(page.items.compactMap { $0["title"]?.stringValue }.sorted() == ["Dune", "Emma"])
  }

  /// A `date` field: a day is applied and paged back as sent; a day that does not exist is
  /// rejected, the rest of the batch applied.
  @Test func aDateFieldTakesADayAndRejectsOneThatDoesNotExist() async throws {
    let tasks = """
      {"name": "books", "item": "book", "fields": [
        {"name": "title", "type": "text", "required": true}, {"name": "due", "type": "date"}]}
      """
    let server = try await ServerProcess.start(kind: tasks)
    defer { Task { await server.remove() } }
    let alice = server.tokens["alice"]
    let results = try await client.results(
      server.url(), token: alice,
      [
        add("good", #"{"title": "Gifts", "due": "2026-12-24"}"#),
        add("bad", #"{"title": "Leap", "due": "2026-02-29"}"#),
        add("none", #"{"title": "Someday"}"#),
      ])
    #expect(item(of: results[0].outcome)?["due"]?.stringValue == "2026-12-24")
    guard case .rejected = results[1].outcome else {
      Issue.record("a day that does not exist was \(results[1].outcome)")
      return
    }
    #expect(item(of: results[2].outcome) != nil)
    let page = try await client.get(server.url(), token: alice).page()
    #expect(page.items.compactMap { $0["due"]?.stringValue } == ["2026-12-24"])
  }

  @Test func aChangeSentConcurrentlyOnTwoConnectionsIsAppliedOnce() async throws {
    let server = try await ServerProcess.start(["--threads", "4"])
    defer { Task { await server.remove() } }
    let alice = server.tokens["alice"]
    for round in 0..<10 {
      let change = add("same-\(round)", #"{"title": "Twice \#(round)"}"#)
      async let one = Client().push(server.url(), token: alice, [change])
      async let two = Client().push(server.url(), token: alice, [change])
      let (a, b) = try await (one, two)
      #expect(a.status == 200 && b.status == 200)
      #expect(a.body == b.body)
    }
    let page = try await client.get(server.url(query: "limit=500"), token: alice).page()
    #expect(page.items.count == 10)
  }

  @Test func aStaleBaseVersionOrAGoneItemIsAConflictWithTheCurrentItemOrNull() async throws {
    let server = try await ServerProcess.start()
    defer { Task { await server.remove() } }
    let alice = server.tokens["alice"]
    let added = try await client.results(
      server.url(), token: alice, [add("1", #"{"title": "Dune"}"#)])
    let itemID = try #require(id(of: item(of: added[0].outcome)))
    let results = try await client.results(
      server.url(), token: alice,
      [
        PushChange(
          changeID: "2", operation: .update, id: .string(itemID), baseVersion: .number("1"),
          item: object(#"{"pages": 10}"#)),
        PushChange(
          changeID: "3", operation: .update, id: .string(itemID), baseVersion: .number("1"),
          item: object(#"{"pages": 20}"#)),
        PushChange(
          changeID: "4", operation: .remove, id: .string(itemID), baseVersion: .string("1")),
        PushChange(
          changeID: "5", operation: .remove, id: .string(itemID), baseVersion: .string("2")),
        PushChange(
          changeID: "6", operation: .update, id: .string(itemID), baseVersion: .number("2"),
          item: object(#"{"pages": 30}"#)),
        PushChange(changeID: "7", operation: .remove, id: .string(itemID)),
        PushChange(changeID: "8", operation: .remove, id: .string("999")),
      ])
    guard case .applied(let updated?) = results[0].outcome else {
      Issue.record("\(results[0])"); return
    }
    #expect(updated["version"] == .number("2"))
    #expect(updated["pages"] == .number("10"))
    #expect(results[1].outcome == .conflict(updated))
    #expect(results[2].outcome == .conflict(updated))
    #expect(results[3].outcome == .applied(nil))
    #expect(results[4].outcome == .conflict(nil))
    #expect(results[5].outcome == .conflict(nil))
    #expect(results[6].outcome == .conflict(nil))
  }

  @Test func addedAtIsTakenAsSentOrSetByTheServer() async throws {
    let server = try await ServerProcess.start()
    defer { Task { await server.remove() } }
    let results = try await client.results(
      server.url(), token: server.tokens["alice"],
      [
        add("1", #"{"title": "Old", "added_at": "2020-01-02T03:04:05Z"}"#),
        add("2", #"{"title": "New"}"#),
      ])
    #expect(item(of: results[0].outcome)?["added_at"] == .string("2020-01-02T03:04:05Z"))
    #expect(item(of: results[1].outcome)?["added_at"]?.stringValue?.hasPrefix("20") == true)
    #expect(item(of: results[1].outcome)?["status"] == .string("want"))
  }

  /// Each rule of a kind's fields, as `lists add` words its refusal.
  static let rejections: [(item: String, message: String, field: String?)] = [
    (#"{"author": "X"}"#, "Field 'title' is missing.", "title"),
    (#"{"title": ""}"#, "The title must not be empty.", "title"),
    (
      #"{"title": "123456789012345678901"}"#, "The title must be at most 20 characters long.",
      "title"
    ),
    (#"{"title": "A", "pages": 0}"#, "The pages must be at least 1.", "pages"),
    (#"{"title": "A", "pages": 5001}"#, "The pages must be at most 5000.", "pages"),
    (#"{"title": "A", "pages": "ten"}"#, "Field 'pages' must be an integer.", "pages"),
    (
      #"{"title": "A", "isbn": "12x"}"#,
      "The isbn must be text matching [0-9][0-9][0-9], got '12x'.", "isbn"
    ),
    (
      #"{"title": "A", "status": "lost"}"#, "The status must be one of want, reading, done.",
      "status"
    ),
    (
      #"{"title": "A", "owned": "yes"}"#, "Field 'owned' must be true or false, got string.",
      "owned"
    ),
    (
      #"{"title": "A", "started_at": "soon"}"#,
      "Field 'started_at': 'soon' is not an ISO 8601 time; use a form such as 2026-11-30T13:40:00Z.",
      "started_at"
    ),
    (#"{"title": "A", "titel": "B"}"#, "Unknown field 'titel'. Did you mean 'title'?", "titel"),
  ]

  @Test(arguments: rejections)
  func anItemBreakingARuleIsRejectedWithTheMessageAndField(
    item: String, message: String, field: String?
  ) async throws {
    let server = try await ServerProcess.start()
    defer { Task { await server.remove() } }
    let results = try await client.results(
      server.url(), token: server.tokens["alice"], [add("1", item)])
    #expect(results[0].outcome == .rejected(message: message, field: field))
    #expect(try await client.get(server.url(), token: server.tokens["alice"]).page().items.isEmpty)
  }

  @Test func aOnePerAccountFlagSetOnOneItemIsClearedOnTheOthersAsANewVersion() async throws {
    let server = try await ServerProcess.start()
    defer { Task { await server.remove() } }
    let places =
      #"{"name": "places", "item": "place", "fields": [{"name": "label", "type": "text", "required": true}, {"name": "is_default", "type": "bool", "one_per_account": true}]}"#
    try places.write(toFile: server.folder + "/places.json", atomically: true, encoding: .utf8)
    #expect(try await server.command(["kinds", "add", server.folder + "/places.json"]).status == 0)
    let alice = server.tokens["alice"]
    let home = try await client.results(
      server.url("places"), token: alice, [add("1", #"{"label": "Home", "is_default": true}"#)])
    let homeID = try #require(id(of: item(of: home[0].outcome)))
    let checkpoint = try #require(
      try await client.get(server.url("places"), token: alice).page().checkpoint)
    let work = try await client.results(
      server.url("places"), token: alice, [add("2", #"{"label": "Work", "is_default": true}"#)])
    #expect(item(of: work[0].outcome)?["is_default"] == .bool(true))
    let since = try await client.get(
      server.url("places", query: "since=\(checkpoint)"), token: alice
    ).page()
    let cleared = try #require(since.items.first { id(of: $0) == homeID })
    #expect(cleared["is_default"] == .bool(false))
    #expect(cleared["version"] == .number("2"))
    // Bob's default is his own.
    let bobs = try await client.results(
      server.url("places"), token: server.tokens["bob"],
      [add("3", #"{"label": "Flat", "is_default": true}"#)])
    #expect(item(of: bobs[0].outcome)?["is_default"] == .bool(true))
    let page = try await client.get(server.url("places"), token: alice).page()
    #expect(page.items.filter { $0["is_default"] == .bool(true) }.count == 1)
  }

  @Test func theUniqueRuleHoldsWithinAnAccountForAddsAndUpdates() async throws {
    let server = try await ServerProcess.start()
    defer { Task { await server.remove() } }
    let alice = server.tokens["alice"]
    let results = try await client.results(
      server.url(), token: alice,
      [
        add("1", #"{"title": "Dune", "author": "FH"}"#),
        add("2", #"{"title": "Dune", "author": "FH"}"#),
        add("3", #"{"title": "Emma", "author": "FH"}"#),
      ])
    let duplicate =
      "A book with this title and author is already in books; change it or add another."
    #expect(results[1].outcome == .rejected(message: duplicate, field: "title"))
    let emma = try #require(id(of: item(of: results[2].outcome)))
    let update = try await client.results(
      server.url(), token: alice,
      [
        PushChange(
          changeID: "4", operation: .update, id: .string(emma), item: object(#"{"title": "Dune"}"#))
      ])
    #expect(update[0].outcome == .rejected(message: duplicate, field: "title"))
    // Another account may hold the same values.
    let bob = try await client.results(
      server.url(), token: server.tokens["bob"], [add("5", #"{"title": "Dune", "author": "FH"}"#)])
    guard case .applied = bob[0].outcome else { Issue.record("\(bob[0])"); return }
  }
}
