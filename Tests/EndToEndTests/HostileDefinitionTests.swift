import Testing

/// Definitions in a file are input like any other: one edited with plain SQL is damage (74)
/// that every command needing it reports and `doctor` names, never SQL that runs; a kind's
/// derived names are its own; `doctor --repair` drops only what lists made. Each test runs on
/// a real file and compares its schema before and after.
@Suite struct HostileDefinitionTests {
  static let books = #"{"name":"books","item":"book","fields":[{"name":"title","type":"text"}]}"#

  /// Every object of the file as `sqlite_master` records it.
  static func schema(_ sandbox: Sandbox) async -> String {
    await sandbox.sqlite("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name")
  }

  static func register(_ json: String, in sandbox: Sandbox) async {
    let result = await sandbox.run(["kinds", "add", "-"], stdin: Array(json.utf8))
    #expect(result.exitCode == 0, "\(result)")
  }

  static let commands: [[String]] = [
    ["kinds", "remove", "books", "--yes"],
    ["doctor"],
    ["doctor", "--repair"],
    ["show", "books", "--json"],
    ["add", "books", "--title", "Dune"],
    ["kinds"],
    ["kinds", "show", "books"],
    ["export", "books"],
  ]

  @Test(arguments: commands)
  func sqlInADefinitionsNameRunsNothingAndIsDamage(command: [String]) async throws {
    let sandbox = try Sandbox()
    await Self.register(Self.books, in: sandbox)
    #expect(await sandbox.run("add", "books", "--title", "Solaris").exitCode == 0)
    let edit = await sandbox.sqlite(
      "UPDATE list_kinds SET definition = json_set(definition, '$.name', 'books; CREATE TABLE injected(x); --') "
        + "WHERE name = 'books'")
    #expect(edit == "")
    let before = await Self.schema(sandbox)

    let result = await sandbox.run(command)
    #expect(result.exitCode == 74, "\(result)")
    expectNoCrash(result)
    #expect(result.stderrLines.count == 1, "\(result)")
    #expect(
      result.stderr.hasPrefix(
        "Error: \(sandbox.databasePath) is damaged (the definition of 'books' in list_kinds is not valid: "
          + "The kind's name 'books; CREATE TABLE injected(x); --' must be lowercase letters"), "\(result)")
    if command.first == "doctor" {
      #expect(
        result.stdoutLines.contains { $0.hasPrefix("Problem: ") && $0.contains("the definition of 'books' in list_kinds is not valid") },
        "\(result)")
    }
    #expect(await Self.schema(sandbox) == before)
    #expect(await sandbox.sqlite("SELECT count(*) FROM sqlite_master WHERE name = 'injected'") == "0\n")
    #expect(await sandbox.sqlite("SELECT title FROM books") == "Solaris\n")
  }

  /// Found by the mutation run (seed 1796283368867): a definition in the file naming a field
  /// the kind's table has no column for made `add` and `import` exit 70.
  @Test(arguments: [["add", "books", "--title", "Dune"], ["import", "books", "-"]])
  func aFieldTheTableDoesNotHaveIsDamage(command: [String]) async throws {
    let sandbox = try Sandbox()
    await Self.register(Self.books, in: sandbox)
    #expect(await sandbox.run("add", "books", "--title", "Solaris").exitCode == 0)
    let edit = await sandbox.sqlite(
      "UPDATE list_kinds SET definition = json_insert(definition, '$.fields[#]', json_object('name', 'shelf', 'type', 'text')) "
        + "WHERE name = 'books'")
    #expect(edit == "")
    let before = await sandbox.sqlite("SELECT * FROM books")
    let result = await sandbox.run(command, stdin: Array(#"{"title": "Dune"}"#.utf8))
    #expect(result.exitCode == 74, "\(result)")
    expectNoCrash(result)
    #expect(result.stderrLines.count == 1, "\(result)")
    #expect(result.stderr.hasPrefix("Error: \(sandbox.databasePath) is damaged ("), "\(result)")
    #expect(await sandbox.sqlite("SELECT * FROM books") == before)
  }

  @Test func aDamagedDefinitionLeavesTheOtherListsAndUsageErrorsAsTheyWere() async throws {
    let sandbox = try Sandbox()
    await Self.register(Self.books, in: sandbox)
    #expect(await sandbox.sqlite("UPDATE list_kinds SET definition = json_set(definition, '$.name', 'films') WHERE name = 'books'") == "")
    let added = await sandbox.run("add", "orders", "--number", "A-1", "--total", "1", "--currency", "EUR")
    #expect(added.exitCode == 0, "\(added)")
    let typo = await sandbox.run("add", "orders", "--numbr", "A-2")
    #expect(typo.exitCode == 64, "\(typo)")
    #expect(typo.stderrLines.first == "Error: Unknown option '--numbr'. Did you mean '--number'?", "\(typo)")
  }

  @Test(arguments: [
    ("DROP TABLE books", "the table of the list books is missing"),
    ("DROP TABLE books; CREATE VIEW books AS SELECT 1 AS id, 'default' AS account, 'x' AS title, 0 AS added_at",
     "books is a view, not the table of the list books"),
  ])
  func aKindsTableGoneOrAViewIsDamageDoctorNames(sql: String, detail: String) async throws {
    let sandbox = try Sandbox()
    await Self.register(Self.books, in: sandbox)
    #expect(await sandbox.sqlite(sql) == "")
    let before = await Self.schema(sandbox)
    let doctor = await sandbox.run("doctor")
    #expect(doctor.exitCode == 74, "\(doctor)")
    #expect(doctor.stderr == "Error: \(sandbox.databasePath) is damaged (\(detail)); restore it from a backup.\n", "\(doctor)")
    for command in [["kinds", "remove", "books", "--yes"], ["add", "books", "--title", "Dune"], ["doctor", "--repair"]] {
      let result = await sandbox.run(command)
      #expect(result.exitCode == 74, "\(result)")
      expectNoCrash(result)
      #expect(result.stderrLines.count == 1, "\(result)")
    }
    #expect(await Self.schema(sandbox) == before)
  }

  @Test func doctorNamesADefinitionWithABidiOverrideEscaped() async throws {
    let sandbox = try Sandbox()
    await Self.register(Self.books, in: sandbox)
    #expect(
      await sandbox.sqlite(
        "UPDATE list_kinds SET definition = json_set(definition, '$.help', 'a' || char(0x202E) || char(27) || '[2J') WHERE name = 'books'")
        == "")
    let result = await sandbox.run("doctor")
    #expect(result.exitCode == 74, "\(result)")
    let problems = result.stdoutLines.filter { $0.hasPrefix("Problem: ") }
    #expect(problems.count == 1 && problems[0].contains("help holds U+202E"), "\(result)")
    for text in [result.stdout, result.stderr] {
      #expect(!text.unicodeScalars.contains { $0.value == 0x202E || $0.value == 27 }, "\(result)")
    }
  }

  static let searchable = #"{"name":"a","item":"a","fields":[{"name":"title","type":"text"}],"search":["title"]}"#
  static let notes = #"{"name":"a_search_docsize","item":"note","fields":[{"name":"note","type":"text"}]}"#

  @Test func aKindCannotTakeANameAnotherKindsSearchIndexKeeps() async throws {
    let sandbox = try Sandbox()
    await Self.register(Self.searchable, in: sandbox)
    let before = await Self.schema(sandbox)
    let result = await sandbox.run(["kinds", "add", "-"], stdin: Array(Self.notes.utf8))
    expectError(
      result, code: 65, line: "Error: The name 'a_search_docsize' is kept for the list 'a'; choose another name for the kind.")
    #expect(await Self.schema(sandbox) == before)
  }

  /// The issue's file: kind `a` searchable on `title`, a kind `a_search_docsize` beside it (made
  /// here with plain SQL, as a file from elsewhere may hold it), one trigger of `a` dropped.
  @Test func repairRebuildsTheIndexAndKeepsTheListUnderAShadowName() async throws {
    let sandbox = try Sandbox()
    await Self.register(Self.notes, in: sandbox)
    await Self.register(#"{"name":"a","item":"a","fields":[{"name":"title","type":"text"}]}"#, in: sandbox)
    #expect(await sandbox.run("add", "a_search_docsize", "--note", "keep me").exitCode == 0)
    #expect(await sandbox.run("add", "a", "--title", "Dune").exitCode == 0)
    // The statements lists made before it quoted names, as a file from then holds them.
    let byHand = """
      CREATE VIRTUAL TABLE a_search USING fts5(title, content='a', content_rowid='id', columnsize=0, tokenize='unicode61 remove_diacritics 2');
      CREATE TRIGGER a_search_delete AFTER DELETE ON a BEGIN
        INSERT INTO a_search (a_search, rowid, title) VALUES ('delete', OLD.id, OLD.title); END;
      CREATE TRIGGER a_search_update AFTER UPDATE OF title, id ON a BEGIN
        INSERT INTO a_search (a_search, rowid, title) VALUES ('delete', OLD.id, OLD.title);
        INSERT INTO a_search (rowid, title) VALUES (NEW.id, NEW.title); END;
      INSERT INTO a_search (a_search) VALUES ('rebuild');
      UPDATE list_kinds SET definition = json_set(definition, '$.search', json('["title"]')) WHERE name = 'a';
      """
    #expect(await sandbox.sqlite(byHand) == "")
    let notesSchema = await sandbox.sqlite("SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'a_search_docsize' ORDER BY name")

    let repaired = await sandbox.run("doctor", "--repair")
    #expect(repaired.exitCode == 0, "\(repaired)")
    #expect(repaired.stdout.hasPrefix("Recreated the search index a_search.\n"), "\(repaired)")
    #expect(repaired.stdout.contains("Search     a: a_search ok\n"), "\(repaired)")
    #expect(repaired.stdoutLines.last == "Healthy.", "\(repaired)")
    #expect(
      await sandbox.sqlite("SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'a_search_docsize' ORDER BY name")
        == notesSchema)
    let shown = await sandbox.run("show", "a_search_docsize", "--json")
    #expect(shown.exitCode == 0, "\(shown)")
    #expect(try shown.json()["total_count"] == .number("1"), "\(shown)")
    #expect(await sandbox.run("show", "a", "--search", "dune", "--json").stdout.contains(#""title":"Dune""#))
  }

  @Test func repairLeavesATableMadeByHandUnderAShadowNameAloneAndSaysSo() async throws {
    let sandbox = try Sandbox()
    await Self.register(Self.searchable, in: sandbox)
    #expect(
      await sandbox.sqlite("DROP TABLE a_search; CREATE TABLE a_search_data (keep TEXT); INSERT INTO a_search_data VALUES ('mine');")
        == "")
    let before = await Self.schema(sandbox)
    let result = await sandbox.run("doctor", "--repair")
    #expect(result.exitCode == 74, "\(result)")
    #expect(
      result.stdoutLines.first
        == "Left alone: the table a_search_data is not the one lists makes for the search index of a; "
        + "it was left alone, and the index not rebuilt.", "\(result)")
    #expect(result.stdout.contains("Search     a: a_search foreign\n"), "\(result)")
    #expect(await Self.schema(sandbox) == before)
    #expect(await sandbox.sqlite("SELECT keep FROM a_search_data") == "mine\n")
  }

  @Test(arguments: [["kinds", "remove", "a", "--yes"], ["kinds", "update", "-"]])
  func droppingAnIndexLeavesATableMadeByHandUnderItsNameAlone(command: [String]) async throws {
    let sandbox = try Sandbox()
    await Self.register(Self.searchable, in: sandbox)
    #expect(
      await sandbox.sqlite("DROP TABLE a_search; CREATE TABLE a_search (keep TEXT); INSERT INTO a_search VALUES ('mine');") == "")
    let before = await Self.schema(sandbox)
    // The change takes search away, which drops the index.
    let unsearched = #"{"name":"a","item":"a","fields":[{"name":"title","type":"text"}]}"#
    let result = await sandbox.run(command, stdin: Array(unsearched.utf8))
    expectError(
      result, code: 74,
      line: "Error: \(sandbox.databasePath) is damaged (the table a_search is not the one lists makes for the search "
        + "index of a; it was left alone); restore it from a backup.")
    #expect(await Self.schema(sandbox) == before)
    #expect(await sandbox.sqlite("SELECT keep FROM a_search") == "mine\n")
  }

  @Test(arguments: [
    (#"{"name":"b","fields":[{"name":"rank","type":"text"}],"search":["rank"]}"#,
     "Error: search cannot use the field 'rank': the full-text index (FTS5) keeps that name for itself; rename the field or leave it out of search."),
    (#"{"name":"b","fields":[{"name":"rowid","type":"text"}],"search":["rowid"]}"#,
     "Error: search cannot use the field 'rowid': the full-text index (FTS5) keeps that name for itself; rename the field or leave it out of search."),
    (#"{"name":"b","fields":[{"name":"b_search","type":"text"}],"search":["b_search"]}"#,
     "Error: search cannot use the field 'b_search': the full-text index (FTS5) keeps that name for itself; rename the field or leave it out of search."),
    (#"{"name":"b","help":"x\u202Ey","fields":[{"name":"t","type":"text"}]}"#,
     "Error: The definition's help holds U+202E, a control or bidi formatting character; remove it."),
    (#"{"name":"b","fields":[{"name":"t","type":"text","default":"\u009b2J"}]}"#,
     "Error: The definition's fields[0].default holds U+009B, a control or bidi formatting character; remove it."),
  ])
  func kindsAddRefusesWhatFTS5OrATerminalWouldChokeOn(json: String, line: String) async throws {
    let sandbox = try Sandbox()
    await Self.register(Self.books, in: sandbox)
    let before = await Self.schema(sandbox)
    expectError(await sandbox.run(["kinds", "add", "-"], stdin: Array(json.utf8)), code: 65, line: line)
    #expect(await Self.schema(sandbox) == before)
  }
}
