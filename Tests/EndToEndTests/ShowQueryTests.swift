import Testing

/// `lists show KIND --search TEXT --where FIELD=VALUE`: the matching items, and `no_results`
/// told apart from `empty` in every output.
@Suite struct ShowQueryTests {
  static func addOrders(_ sandbox: Sandbox) async {
    for (number, total, status) in [("A-1", "25.00", "paid"), ("A-2", "5.00", "shipped"), ("A-3", "40.00", "shipped")] {
      let added = await sandbox.run("add", "orders", "--number", number, "--total", total, "--currency", "EUR", "--status", status)
      #expect(added.exitCode == 0, "\(added)")
    }
  }

  @Test func filtersShowTheMatchingItemsInTheListsOrder() async throws {
    let sandbox = try Sandbox()
    await Self.addOrders(sandbox)
    let shipped = try await sandbox.run("show", "orders", "--where", "status=shipped", "--json").json()
    #expect(shipped["state"]?.stringValue == "content")
    #expect(shipped["items"]?.arrayValue?.compactMap { $0["number"]?.stringValue } == ["A-3", "A-2"])
    #expect(shipped["query"]?["where"]?.arrayValue?.compactMap(\.stringValue) == ["status=shipped"])
    let big = try await sandbox.run("show", "orders", "--where", "status=shipped", "--where", "total>=20.00 EUR", "--json").json()
    #expect(big["items"]?.arrayValue?.compactMap { $0["number"]?.stringValue } == ["A-3"])
    #expect(big["items"]?.arrayValue?.first?["total_minor"] == .number("4000"))
  }

  @Test func noResultsIsNotEmptyAndExitsZero() async throws {
    let sandbox = try Sandbox()
    let empty = await sandbox.run("show", "orders", "--where", "status=refunded", "--json", "--events")
    #expect(empty.exitCode == 0, "\(empty)")
    #expect(try empty.json()["state"]?.stringValue == "empty")
    #expect(empty.stderr.contains("{\"event\":\"empty\"}"), "\(empty.stderr)")

    await Self.addOrders(sandbox)
    let none = await sandbox.run("show", "orders", "--where", "status=refunded", "--json", "--events")
    #expect(none.exitCode == 0, "\(none)")
    let json = try none.json()
    #expect(json["state"]?.stringValue == "no_results")
    #expect(json["query"]?["search"] == .null)
    // The show --json shape, with the query beside it; a kind without a remote has sync null.
    #expect(json.keys.sorted() == (ShowCommandTests.topLevelKeys + ["query"]).sorted())
    #expect(json["sync"] == .null)
    #expect(json["placeholder"]?["title"]?.stringValue == "No orders match status=refunded")
    #expect(json["placeholder"]?["detail"]?.stringValue == "Try another search.")
    #expect(json["placeholder"]?["action"]?.stringValue == "Clear the search: lists show orders")
    #expect(none.stderr.contains("{\"event\":\"no_results\"}"), "\(none.stderr)")

    let human = await sandbox.run("show", "orders", "--where", "status=refunded")
    #expect(human.exitCode == 0)
    #expect(human.stdout.contains("No orders match status=refunded"), "\(human.stdout)")
    #expect(human.stdout.contains("Try another search."))
  }

  @Test func badFiltersAndSearchesAreUsageErrors() async throws {
    let sandbox = try Sandbox()
    await Self.addOrders(sandbox)
    let unknown = await sandbox.run("show", "orders", "--where", "statsu=paid")
    #expect(unknown.exitCode == 64)
    #expect(unknown.stderr.hasPrefix("Error: Unknown field 'statsu' of orders. Did you mean 'status'?\n"), "\(unknown.stderr)")
    let value = await sandbox.run("show", "orders", "--where", "status=lost")
    #expect(value.exitCode == 64)
    #expect(value.stderr.hasPrefix("Error: The filter 'status=lost' needs one of pending, paid, shipped, delivered, cancelled, refunded.\n"), "\(value.stderr)")
    let search = await sandbox.run("show", "orders", "--search", "A-1")
    #expect(search.exitCode == 64)
    #expect(search.stderr.hasPrefix("Error: The list 'orders' has no search fields"), "\(search.stderr)")
  }

  @Test func aCursorOfOneQueryIsRefusedByAnother() async throws {
    let sandbox = try Sandbox()
    await Self.addOrders(sandbox)
    let first = try await sandbox.run("show", "orders", "--where", "status=shipped", "--limit", "1", "--json").json()
    let cursor = try #require(first["page"]?["next_cursor"]?.stringValue)
    let next = try await sandbox.run("show", "orders", "--where", "status=shipped", "--limit", "1", "--after", cursor, "--json").json()
    #expect(next["items"]?.arrayValue?.compactMap { $0["number"]?.stringValue } == ["A-2"])
    let other = await sandbox.run("show", "orders", "--where", "status=paid", "--after", cursor)
    #expect(other.exitCode == 64, "\(other)")
    #expect(other.stderr.hasPrefix("Error: The cursor was not made by a page of this search"), "\(other.stderr)")
    let plain = await sandbox.run("show", "orders", "--after", cursor)
    #expect(plain.exitCode == 64, "\(plain)")
  }
}

extension ShowQueryTests {
  @Test func watchShowsNoResultsGivingWayToAMatchAndBack() async throws {
    let sandbox = try Sandbox()
    await Self.addOrders(sandbox)
    let watch = try sandbox.start(["watch", "orders", "--where", "status=refunded", "--json"])
    let first = try await WatchCommandTests.lines(1, of: watch, within: .seconds(10))
    #expect(first.first?["state"] == .string("no_results"), "\(watch.stdoutText)")
    #expect(first.first?["query"]?["where"]?.arrayValue == [.string("status=refunded")])

    let added = await sandbox.run("add", "orders", "--number", "R-1", "--total", "1.00", "--currency", "EUR", "--status", "refunded")
    #expect(added.exitCode == 0)
    let afterAdd = try await WatchCommandTests.lines(2, of: watch, within: WatchCommandTests.changeDeadline)
    #expect(afterAdd.last?["state"] == .string("content"))
    #expect(afterAdd.last?["items"]?.arrayValue?.compactMap { $0["number"]?.stringValue } == ["R-1"])

    // A change that the query does not see prints nothing new.
    #expect(await sandbox.run("add", "orders", "--number", "P-1", "--total", "1.00", "--currency", "EUR").exitCode == 0)
    #expect(await sandbox.run("remove", "orders", "4").exitCode == 0)
    let afterRemove = try await WatchCommandTests.lines(3, of: watch, within: WatchCommandTests.changeDeadline)
    #expect(afterRemove.last?["state"] == .string("no_results"))
    await WatchCommandTests.interrupt(watch)
    #expect(watch.stdoutLines.count == 3, "\(watch.stdoutText)")
  }
}
