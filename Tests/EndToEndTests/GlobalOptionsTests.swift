import Testing

/// `--db`, `--account`, `--no-color` and their environment defaults: which file is used,
/// when it and its folder are created, and which rows an account sees.
@Suite struct GlobalOptionsTests {
  struct PathCase: Sendable, CustomTestStringConvertible {
    var name: String
    /// Global options, `@` standing for the sandbox folder.
    var options: [String]
    /// Environment changes, `@` standing for the sandbox folder.
    var environment: [String: String?]
    /// The database file the command must create, relative to the sandbox.
    var expected: String
    var testDescription: String { name }
  }

  static let pathCases: [PathCase] = [
    PathCase(
      name: "--db beats LISTS_DB", options: ["--db", "@/flag/dir/x.db"],
      environment: ["LISTS_DB": "@/env/x.db", "XDG_DATA_HOME": "@/xdg"], expected: "flag/dir/x.db"),
    PathCase(
      name: "LISTS_DB beats XDG_DATA_HOME", options: [],
      environment: ["LISTS_DB": "@/env/x.db", "XDG_DATA_HOME": "@/xdg"], expected: "env/x.db"),
    PathCase(
      name: "XDG_DATA_HOME beats HOME", options: [],
      environment: ["LISTS_DB": nil, "XDG_DATA_HOME": "@/xdg"], expected: "xdg/lists/lists.db"),
    PathCase(
      name: "HOME last", options: [], environment: ["LISTS_DB": nil],
      expected: "home/.local/share/lists/lists.db"),
    PathCase(
      name: "empty LISTS_DB is unset", options: [],
      environment: ["LISTS_DB": "", "XDG_DATA_HOME": "@/xdg"], expected: "xdg/lists/lists.db"),
    PathCase(
      name: "relative XDG_DATA_HOME is ignored", options: [],
      environment: ["LISTS_DB": nil, "XDG_DATA_HOME": "relative"],
      expected: "home/.local/share/lists/lists.db"),
  ]

  static func resolve(_ text: String, in sandbox: Sandbox) -> String {
    text.hasPrefix("@") ? sandbox.folder + text.dropFirst() : text
  }

  @Test(arguments: pathCases)
  func theDatabaseAndItsFolderAreCreatedOnFirstWrite(path: PathCase) async throws {
    let sandbox = try Sandbox()
    let options = path.options.map { Self.resolve($0, in: sandbox) }
    let environment = path.environment.mapValues { $0.map { Self.resolve($0, in: sandbox) } }
    let result = await sandbox.run(
      options + ["add", "favorites", "--ref", "a", "--title", "A"], environment: environment)
    #expect(result.exitCode == 0, "\(result)")
    #expect(sandbox.contents().filter { $0.hasSuffix(".db") } == [path.expected])
    #expect(
      await sandbox.sqlite("SELECT ref FROM favorites", database: sandbox.path(path.expected))
        == "a\n")
    // Reading finds the same file.
    let shown = await sandbox.run(
      options + ["show", "favorites", "--json"], environment: environment)
    #expect(try shown.json()["total_count"] == .number("1"))
  }

  @Test func globalOptionsMayFollowTheCommand() async throws {
    let sandbox = try Sandbox()
    let path = sandbox.path("after.db")
    let result = await sandbox.run("add", "favorites", "--ref", "a", "--db", path, "--title", "A")
    #expect(result.exitCode == 0, "\(result)")
    #expect(sandbox.exists(path))
    #expect(!sandbox.exists(sandbox.databasePath))
  }

  static let readCommands: [[String]] = [
    [], ["show", "orders"], ["show", "orders", "--json"], ["show", "orders", "--all", "--events"],
    ["export", "orders"], ["export", "favorites", "--format", "csv"], ["doctor"],
    ["clear", "orders", "--yes"], ["remove", "orders", "1"],
  ]

  @Test(arguments: readCommands)
  func readingAMissingFileCreatesNothing(command: [String]) async throws {
    let sandbox = try Sandbox()
    let result = await sandbox.run(command, environment: ["LISTS_DB": nil])
    #expect(result.exitCode == (command.first == "remove" ? 65 : 0), "\(result)")
    expectNoCrash(result)
    #expect(sandbox.contents() == [])
  }

  @Test func aFolderThatCannotBeMadeIsExit73() async throws {
    let sandbox = try Sandbox()
    try sandbox.write("not a folder\n", to: sandbox.path("file"))
    let path = sandbox.path("file/sub/lists.db")
    let result = await sandbox.run("--db", path, "add", "favorites", "--ref", "a", "--title", "A")
    expectError(
      result, code: 73,
      line: "Error: Cannot create the database \(path): cannot create the folder "
        + "\(sandbox.path("file/sub")): Not a directory.")
    #expect(sandbox.bytes(sandbox.path("file")) == Array("not a folder\n".utf8))
  }

  // MARK: Accounts

  @Test func accountsNeverSeeEachOthersItems() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let work = await sandbox.run(
      ["add", "favorites", "--ref", "w", "--title", "Work thing"],
      environment: ["LISTS_ACCOUNT": "work"])
    #expect(work.exitCode == 0)
    #expect(
      await sandbox.sqlite("SELECT account, ref FROM favorites") == "work|w\n")

    let mine = try await sandbox.run("show", "favorites", "--json").json()
    #expect(mine["account"] == .string("default"))
    #expect(mine["state"] == .string("empty"))

    let viaEnvironment = try await sandbox.run(
      ["show", "favorites", "--json"], environment: ["LISTS_ACCOUNT": "work"]
    ).json()
    #expect(viaEnvironment["account"] == .string("work"))
    #expect(viaEnvironment["items"]?.arrayValue?.count == 1)

    let flagWins = try await sandbox.run(
      ["--account", "default", "show", "orders", "--json"], environment: ["LISTS_ACCOUNT": "work"]
    ).json()
    #expect(flagWins["account"] == .string("default"))
    #expect(flagWins["total_count"] == .number("3"))

    let emptyIsDefault = try await sandbox.run(
      ["show", "orders", "--json"], environment: ["LISTS_ACCOUNT": ""]
    ).json()
    #expect(emptyIsDefault["account"] == .string("default"))

    let theirs = try await sandbox.run("--account", "work", "show", "orders", "--json").json()
    #expect(theirs["state"] == .string("empty"))
    #expect(await sandbox.run("--account", "work", "export", "orders").stdout == "")
  }

  // MARK: Color

  @Test(arguments: [["show", "orders"], ["show", "orderz"], ["--no-color", "show", "orders"]])
  func noColorOrEscapesWhenNotATerminal(command: [String]) async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let result = await sandbox.run(command, environment: ["NO_COLOR": nil])
    #expect(!result.stdoutBytes.contains(0x1B), "\(result)")
    #expect(!result.stderrBytes.contains(0x1B), "\(result)")
  }
}
