import Foundation
import ListStore
import ListStoreTesting
import ListSync
import SQLiteCore
import TestSupport
import Testing

/// Sync tested the way sync engines are: a seeded random run of a person's writes on several
/// devices (adds, edits, removes, clears, imports with and without updating by id, another
/// program's plain SQL, a field added by a change of the kind), syncs with faults before and
/// after the remote applies (dropped answers, 503s), syncs of the real `lists-sync` SIGKILLed
/// part-way, and the remote's own edits and deletions — then quiet syncs, and a checker that
/// compares every device with the remote and with a model that is small and obviously right:
///
/// - every device holds exactly the remote's items, field by field, and nothing is pending;
/// - no change id was applied twice;
/// - every add a device acknowledged and nobody removed is on the remote, once; the remote
///   holds nothing nobody added.
///
/// It runs against the Python test remote (with its faults, and the remote's own edits made
/// behind the protocol) and against `lists-server` (the remote's edits made by a fourth device
/// through the protocol). `swift test` runs a few short seeds; `Tests/Scripts/sync-model.sh --runs N --seed S` runs
/// many (`LISTS_SYNC_MODEL_RUNS`, `LISTS_SYNC_MODEL_SEED`, `LISTS_SYNC_MODEL_STEPS`), and a
/// failure names its seed so that it replays.
@Suite struct SyncModelTests {
  /// What the model knows: the titles each device acknowledged adding, and the titles someone
  /// removed (a remove or clear on a device, a deletion on the remote) — those may be gone.
  struct Model {
    var acknowledged: Set<String> = []
    var removed: Set<String> = []
  }

  /// One device: its file, its books and its sync.
  struct Device {
    var database: ListsDatabase
    var books: KindItems
    var sync: KindSync
  }

  /// Runs the real `lists-sync` (beside the test bundle) for the books of `database` and
  /// SIGKILLs it after `afterMilliseconds`, or lets it end when it is quicker: a sync killed at
  /// any moment of its push or its pull.
  static func killedSync(database: String, remote: SyncRemote, afterMilliseconds delay: Int) {
    let folder = ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "")
      .split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: folder + "/lists-sync")
    process.arguments = ["--db=" + database, "--account=default", "--quiet", "--all", "--", "books", remote.url]
    process.environment = ["LISTS_SYNC_HEADERS": remote.handedHeaders]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else {
      Issue.record("lists-sync could not be started from \(folder)")
      return
    }
    let deadline = Date().addingTimeInterval(Double(delay) / 1000)
    while process.isRunning && Date() < deadline { usleep(2_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  static var seeds: [UInt64] {
    let environment = ProcessInfo.processInfo.environment
    let runs = environment["LISTS_SYNC_MODEL_RUNS"].flatMap(Int.init) ?? 3
    let first = environment["LISTS_SYNC_MODEL_SEED"].flatMap(UInt64.init) ?? 20_261_207
    return (0..<UInt64(max(runs, 1))).map { first &+ $0 }
  }

  static var steps: Int {
    ProcessInfo.processInfo.environment["LISTS_SYNC_MODEL_STEPS"].flatMap(Int.init) ?? 40
  }

  /// Seeds of the run against `lists-server`: `LISTS_SYNC_MODEL_SERVER_RUNS` of them (2 by
  /// default) from the same first seed.
  static var serverSeeds: [UInt64] {
    let runs = ProcessInfo.processInfo.environment["LISTS_SYNC_MODEL_SERVER_RUNS"].flatMap(Int.init) ?? 2
    return Array(seeds.prefix(max(runs, 0)))
  }

  @Test(arguments: seeds)
  func devicesConvergeWithTheTestRemoteAndTheModel(seed: UInt64) async throws {
    try await SyncRemote.with(.python) { remote in
      if seed % 2 == 0 { try await remote.offerCheckpoints() }
      try await Self.run(seed: seed, remote: remote)
    }
  }

  @Test(arguments: serverSeeds)
  func devicesConvergeWithListsServerAndTheModel(seed: UInt64) async throws {
    // The kind of the devices: titles longer than 20 characters.
    try await SyncRemote.with(.server, serverKind: Books.json) { remote in
      try await Self.run(seed: seed, remote: remote)
    }
  }

  /// The remote's items: each title with its pages and note, as `pages|note` (`-` for none).
  static func shown(_ remote: SyncRemote) async throws -> [(title: String, shown: String)] {
    try await remote.items().map { item in
      let pages = (item["pages"] as? Int).map(String.init) ?? "-"
      return (item["title"] as? String ?? "?", pages + "|" + (item["note"] as? String ?? "-"))
    }
  }

  /// The title of an item of the remote `random` picks, or nil when the remote has none.
  static func pick(_ remote: SyncRemote, _ random: inout SplitMix) async throws -> String? {
    let titles = try await remote.items().compactMap { $0["title"] as? String }
    return titles.isEmpty ? nil : titles[Int(random.next() % UInt64(titles.count))]
  }

  /// One run of `steps` steps from `seed` on three devices of `remote`, which holds three items
  /// at the start, then the checker.
  static func run(seed: UInt64, remote: SyncRemote) async throws {
    try await remote.add(count: 3)
    try await withTemporaryDatabase { a in
      try await withTemporaryDatabase { b in
        try await withTemporaryDatabase { c in
          var devices: [Device] = []
          for database in [a, b, c] {
            let books = try Books.register(database)
            let sync = Books.sync(books, try remote.client(pageSize: 7, retry: .never))
            try await sync.all()
            devices.append(Device(database: database, books: books, sync: sync))
          }
          var model = Model()
          var noted = false
          model.acknowledged = ["Item 1", "Item 2", "Item 3"]
          var random = SplitMix(seed: seed)
          var log: [String] = []
          for step in 0..<Self.steps {
            let device = Int(random.next() % UInt64(devices.count))
            let (database, books) = (devices[device].database, devices[device].books)
            let action = random.next() % 100
            let local = try Books.titles(books)
            func pick() -> String? { local.isEmpty ? nil : local[Int(random.next() % UInt64(local.count))] }
            switch action {
            case 0..<20:
              let title = "s\(seed)-d\(device)-\(step)"
              _ = try books.add(DynamicDraft(["title": .text(title)]))
              model.acknowledged.insert(title)
              log.append("\(step): device \(device) adds \(title)")
            case 20..<35:
              guard let title = pick() else { continue }
              let id = try await PushTests.id(of: title, in: books)
              var values: [String: FieldValue] = ["pages": .integer(Int64(step + 1))]
              if noted && random.next() % 2 == 0 { values = ["note": .text("n\(step)")] }
              _ = try devices[device].books.update(id: id, setting: values)
              log.append("\(step): device \(device) edits \(title) (\(values.keys.sorted()))")
            case 35..<45:
              guard let title = pick() else { continue }
              try books.remove(ids: [try await PushTests.id(of: title, in: books)])
              model.removed.insert(title)
              log.append("\(step): device \(device) removes \(title)")
            case 45..<48:
              model.removed.formUnion(local)
              _ = try books.clear()
              log.append("\(step): device \(device) clears")
            case 48..<54:
              // Another program's plain SQL: an insert and an edit.
              let title = "s\(seed)-d\(device)-\(step)-sql"
              var sql = "INSERT INTO books (title) VALUES ('\(title)');"
              if let edited = pick() { sql += "UPDATE books SET pages = \(step + 100) WHERE title = '\(edited)';" }
              try PushTests.run(database, sql)
              model.acknowledged.insert(title)
              log.append("\(step): device \(device) runs SQL (adds \(title))")
            case 54..<58:
              let titles = (0..<3).map { "s\(seed)-d\(device)-\(step)-import\($0)" }
              var lines = titles.makeIterator()
              _ = try books.importItems { lines.next().map { DynamicDraft(["title": .text($0)]) } }
              model.acknowledged.formUnion(titles)
              log.append("\(step): device \(device) imports \(titles.count)")
            case 58..<60:
              // Every device and the remote change the kind: a new optional field, written
              // from then on.
              guard !noted else { continue }
              noted = true
              try await remote.addField(#"{"name": "note", "type": "text"}"#)
              for index in devices.indices {
                var definition = devices[index].books.definition
                definition.fields.append(FieldDefinition("note", .text()))
                _ = try devices[index].database.updateKind(definition)
                let books = try devices[index].database.items(of: "books")
                devices[index].books = books
                devices[index].sync = Books.sync(books, try remote.client(pageSize: 7, retry: .never))
              }
              log.append("\(step): every device adds the field note")
            case 60..<63:
              // An import that updates by id: a line for an item here, and a new one.
              guard let title = pick() else { continue }
              let id = try await PushTests.id(of: title, in: books)
              let added = "s\(seed)-d\(device)-\(step)-upd"
              var lines = [
                KindItems.ImportLine(id: id, values: ["pages": .integer(Int64(step + 500))]),
                KindItems.ImportLine(values: ["title": .text(added)]),
              ].makeIterator()
              _ = try books.importItems(updatingBy: .id) { lines.next() }
              model.acknowledged.insert(added)
              log.append("\(step): device \(device) imports by id (\(title), adds \(added))")
            case 63..<66:
              // The real sync, killed part-way: SIGKILL after 0 to 150 ms.
              let delay = Int(random.next() % 150)
              Self.killedSync(database: database.path, remote: remote, afterMilliseconds: delay)
              log.append("\(step): device \(device) syncs, killed after \(delay) ms")
            case 66..<80:
              let faults: [[String: Any]] = [
                [:], ["status": 503], ["drop_after_apply": true], ["after_apply_status": 503], ["delay_ms": 1],
              ]
              let fault = faults[Int(random.next() % UInt64(faults.count))]
              // The Python remote's faults; lists-server's requests are not failed.
              if !fault.isEmpty { try await remote.python?.control(faults: [fault]) }
              _ = try? await devices[device].sync.push()
              _ = try? await devices[device].sync.all()
              log.append("\(step): device \(device) syncs (fault \(fault))")
            case 80..<90:
              guard let title = try await Self.pick(remote, &random) else { continue }
              try await remote.edit(title, ["pages": step + 1000])
              log.append("\(step): remote edits \(title)")
            default:
              guard let title = try await Self.pick(remote, &random) else { continue }
              try await remote.delete(title)
              model.removed.insert(title)
              log.append("\(step): remote deletes \(title)")
            }
          }
          // Quiet syncs: every device pushes and walks whole, twice round, so that each one
          // also sees what the others sent after it.
          for _ in 0..<3 {
            for device in devices {
              _ = try await device.sync.push()
              try await device.sync.all()
            }
          }
          let context = "seed \(seed); replay with Tests/Scripts/sync-model.sh --runs 1 --seed \(seed)\n"
            + log.joined(separator: "\n")
          var remoteItems: [String: String] = [:]
          for (title, shown) in try await Self.shown(remote) {
            #expect(remoteItems[title] == nil, "\(title) is on the remote twice; \(context)")
            remoteItems[title] = shown
          }
          // The Python remote counts the applications of each change id; lists-server stores each
          // answer by its change id, and a change applied twice shows as an item twice (above).
          if let python = remote.python {
            #expect(
              try await python.state().applied.values.allSatisfy { $0 == 1 }, "a change id was applied twice; \(context)")
          }
          for title in model.acknowledged.subtracting(model.removed) {
            #expect(remoteItems[title] != nil, "the acknowledged add \(title) is missing; \(context)")
          }
          for title in remoteItems.keys {
            #expect(model.acknowledged.contains(title), "the remote holds \(title), which nobody added; \(context)")
          }
          for (index, device) in devices.enumerated() {
            let outbox = try device.books.replica.syncChanges().map {
              "\($0.state) \($0.operation) of item \($0.itemID) \($0.fields) sent \($0.sent ?? "-")"
            }
            #expect(
              try device.books.replica.syncChangeCounts().pending == 0,
              "device \(index) has changes waiting: \(outbox); \(context)")
            var localItems: [String: String] = [:]
            for item in try device.books.page(after: nil, limit: 500).items {
              guard case .text(let title) = item.values[0] else { continue }
              var pages = "-"
              if case .integer(let number) = item.values[1] { pages = String(number) }
              var note = "-"
              if item.values.count > 2, case .text(let text) = item.values[2] { note = text }
              localItems[title] = pages + "|" + note
            }
            if localItems != remoteItems {
              // What the device holds, for the replay: each item with the remote id it is mapped to.
              let raw = try Connection(path: device.database.path, options: .init(create: false))
              let rows = try raw.textColumn(
                """
                SELECT b.id || ' ' || b.title || ' -> ' || coalesce(m.remote_id, '-') || ' v' || coalesce(m.version, '-')
                FROM books b LEFT JOIN list_sync_items m ON m.kind = 'books' AND m.item_id = b.id ORDER BY b.id
                """)
              Issue.record("device \(index) differs from the remote: \(localItems) against \(remoteItems); it holds \(rows); \(context)")
            }
          }
        }
      }
    }
  }
}
