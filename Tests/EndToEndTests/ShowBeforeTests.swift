import Testing

/// `lists show KIND --before CURSOR`: the page before a cursor, and a footer and a JSON `page`
/// object that name both directions.
@Suite struct ShowBeforeTests {
  @Test func beforeTheNextCursorOfAPageIsThatPageAgain() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let first = try await sandbox.run("show", "orders", "--limit", "2", "--json").json()
    let cursor = try #require(first["page"]?["next_cursor"]?.stringValue)
    #expect(first["page"]?["previous_cursor"] == .null)
    let second = try await sandbox.run("show", "orders", "--limit", "2", "--after", cursor, "--json").json()
    #expect(second["page"]?["previous_cursor"] == .string(cursor))

    let back = await sandbox.run("show", "orders", "--limit", "2", "--before", cursor, "--json")
    #expect(back.exitCode == 0, "\(back)")
    let object = try back.json()
    #expect(object["state"] == .string("content"))
    #expect(object["items"] == first["items"])
    #expect(object["page"]?["next_cursor"] == .string(cursor))
    #expect(object["page"]?["has_more"] == .bool(true))
    // The start of the list: nothing before it.
    #expect(object["page"]?["previous_cursor"] == .null)
  }

  @Test func theFooterOfAMiddlePageNamesBothDirections() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let first = try await sandbox.run("show", "orders", "--limit", "1", "--json").json()
    let one = try #require(first["page"]?["next_cursor"]?.stringValue)
    let second = try await sandbox.run("show", "orders", "--limit", "1", "--after", one, "--json").json()
    let two = try #require(second["page"]?["next_cursor"]?.stringValue)
    let middle = await sandbox.run("show", "orders", "--limit", "1", "--after", one)
    #expect(
      middle.stdoutLines.last
        == "Showing 1 of 3 orders · next: lists show orders --limit 1 --after \(two)"
        + " · previous: lists show orders --limit 1 --before \(one)", "\(middle)")
    let back = await sandbox.run("show", "orders", "--limit", "1", "--before", one)
    #expect(back.stdout.contains("A-1001") && !back.stdout.contains("A-1002"), "\(back)")
    #expect(back.stdoutLines.last == "Showing 1 of 3 orders · next: lists show orders --limit 1 --after \(one)")
  }

  @Test func nothingBeforeTheCursorIsSaidInOneLine() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let first = try await sandbox.run("show", "orders", "--limit", "1", "--json").json()
    let cursor = try #require(first["page"]?["next_cursor"]?.stringValue)
    // The page before the cursor held only A-1001; once it is gone, nothing comes before it.
    #expect(await sandbox.run("remove", "orders", "1").exitCode == 0)
    let human = await sandbox.run("show", "orders", "--limit", "1", "--before", cursor)
    #expect(human.exitCode == 0, "\(human)")
    #expect(human.stdout == "No more orders before this cursor (2 orders in all).\n")
  }

  @Test func beforeWithAfterOrAllIsAUsageError() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let first = try await sandbox.run("show", "orders", "--limit", "1", "--json").json()
    let cursor = try #require(first["page"]?["next_cursor"]?.stringValue)
    let both = await sandbox.run("show", "orders", "--before", cursor, "--after", cursor)
    #expect(both.exitCode == 64 && both.stdout.isEmpty, "\(both)")
    #expect(both.stderr.contains("--before cannot be used with --after"), "\(both)")
    let all = await sandbox.run("show", "orders", "--before", cursor, "--all")
    #expect(all.exitCode == 64 && all.stderr.contains("--before cannot be used with --all"), "\(all)")
    // A cursor of another list is refused, as with --after.
    let other = await sandbox.run("show", "favorites", "--before", cursor)
    #expect(other.exitCode == 64, "\(other)")
  }
}
