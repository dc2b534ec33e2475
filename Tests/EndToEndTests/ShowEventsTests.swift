import Testing

/// `lists show LIST --events`: the loader's transitions on stderr, one JSON object a line,
/// exactly as Documentation/Loader.md documents them; the data on stdout is unchanged.
@Suite struct ShowEventsTests {
  @Test func emptyListIsLoadingThenEmpty() async throws {
    let sandbox = try Sandbox()
    let result = await sandbox.run("show", "orders", "--events")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderrLines == [#"{"event":"loading","page":1}"#, #"{"event":"empty"}"#])
    Golden.expect(result.stdout, matches: "show-orders-empty.txt")
  }

  @Test func emptyListWithJSONKeepsEventsOffStdout() async throws {
    let sandbox = try Sandbox()
    let result = await sandbox.run("show", "favorites", "--json", "--events")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderrLines == [#"{"event":"loading","page":1}"#, #"{"event":"empty"}"#])
    #expect(try result.json()["state"] == .string("empty"))
  }

  @Test func threePageWalkIsLoadingAndLoadedPerPageThenEnd() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addNumberedOrders(7, to: sandbox)
    let result = await sandbox.run("show", "orders", "--all", "--limit", "3", "--events")
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      result.stderrLines == [
        #"{"event":"loading","page":1}"#,
        #"{"event":"loaded","page":1,"count":3,"has_more":true}"#,
        #"{"event":"loading","page":2}"#,
        #"{"event":"loaded","page":2,"count":3,"has_more":true}"#,
        #"{"event":"loading","page":3}"#,
        #"{"event":"loaded","page":3,"count":1,"has_more":false}"#,
        #"{"event":"end","pages":3,"items":7}"#,
      ])
    #expect(result.stdoutLines.last == "Showing all 7 orders")
  }

  @Test func everyEventLineIsOneJSONObject() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addNumberedOrders(45, to: sandbox)
    let result = await sandbox.run("show", "orders", "--all", "--events", "--json")
    #expect(result.exitCode == 0, "\(result)")
    let events = try result.stderrLines.map { try JSON.parse($0) }
    #expect(events.count == 7)
    #expect(events.last == (try JSON.parse(#"{"event":"end","pages":3,"items":45}"#)))
    let loaded = events.filter { $0["event"] == .string("loaded") }
    #expect(loaded.compactMap { $0["count"]?.intValue } == [20, 20, 5])
    #expect(try result.json()["items"]?.arrayValue?.count == 45)
  }
}
