import Testing

/// Files `lists` must refuse without touching them: a text file, a folder, another program's
/// SQLite database, a database from a newer build. Each command fails with one line and the
/// documented code, and leaves the file byte for byte as it was, with no `-wal` or `-shm`.
@Suite struct HostileFileTests {
  enum Kind: String, CaseIterable, Sendable {
    case textFile = "a text file"
    case folder = "a folder"
    case foreignDatabase = "another program's SQLite database"
    case newerSchema = "a newer schema"

    var exitCode: Int32 { self == .newerSchema ? 78 : 74 }

    var errorKind: String {
      switch self {
      case .textFile: "not_a_database"
      case .folder: "cannot_open"
      case .foreignDatabase: "foreign_database"
      case .newerSchema: "schema_too_new"
      }
    }

    /// The start of the one error line for the file at `path`.
    func message(_ path: String) -> String {
      switch self {
      case .textFile: "\(path) is not a lists database (not SQLite); check the path."
      case .folder: "Cannot open the database \(path): it is a directory."
      case .foreignDatabase:
        "\(path) is another program's SQLite database; lists will not touch it. Use another path."
      case .newerSchema: "The database has schema version 99 but this build knows only up to "
      }
    }
  }

  /// Makes the hostile file at the sandbox's database path.
  static func make(_ kind: Kind, in sandbox: Sandbox) async throws {
    let path = sandbox.databasePath
    switch kind {
    case .textFile:
      try sandbox.write("Dear diary,\nthis is not a database.\n", to: path)
    case .folder:
      #expect(await sandbox.runProgram("/bin/mkdir", [path]).exitCode == 0)
    case .foreignDatabase:
      #expect(
        await sandbox.sqlite(
          "CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT); "
            + "INSERT INTO notes(body) VALUES ('keep me');") == "")
    case .newerSchema:
      await Fixtures.addOrders(to: sandbox)
      #expect(await sandbox.sqlite("PRAGMA user_version = 99;") == "")
    }
    #expect(FileSnapshot(path, in: sandbox).sidecars == [])
  }

  static let commands: [[String]] = [
    ["add", "favorites", "--ref", "a", "--title", "A"],
    [],
    ["export", "orders"],
    ["import", "orders", "-"],
    ["remove", "orders", "1"],
    ["clear", "orders", "--yes"],
    ["seed", "--count", "1"],
  ]

  @Test(arguments: Kind.allCases, commands)
  func everyCommandRefusesTheFileWithOneLineAndLeavesIt(kind: Kind, command: [String]) async throws
  {
    let sandbox = try Sandbox()
    try await Self.make(kind, in: sandbox)
    let before = FileSnapshot(sandbox.databasePath, in: sandbox)
    let input = Array(#"{"number":"Z-1","total":"1","currency":"EUR"}"#.utf8) + [0x0A]
    let result = await sandbox.run(command, stdin: input)
    #expect(result.exitCode == kind.exitCode, "\(result)")
    #expect(result.stdout == "", "\(result)")
    #expect(result.stderrLines.count == 1, "\(result)")
    #expect(
      result.stderrLines.first?.hasPrefix("Error: " + kind.message(sandbox.databasePath)) == true,
      "\(result)")
    expectNoCrash(result)
    #expect(FileSnapshot(sandbox.databasePath, in: sandbox) == before)
    if kind == .folder { #expect(sandbox.contents() == ["lists.db"]) }
  }

  @Test(arguments: Kind.allCases)
  func showPrintsTheErrorPlaceholderAndExitsWithTheCode(kind: Kind) async throws {
    let sandbox = try Sandbox()
    try await Self.make(kind, in: sandbox)
    let before = FileSnapshot(sandbox.databasePath, in: sandbox)
    let result = await sandbox.run("show", "orders")
    #expect(result.exitCode == kind.exitCode, "\(result)")
    // The placeholder is the view; the failure is also the one line every error prints.
    #expect(result.stderr.hasPrefix("Error: ") && result.stderr.filter { $0 == "\n" }.count == 1, "\(result)")
    #expect(result.stdout.contains("Couldn't load orders"))
    #expect(result.stdout.contains("→ Check the file: lists doctor"))
    #expect(FileSnapshot(sandbox.databasePath, in: sandbox) == before)
  }

  @Test(arguments: Kind.allCases)
  func showJSONIsTheErrorStateWithAPermanentError(kind: Kind) async throws {
    let sandbox = try Sandbox()
    try await Self.make(kind, in: sandbox)
    let before = FileSnapshot(sandbox.databasePath, in: sandbox)
    let result = await sandbox.run("show", "orders", "--json")
    #expect(result.exitCode == kind.exitCode, "\(result)")
    #expect(result.stderr.hasPrefix("Error: ") && result.stderr.filter { $0 == "\n" }.count == 1, "\(result)")
    let object = try result.json()
    #expect(object.keys.sorted() == ShowCommandTests.topLevelKeys)
    #expect(object["state"] == .string("error"))
    #expect(object["items"] == .array([]))
    #expect(object["total_count"] == .null)
    let error = try #require(object["error"])
    #expect(error.keys.sorted() == ["kind", "message", "retryable"])
    #expect(error["kind"] == .string(kind.errorKind))
    #expect(error["retryable"] == .bool(false))
    let message = try #require(error["message"]?.stringValue)
    #expect(message.hasPrefix(kind.message(sandbox.databasePath)))
    #expect(
      object["placeholder"]
        == ShowCommandTests.placeholder(
          "Couldn't load orders", message, "Check the file: lists doctor"))
    #expect(FileSnapshot(sandbox.databasePath, in: sandbox) == before)
  }

  @Test(arguments: Kind.allCases)
  func watchAndDoctorStopWithTheCode(kind: Kind) async throws {
    let sandbox = try Sandbox()
    try await Self.make(kind, in: sandbox)
    let before = FileSnapshot(sandbox.databasePath, in: sandbox)
    let watch = await sandbox.run("watch", "orders", "--json")
    #expect(watch.exitCode == kind.exitCode, "\(watch)")
    #expect(try JSON.parse(watch.stdoutLines.last ?? "")["state"] == .string("error"))
    let doctor = await sandbox.run("doctor")
    #expect(doctor.exitCode == kind.exitCode, "\(doctor)")
    #expect(doctor.stderrLines.count == 1, "\(doctor)")
    expectNoCrash(doctor)
    #expect(FileSnapshot(sandbox.databasePath, in: sandbox) == before)
  }

  @Test(arguments: [
    ["seed", "--count", "3000"], ["import", "favorites", "-"],
  ])
  func aWritePastTheFileSizeLimitIsExit74AndWritesNothing(command: [String]) async throws {
    let sandbox = try Sandbox()
    await Fixtures.addEverything(to: sandbox)
    let before = FileSnapshot(sandbox.databasePath, in: sandbox)
    var lines = ""
    for index in 1...3000 { lines += #"{"ref":"r\#(index)","title":"Item \#(index)"}"# + "\n" }
    // The limit (in 512-byte blocks) leaves room for the file as it is, not for the new rows.
    let limit = (before.bytes?.count ?? 0) / 512 + 8
    let result = await sandbox.runProgram(
      "/bin/sh", ["-c", "ulimit -f \(limit) && exec \"$0\" \"$@\"", ListsBinary.path] + command,
      stdin: Array(lines.utf8))
    #expect(result.exitCode == 74, "\(result)")
    #expect(result.stderrLines.count == 1, "\(result)")
    #expect(result.stderrLines.first?.hasPrefix("Error: ") == true, "\(result)")
    expectNoCrash(result)
    #expect(FileSnapshot(sandbox.databasePath, in: sandbox) == before)
  }

  @Test func theErrorPlaceholderMatchesGoldenFile() async throws {
    let sandbox = try Sandbox()
    try sandbox.write("Dear diary,\n", to: sandbox.path("notes.txt"))
    // A relative path, so the message is the same in every sandbox.
    let result = await sandbox.run("--db", "notes.txt", "show", "favorites")
    #expect(result.exitCode == 74, "\(result)")
    Golden.expect(result.stdout, matches: "show-favorites-error-not-a-database.txt")
  }

  @Test func aZeroByteFileIsANewEmptyDatabase() async throws {
    let sandbox = try Sandbox()
    try sandbox.write([UInt8](), to: sandbox.databasePath)
    let shown = try await sandbox.run("show", "orders", "--json").json()
    #expect(shown["state"] == .string("empty"))
    #expect(sandbox.bytes(sandbox.databasePath) == [])
    let added = await sandbox.run(Fixtures.orders[0])
    #expect(added.exitCode == 0, "\(added)")
    #expect(await sandbox.sqlite("SELECT number FROM orders") == "A-1001\n")
  }
}
