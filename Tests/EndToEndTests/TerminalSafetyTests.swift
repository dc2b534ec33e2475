import Testing

/// Text from the file — a definition's help, default, placeholder, a migration's name, an item's
/// value — never reaches the terminal with its controls: every human view shows them as
/// visible escapes (`\u{1B}`), while `--json` keeps them verbatim. A definition holding such
/// text may instead be refused as it is read or registered; either way nothing raw is printed.
@Suite struct TerminalSafetyTests {
  /// Sets the window title, clears the screen, a C1 CSI, then a right-to-left override.
  static let hostileSQL =
    "char(27) || ']0;PWNED' || char(7) || char(27) || '[2J' || char(155) || '31m' || char(8238) || 'x'"
  /// The same text in a JSON string.
  static let hostileJSON = #"\u001b]0;PWNED\u0007\u001b[2J\u009b31m\u202ex"#
  /// How the human views show it.
  static let shown = #"\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{9B}31m\u{202E}x"#

  /// The scalars no human view may write: C0 controls but the line feed, DEL, C1 controls,
  /// the bidi controls and the line and paragraph separators.
  static func rawControls(in text: String) -> [String] {
    text.unicodeScalars.filter { scalar in
      let value = scalar.value
      if value == 0x0A { return false }
      if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
      return [0x061C, 0x200E, 0x200F, 0x2028, 0x2029].contains(value)
        || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
  }

  static func expectNoRawControls(
    _ result: RunResult, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(rawControls(in: result.stdout) == [], "\(result)", sourceLocation: sourceLocation)
    #expect(rawControls(in: result.stderr) == [], "\(result)", sourceLocation: sourceLocation)
    expectNoCrash(result, sourceLocation: sourceLocation)
  }

  /// Runs `statement` on the sandbox's file with the `sqlite3` shell, expecting no output.
  static func write(
    _ statement: String, in sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    #expect(await sandbox.sqlite(statement) == "", sourceLocation: sourceLocation)
  }

  @Test func doctorShowsAMigrationNameFromTheFileEscaped() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    await Self.write(
      "UPDATE lists_migrations SET name = 'initial' || \(Self.hostileSQL) WHERE number = 1", in: sandbox)
    let doctor = await sandbox.run("doctor")
    Self.expectNoRawControls(doctor)
    #expect(doctor.stdout.contains("initial" + Self.shown), "\(doctor)")
    let repair = await sandbox.run("doctor", "--repair")
    Self.expectNoRawControls(repair)
  }

  @Test func itemValuesAreEscapedInEveryHumanViewAndVerbatimInJSON() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addFavorites(to: sandbox)
    await Self.write(
      "INSERT INTO favorites(account, ref, title, note, added_at) "
        + "VALUES ('default', 'x' || \(Self.hostileSQL), 'T' || \(Self.hostileSQL), \(Self.hostileSQL), 1)",
      in: sandbox)
    for command in [["show", "favorites"], [], ["kinds"], ["doctor"]] {
      let result = await sandbox.run(command)
      #expect(result.exitCode == 0, "\(result)")
      Self.expectNoRawControls(result)
    }
    let shown = await sandbox.run(["show", "favorites"], environment: ["COLUMNS": "300"])
    #expect(shown.stdout.contains("T" + Self.shown), "\(shown)")
    let json = await sandbox.run("show", "favorites", "--json")
    let titles = try #require(try json.json()["items"]?.arrayValue).compactMap { $0["title"]?.stringValue }
    #expect(titles.contains("T\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{9B}31m\u{202E}x"))
  }

  /// A kind whose help, default, placeholder and empty title hold controls: registered by a
  /// build that takes them, or refused (65, or 74 when read back); in no case printed raw.
  @Test func aDefinitionsTextsAreNeverPrintedRaw() async throws {
    let sandbox = try Sandbox()
    let hostile = Self.hostileJSON
    let definition = """
      {"name": "books", "item": "book", "help": "Books \(hostile)",
       "fields": [
         {"name": "title", "type": "text", "required": true, "help": "The title \(hostile)",
          "placeholder": "TITLE\(hostile)"},
         {"name": "shelf", "type": "text", "default": "top \(hostile)"}],
       "placeholders": {"empty": {"title": "No books \(hostile)", "detail": "Add \(hostile)",
                                  "action": "lists add books \(hostile)"}}}
      """
    try sandbox.write(definition, to: sandbox.path("books.json"))
    let added = await sandbox.run("kinds", "add", "books.json")
    Self.expectNoRawControls(added)
    #expect([0, 65].contains(added.exitCode), "\(added)")
    // Whatever the build made of it, the same texts written into the file with plain SQL.
    if added.exitCode == 0 {
      await Self.write("UPDATE list_kinds SET item = 'book' || \(Self.hostileSQL) WHERE name = 'books'", in: sandbox)
    }
    let commands: [[String]] = [
      [], ["kinds"], ["kinds", "show", "books"], ["add", "books", "--help"], ["help", "add", "books"],
      ["show", "books"], ["add", "books", "--title", "Dune"], ["show", "books"], ["doctor"],
      ["__complete", "--", "add", ""], ["__complete", "--", "add", "books", "--"],
    ]
    for command in commands {
      let result = await sandbox.run(command)
      Self.expectNoRawControls(result)
      #expect(result.exitCode.map { [0, 64, 65, 74].contains($0) } == true, "\(result)")
    }
    if added.exitCode == 0 {
      let shown = await sandbox.run("kinds", "show", "books")
      if shown.exitCode == 0 { #expect(shown.stdout.contains("default top " + Self.shown), "\(shown)") }
    }
  }

  /// Completion candidates go to the shell as words: a name the file holds that is not a
  /// kind's name is never one of them.
  @Test func completionOffersOnlyKindNames() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    await Self.write(
      "INSERT INTO list_kinds(name, item, definition, version, checksum, created_at) "
        + "SELECT 'bad' || char(10) || 'rm -rf ~', item, definition, version, checksum, created_at "
        + "FROM list_kinds WHERE name = 'orders'", in: sandbox)
    let result = await sandbox.run("__complete", "--", "show", "")
    Self.expectNoRawControls(result)
    #expect(!result.stdout.contains("rm -rf"), "\(result)")
    for line in result.stdoutLines {
      #expect(line.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" })
    }
  }
}
