import Testing

/// `lists show LIST` for people: the table and its footer, the placeholders (golden files),
/// the width, and control characters made harmless.
@Suite struct ShowTableTests {
  @Test(arguments: ["favorites", "addresses", "orders"])
  func tableMatchesGoldenFile(list: String) async throws {
    let sandbox = try Sandbox()
    await Fixtures.addEverything(to: sandbox)
    let result = await sandbox.run("show", list)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr == "")
    Golden.expect(result.stdout, matches: "show-\(list)-table.txt")
    for line in result.stdoutLines { #expect(line.count <= 80, "\(line)") }
  }

  @Test(arguments: ["favorites", "addresses", "orders"])
  func emptyPlaceholderMatchesGoldenFile(list: String) async throws {
    let sandbox = try Sandbox()
    let result = await sandbox.run("show", list)
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr == "")
    Golden.expect(result.stdout, matches: "show-\(list)-empty.txt")
  }

  @Test func allPrintsEveryPageInColumnsAsWideAsTheWidestValueOfAnyPage() async throws {
    let sandbox = try Sandbox()
    // The oldest favorite, on the last page of two, has the longest title.
    for index in 1...5 {
      let title = index == 1 ? "A much longer title than the others" : "T\(index)"
      let added = await sandbox.run("add", "favorites", "--ref", "r\(index)", "--title", title)
      #expect(added.exitCode == 0, "\(added)")
    }
    let all = await sandbox.run("show", "favorites", "--all", "--limit", "2")
    let one = await sandbox.run("show", "favorites", "--limit", "5")
    #expect(all.exitCode == 0 && one.exitCode == 0, "\(all)\n\(one)")
    // Printed page by page, the table is the one page's table, row for row.
    #expect(all.stdoutLines.dropLast() == one.stdoutLines.dropLast(), "\(all.stdout)")
    #expect(all.stdoutLines.count == 8 && all.stdoutLines.last == "Showing all 5 favorites")
  }

  @Test func footerNamesTheCommandForTheNextPage() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addNumberedOrders(45, to: sandbox)
    let cursor = try #require(
      await sandbox.run("show", "orders", "--limit", "3", "--json").json()["page"]?["next_cursor"]?
        .stringValue)
    let page = await sandbox.run("show", "orders", "--limit", "3")
    #expect(page.exitCode == 0)
    #expect(
      page.stdoutLines.last
        == "Showing 3 of 45 orders · next: lists show orders --limit 3 --after \(cursor)")
    // The hint runs as printed and shows the next page.
    let hint = try #require(page.stdoutLines.last?.split(separator: " · next: lists ").last)
    let next = await sandbox.run(hint.split(separator: " ").map(String.init))
    #expect(next.exitCode == 0, "\(next)")
    #expect(next.stdoutLines.dropFirst().first?.contains("A-2004") == true, "\(next)")

    let defaultLimit = await sandbox.run("show", "orders")
    #expect(
      defaultLimit.stdoutLines.last?.hasPrefix(
        "Showing 20 of 45 orders · next: lists show orders --after ") == true)
    #expect(
      await sandbox.run("show", "orders", "--all").stdoutLines.last == "Showing all 45 orders")
  }

  @Test func theNextPageHintRepeatsExplicitGlobalOptionsQuotedForTheShell() async throws {
    let sandbox = try Sandbox()
    let path = sandbox.path("my lists.db")
    let account = "o'brien"
    var lines = ""
    for index in 1...3 {
      lines +=
        #"{"ref":"r\#(index)","title":"T\#(index)","added_at":"2026-01-0\#(index)T00:00:00Z"}"#
        + "\n"
    }
    let imported = await sandbox.run(
      ["--db", path, "--account", account, "import", "favorites", "-"], stdin: Array(lines.utf8))
    #expect(imported.exitCode == 0, "\(imported)")
    let page = await sandbox.run(
      "--db", path, "--account", account, "show", "favorites", "--limit", "2")
    let footer = try #require(page.stdoutLines.last)
    let prefix = "Showing 2 of 3 favorites · next: "
    #expect(
      footer.hasPrefix(
        prefix + #"lists --db '\#(path)' --account 'o'\''brien' show favorites --limit 2 --after "#),
      "\(footer)")
    // The hint, run by a shell as printed, shows the last favorite.
    let hint = String(footer.dropFirst(prefix.count).dropFirst("lists ".count))
    let next = await sandbox.runProgram(
      "/bin/sh", ["-c", "exec \"$0\" \(hint)", ListsBinary.path], environment: ["LISTS_DB": nil])
    #expect(next.exitCode == 0, "\(next)")
    #expect(next.stdoutLines.dropFirst().first?.contains("r1") == true, "\(next)")
    // The page after a cursor names the page before it: the first two again.
    let previous = try #require(next.stdoutLines.last)
    let back = "Showing 1 of 3 favorites · previous: "
    #expect(previous.hasPrefix(back + #"lists --db '\#(path)' --account 'o'\''brien' show favorites --limit 2 --before "#))
    let again = await sandbox.runProgram(
      "/bin/sh", ["-c", "exec \"$0\" \(String(previous.dropFirst(back.count).dropFirst("lists ".count)))", ListsBinary.path],
      environment: ["LISTS_DB": nil])
    #expect(again.stdoutLines.last == page.stdoutLines.last, "\(again)")
  }

  @Test func controlCharactersAreEscapedForPeopleAndVerbatimInJSON() async throws {
    let sandbox = try Sandbox()
    let title = "bell\u{07} esc\u{1B}[31mred\u{1B}[0m tab\tnewline\nend"
    let added = await sandbox.run("add", "favorites", "--ref", "ctl", "--title", title)
    #expect(added.exitCode == 0, "\(added)")
    #expect(!added.stdoutBytes.contains(0x1B))
    let human = await sandbox.run("show", "favorites")
    #expect(human.exitCode == 0)
    for byte: UInt8 in [0x07, 0x1B, 0x09] { #expect(!human.stdoutBytes.contains(byte)) }
    #expect(human.stdoutLines.count == 4, "\(human)")
    let json = try await sandbox.run("show", "favorites", "--json").json()
    #expect(json["items"]?.arrayValue?.first?["title"] == .string(title))
  }

  @Test func columnsSetsTheWidthOfTablesAndPlaceholders() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addFavorites(to: sandbox)
    for width in [60, 200] {
      let result = await sandbox.run(
        ["show", "favorites"], environment: ["COLUMNS": String(width)])
      #expect(result.exitCode == 0)
      let widest = result.stdoutLines.map(\.count).max() ?? 0
      #expect(widest <= width, "\(result)")
      #expect(result.stdout.contains("…") == (width < 150), "\(result)")
    }
  }
}
