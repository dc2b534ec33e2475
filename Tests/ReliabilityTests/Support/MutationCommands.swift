import Foundation
import ListStore
import SQLiteCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file the mutation test edits: the built-in kinds with rows, `books` (searchable, with
/// rows), `films` (fed by a remote on 127.0.0.1 and a closed port: cached rows, a `list_sync`
/// row, `list_sync_items`, a pending change in `list_changes`), and `notes`.
enum MutationFixture {
  static let books =
    #"{"name":"books","item":"book","fields":[{"name":"title","type":"text","required":true,"max_length":300},"#
    + #"{"name":"author","type":"text"},{"name":"pages","type":"integer","min":1},{"name":"price","type":"money"},"#
    + #"{"name":"status","type":"enum","values":["want","reading","done"],"default":"want"},"#
    + #"{"name":"finished_at","type":"timestamp"},{"name":"signed","type":"bool","default":false}],"#
    + #""unique":{"fields":["title","author"],"on_duplicate":"reject"},"show":["title","author","status"],"#
    + #""search":["title","author"],"placeholders":{"empty":{"title":"No books yet","#
    + #""detail":"Books you add will show up here.","action":"lists add books --title TITLE"}}}"#
  static let films =
    #"{"name":"films","item":"film","fields":[{"name":"title","type":"text","required":true},"#
    + #"{"name":"year","type":"integer"}],"search":["title"]}"#
  static let notes = #"{"name":"notes","item":"note","fields":[{"name":"note","type":"text","required":true}]}"#

  static func make(_ path: String) throws {
    try makeDatabase(path, orders: 5, favorites: 3, otherOrders: 2)
    do {
      let database = try ListsDatabase(path: path)
      for json in [books, films, notes] { _ = try database.registerKind(try KindDefinition(json: json)) }
      let books = try database.items(of: "books")
      for number in 1...4 {
        _ = try books.add(
          DynamicDraft(["title": .text("Book \(number)"), "author": .text("Ann"), "pages": .integer(100 + Int64(number))]))
      }
      _ = try database.items(of: "notes").add(DynamicDraft(["note": .text("Keep me")]))
      let films = try database.items(of: "films")
      let cached = [("1", true, "Alien"), ("b-2", false, "Brazil"), ("3", true, "Cube")].map {
        RemoteDraft(remoteID: $0.0, remoteIDIsInteger: $0.1, draft: DynamicDraft(["title": .text($0.2)]))
      }
      _ = try films.replica.writeRemotePage(
        RemotePageWrite(remoteURL: HostileEdits.closedURL + "/films", number: 1, items: cached, nextCursor: "page-2"))
      // A change of the person's own, waiting in the outbox.
      _ = try films.add(DynamicDraft(["title": .text("Local")]))
    }
    let connection = try Connection(path: path, options: .init(create: false))
    try connection.executeScript(
      """
      INSERT INTO addresses (label, recipient, line1, city, postal_code, country, is_default)
      VALUES ('Home', 'Ada', '1 Road', 'London', 'N1', 'GB', 1), ('Work', 'Ada', '2 Road', 'Berlin', '10115', 'DE', 0);
      PRAGMA wal_checkpoint(TRUNCATE);
      """)
  }
}

/// One command the mutation test runs on an edited file, and what it may change there.
struct MutationCommand {
  var arguments: [String]
  /// Whether stdout is JSON (control characters in it are then the data's, escaped by JSON).
  var json = false
  var effect: Effect
  /// `watch`: run until its first output, then interrupted.
  var interrupted = false

  var label: String { arguments.joined(separator: " ") }

  /// What a command may change in the file.
  enum Effect {
    /// Nothing: the file stays byte for byte.
    case none
    /// A `show` that may refresh a kind with a remote: its rows and the sync state.
    case refresh(String)
    /// `sync KIND`: the same, and it may make the sync tables.
    case sync(String)
    /// The items of one kind (`add`, `remove`, `clear`, `import`).
    case items(String)
    /// `kinds add`: the objects the new kind derives, and the bookkeeping rows.
    case addKind(String)
    /// `kinds remove KIND`: the objects the kind derives, and the bookkeeping rows.
    case removeKind(String)
    /// `doctor --repair`: indexes, triggers and search tables the kinds derive, counts.
    case repair
  }

  /// Every command, for the kind `kind`.
  static func all(kind: String, index: Int, definition: String, scratch: Scratch) -> [MutationCommand] {
    let importFile = scratch.file("import.ndjson")
    try? Data((importLine(kind, index: index) + "\n").utf8).write(to: URL(fileURLWithPath: importFile))
    let newKind =
      ((try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: definition))))
      as? [String: Any])?["name"] as? String ?? "journal"
    return [
      MutationCommand(arguments: [], effect: .none),
      MutationCommand(arguments: ["show", kind], effect: .refresh(kind)),
      MutationCommand(arguments: ["show", kind, "--json"], json: true, effect: .refresh(kind)),
      MutationCommand(arguments: ["add", kind, "--help"], effect: .none),
      MutationCommand(arguments: ["add", kind] + addArguments(kind, index: index), effect: .items(kind)),
      MutationCommand(arguments: ["edit", kind, "1"] + editArguments(kind), effect: .items(kind)),
      MutationCommand(arguments: ["remove", kind, "1"], effect: .items(kind)),
      MutationCommand(arguments: ["clear", kind, "--yes"], effect: .items(kind)),
      MutationCommand(arguments: ["import", kind, importFile], effect: .items(kind)),
      MutationCommand(arguments: ["export", kind], json: true, effect: .none),
      MutationCommand(arguments: ["kinds"], effect: .none),
      MutationCommand(arguments: ["kinds", "show", kind], effect: .none),
      MutationCommand(arguments: ["kinds", "remove", kind, "--yes"], effect: .removeKind(kind)),
      MutationCommand(arguments: ["kinds", "add", definition], effect: .addKind(newKind)),
      MutationCommand(arguments: ["doctor"], effect: .none),
      MutationCommand(arguments: ["doctor", "--repair"], effect: .repair),
      MutationCommand(arguments: ["completion", "bash"], effect: .none),
      MutationCommand(
        arguments: ["sync", kind, "--from", HostileEdits.closedURL + "/" + kind], effect: .sync(kind)),
      MutationCommand(arguments: ["sync", "status"], effect: .none),
      MutationCommand(arguments: ["sync", "status", kind, "--json"], json: true, effect: .none),
      MutationCommand(arguments: ["browse", kind], effect: .none),
      MutationCommand(arguments: ["watch", kind, "--json"], json: true, effect: .none, interrupted: true),
    ]
  }

  static func addArguments(_ kind: String, index: Int) -> [String] {
    switch kind {
    case "favorites": ["--ref", "m-\(index)", "--title", "Mutant"]
    case "addresses":
      [
        "--label", "M\(index)", "--recipient", "Ada", "--line1", "1 Road", "--city", "Rome", "--postal-code", "1",
        "--country", "IT",
      ]
    case "orders": ["--number", "M-\(index)", "--total", "1.50", "--currency", "EUR"]
    case "books": ["--title", "Mutant \(index)", "--author", "Bo"]
    default: ["--title", "Mutant \(index)"]
    }
  }

  static func editArguments(_ kind: String) -> [String] {
    switch kind {
    case "addresses": ["--city", "Paris"]
    case "orders": ["--status", "shipped"]
    default: ["--title", "Edited"]
    }
  }

  static func importLine(_ kind: String, index: Int) -> String {
    switch kind {
    case "favorites": #"{"ref":"i-\#(index)","title":"Imported"}"#
    case "addresses":
      #"{"label":"I\#(index)","recipient":"Ada","line1":"1 Road","city":"Rome","postal_code":"1","country":"IT"}"#
    case "orders": orderLine("I-\(index)")
    default: #"{"title":"Imported \#(index)"}"#
    }
  }

  /// Runs the command; `watch` until its first output (at most 20 s: a loaded machine starts a
  /// debug build slowly), then SIGINT, repeated every 5 s while it runs.
  func run(_ lists: Lists) async throws -> Finished {
    guard interrupted else { return try await lists.run(arguments: arguments, timeout: .seconds(30)) }
    let child = try lists.start(arguments)
    let deadline = ContinuousClock.now.advanced(by: .seconds(20))
    while !child.hasWrittenOutput && !child.hasEnded && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    // Interrupted again every 5 s while it runs, as a person presses Ctrl-C again: an interrupt
    // sent before `watch` catches it (on a loaded machine that has not started it in 20 s) is
    // lost when the child inherited SIGINT ignored, as a shell's background job does; one CI
    // run saw such a `watch` run out its 40 s. Still bounded: 40 s from the child's start, then
    // it is a hang.
    let end = ContinuousClock.now.advanced(by: .seconds(20))
    while !child.hasEnded && ContinuousClock.now < end {
      child.kill(SIGINT)
      let next = ContinuousClock.now.advanced(by: .seconds(5))
      while !child.hasEnded && ContinuousClock.now < next { try await Task.sleep(for: .milliseconds(10)) }
    }
    return await child.wait(timeout: .seconds(40))
  }

  /// What is wrong with how the command ended and what it printed.
  func check(_ run: Finished, secrets: [String]) -> [String] {
    var problems: [String] = []
    switch run.termination {
    case .signaled(let signal): problems.append("killed by signal \(signal)")
    case .timedOut: problems.append("hung (killed after its time limit)")
    case .exited(70): problems.append("internal error (exit 70)")
    case .exited(let code) where !Reliability.BookkeepingMutationTests.allowedCodes.contains(code):
      problems.append("exit \(code) is not one of lists help exit-codes' codes")
    case .exited(let code) where code != 0 && !Self.isOneError(run.stderrLines, usage: code == 64):
      problems.append("\(run.stderrLines.count) lines on stderr, not one error line")
    case .exited: break
    }
    if let found = Self.rawControl(in: run.stderr) { problems.append("raw \(found) on stderr") }
    if !json, let found = Self.rawControl(in: run.stdout) { problems.append("raw \(found) on stdout") }
    for secret in secrets where run.stdout.contains(secret) || run.stderr.contains(secret) {
      problems.append("printed the password of the stored URL")
    }
    return problems
  }

  /// Whether `lines` are one error line, or for a usage error (64) the error line and the usage
  /// lines after it (at most three in all).
  static func isOneError(_ lines: [Substring], usage: Bool) -> Bool {
    lines.count == 1 || (usage && (2...3).contains(lines.count) && lines[0].hasPrefix("Error:"))
  }

  /// The first ESC, BEL, C1 control or U+202E in `text`, named.
  static func rawControl(in text: String) -> String? {
    text.unicodeScalars.first { $0.value == 0x1B || $0.value == 0x07 || (0x80...0x9F).contains($0.value) || $0.value == 0x202E }
      .map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}

extension MutationCommand.Effect {
  /// The tables and indexes of sync, which the first sync of a file makes.
  static let syncObjects: Set<String> = [
    "list_sync", "list_sync_items", "list_changes", "list_sync_applying", "list_sync_items_by_item",
    "list_changes_by_item", "list_changes_by_id", "list_sync_checkpoints", "sqlite_autoindex_list_changes_1", "sqlite_autoindex_list_sync_1",
    "sqlite_autoindex_list_sync_items_1",
  ]

  /// The bookkeeping tables SQLite itself keeps.
  static let sqliteTables: Set<String> = ["sqlite_sequence", "sqlite_stat1", "sqlite_stat4"]

  /// What changed from `before` to `after` that this effect does not allow, one line each.
  func changes(from before: FileSnapshot, to after: FileSnapshot) -> [String] {
    var problems: [String] = []
    let created = after.objects.values.filter { before.objects[$0.name] == nil }
    let dropped = before.objects.values.filter { after.objects[$0.name] == nil }
    let rewritten = after.objects.values.filter { object in
      before.objects[object.name].map { $0 != object } ?? false
    }
    if after.objects["injected"] != nil { problems.append("the table `injected` exists") }
    for object in created.sorted(by: { $0.name < $1.name }) where !mayCreate(object, before, after) {
      problems.append("created \(object)")
    }
    for object in dropped.sorted(by: { $0.name < $1.name }) where !mayDrop(object, before) {
      problems.append(
        before.kindTables.contains(object.name) ? "dropped the table of the kind \(object.name)" : "dropped \(object)")
    }
    for object in rewritten.sorted(by: { $0.name < $1.name }) where !mayRewrite(object, before, after) {
      problems.append("rewrote \(object)")
    }
    let writable = writableTables(before, after)
    for (table, rows) in before.rows.sorted(by: { $0.key < $1.key }) where !writable.contains(table) {
      guard let now = after.rows[table], now != rows else { continue }
      problems.append("changed the rows of \(table) (\(rows.count) rows, then \(now.count))")
    }
    if after.userVersion != before.userVersion {
      problems.append("changed user_version from \(before.userVersion) to \(after.userVersion)")
    }
    if after.applicationID != before.applicationID { problems.append("changed application_id") }
    if case .none = self, problems.isEmpty, after.bytes != before.bytes {
      problems.append("changed the file's bytes (\(before.bytes.count) then \(after.bytes.count)) without changing its content")
    }
    return problems
  }

  private func mayCreate(_ object: FileSnapshot.Object, _ before: FileSnapshot, _ after: FileSnapshot) -> Bool {
    switch self {
    case .none, .items: return false
    case .refresh(let kind), .sync(let kind):
      // The sync tables, and the triggers that record a synced kind's changes.
      return Self.syncObjects.contains(object.name) || (object.type == "trigger" && before.isDerived(object, from: kind))
    case .addKind(let kind):
      // Its own objects, and none that another kind derives (`books_search_docsize`).
      return after.isDerived(object, from: kind)
        && !before.kindTables.contains { FileSnapshot.searchFamily(of: $0).contains(object.name) }
    case .removeKind: return false
    case .repair: return Self.isRepairable(object, before)
    }
  }

  /// A sync brings the sync tables of an earlier build up to date (new columns).
  private func mayRewrite(_ object: FileSnapshot.Object, _ before: FileSnapshot, _ after: FileSnapshot) -> Bool {
    switch self {
    case .refresh, .sync: Self.syncObjects.contains(object.name)
    default: mayDrop(object, before) && mayCreate(object, before, after)
    }
  }

  private func mayDrop(_ object: FileSnapshot.Object, _ before: FileSnapshot) -> Bool {
    switch self {
    case .none, .items, .refresh, .sync, .addKind: false
    case .removeKind(let kind): before.isDerived(object, from: kind)
    case .repair: Self.isRepairable(object, before)
    }
  }

  /// What `doctor --repair` may drop and make again: an index or trigger a kind derives, a
  /// kind's search table, the kept counts (made again from the migrations' own SQL) — never a
  /// table that holds a kind's items.
  private static func isRepairable(_ object: FileSnapshot.Object, _ before: FileSnapshot) -> Bool {
    guard !before.kindTables.contains(object.name) else { return false }
    if object.name == "list_counts" { return true }
    if object.type == "index" || object.type == "trigger" { return before.isDerivedFromAKind(object) }
    return before.kindTables.contains { FileSnapshot.searchFamily(of: $0).contains(object.name) }
  }

  private func writableTables(_ before: FileSnapshot, _ after: FileSnapshot) -> Set<String> {
    let sync: Set<String> = [
      "list_sync", "list_sync_items", "list_changes", "list_sync_applying", "list_sync_checkpoints", "list_counts",
    ]
    switch self {
    case .none: return []
    case .refresh(let kind), .sync(let kind):
      return Self.sqliteTables.union(sync).union([kind]).union(before.searchTables(of: kind))
    case .items(let kind):
      return Self.sqliteTables.union(["list_counts", "list_sync_items", "list_changes", kind]).union(
        before.searchTables(of: kind))
    case .addKind, .removeKind:
      return Self.sqliteTables.union(sync).union(["list_kinds", "lists_migrations"])
    case .repair:
      return Self.sqliteTables.union(["list_counts"]).union(
        before.kindTables.flatMap { before.searchTables(of: $0) })
    }
  }
}
