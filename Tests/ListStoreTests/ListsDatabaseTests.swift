import Foundation
import SQLiteCore
import Testing
import TestSupport

@testable import ListStore
import ListStoreTesting

@Suite struct ListsDatabaseTests {
  @Test func newFileIsMarkedMigratedAndInWALMode() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      _ = try ListsDatabase(path: path)
      let raw = try Connection(path: path, options: .init(create: false))
      #expect(try raw.scalarInt("PRAGMA application_id") == 0x4C53_5453)
      #expect(try raw.scalarInt("PRAGMA user_version") == Int64(ListsDatabase.supportedSchemaVersion))
      #expect(try raw.textColumn("PRAGMA journal_mode") == ["wal"])
      #expect(try raw.textColumn("PRAGMA integrity_check") == ["ok"])
      let tables = try raw.textColumn("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
      // sqlite_sequence: SQLite's record of each list's largest id ever given (AUTOINCREMENT).
      #expect(tables == ["addresses", "favorites", "list_counts", "list_kinds", "lists_migrations", "orders", "sqlite_sequence"])
    }
  }

  @Test func connectionUsesFullSyncAndForeignKeys() throws {
    let database = try ListsDatabase.inMemory()
    let (sync, keys) = try database.read { connection in
      (try connection.scalarInt("PRAGMA synchronous"), try connection.scalarInt("PRAGMA foreign_keys"))
    }
    #expect(sync == 2)  // FULL
    #expect(keys == 1)
  }

  @Test func zeroByteFileIsANewDatabase() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      #expect(FileManager.default.createFile(atPath: path, contents: Data()))
      let database = try ListsDatabase(path: path)
      #expect(try database.orders().isEmpty())
    }
  }

  @Test func reopeningKeepsData() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      do {
        let database = try ListsDatabase(path: path)
        try database.favorites().add(FavoriteDraft(ref: "p-1", title: "Kettle"))
      }
      let database = try ListsDatabase(path: path)
      #expect(try database.favorites().count() == 1)
      #expect(try database.favorites().page(after: nil, limit: 5).items.map(\.title) == ["Kettle"])
    }
  }

  /// Opening must not leave SQLite's side files next to a file it refused.
  private func expectUntouched(_ folder: TemporaryFolder, _ path: String, _ before: Data) throws {
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(try folder.contents() == [URL(fileURLWithPath: path).lastPathComponent])
  }

  @Test func textFileIsRefusedUntouched() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      let before = Data("name,total\nkettle,25.90\n".utf8)
      try before.write(to: URL(fileURLWithPath: path))
      #expect(throws: ListStoreError.notADatabase(path: path)) { try ListsDatabase(path: path) }
      try expectUntouched(folder, path, before)
    }
  }

  @Test func randomBytesAreRefusedUntouched() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      var generator = SplitMix(seed: 7)
      let before = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
      try before.write(to: URL(fileURLWithPath: path))
      #expect(throws: ListStoreError.notADatabase(path: path)) { try ListsDatabase(path: path) }
      try expectUntouched(folder, path, before)
    }
  }

  @Test func directoryIsRefused() throws {
    try withTemporaryFolder { folder in
      #expect(throws: ListStoreError.cannotOpen(path: folder.url.path, reason: "it is a directory")) {
        try ListsDatabase(path: folder.url.path)
      }
    }
  }

  /// A FIFO or a device is never a database, and nothing opens it: a FIFO would make the open
  /// wait for a writer (this test would hang, not fail, on a build that opened it).
  @Test func aFIFOOrADeviceIsRefusedWithoutOpeningIt() throws {
    try withTemporaryFolder { folder in
      let fifo = folder.path("fifo.db")
      #expect(mkfifo(fifo, 0o600) == 0)
      for (path, what) in [(fifo, "a FIFO"), ("/dev/null", "a character device")] {
        let refused = ListStoreError.cannotOpen(path: path, reason: "it is \(what), not a regular file")
        #expect(throws: refused) { try ListsDatabase(path: path) }
        var reading = ListsDatabase.Configuration()
        reading.createIfMissing = false
        #expect(throws: refused) { try ListsDatabase(path: path, configuration: reading) }
        #expect(throws: refused) { try HealthReport.inspect(path: path) }
      }
      #expect(!FileManager.default.fileExists(atPath: fifo + "-wal"))
    }
  }

  @Test func anotherProgramsDatabaseIsRefusedUntouched() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      do {
        let other = try Connection(path: path)
        try other.executeScript("CREATE TABLE notes(id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes(body) VALUES ('hi')")
      }
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      #expect(throws: ListStoreError.foreignDatabase(path: path)) { try ListsDatabase(path: path) }
      try expectUntouched(folder, path, before)
    }
  }

  @Test func emptySQLiteFileWithoutTablesIsAdopted() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      do {
        let other = try Connection(path: path)
        try other.executeScript("PRAGMA page_size = 4096; VACUUM")
      }
      let database = try ListsDatabase(path: path)
      #expect(try database.orders().count() == 0)
    }
  }

  @Test func newerSchemaIsRefusedWithoutWriting() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      do {
        _ = try ListsDatabase(path: path)
        let raw = try Connection(path: path)
        try raw.executeScript("PRAGMA journal_mode = DELETE; PRAGMA user_version = 99")
      }
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      #expect(throws: ListStoreError.schemaTooNew(app: nil, found: 99, supported: ListsDatabase.supportedSchemaVersion)) {
        try ListsDatabase(path: path)
      }
      // Not even the journal mode changed: the file is byte-for-byte what it was.
      try expectUntouched(folder, path, before)
    }
  }

  @Test func missingFolderCannotBeCreated() throws {
    try withTemporaryFolder { folder in
      let path = folder.url.appendingPathComponent("nowhere/lists.db").path
      #expect(throws: ListStoreError.cannotCreate(path: path, reason: "the folder \(folder.url.path)/nowhere does not exist")) {
        try ListsDatabase(path: path)
      }
    }
  }

  @Test func missingFileIsNotCreatedWhenCreationIsOff() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      #expect(throws: ListStoreError.cannotOpen(path: path, reason: "no such file")) {
        try ListsDatabase(path: path, configuration: .init(createIfMissing: false))
      }
      let names = try folder.contents()
      #expect(names.isEmpty)
    }
  }

  @Test func busyTimeoutEndsWithBusyError() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      let database = try ListsDatabase(path: path, configuration: .init(busyTimeoutMilliseconds: 100))
      let blocker = try Connection(path: path)
      try blocker.execute("BEGIN IMMEDIATE")
      defer { try? blocker.execute("ROLLBACK") }
      let started = ContinuousClock.now
      #expect(throws: ListStoreError.databaseBusy) {
        try database.favorites().add(FavoriteDraft(ref: "r", title: "t"))
      }
      #expect(ContinuousClock.now - started >= .milliseconds(90))
      #expect(ListStoreError.databaseBusy.isRetryable)
    }
  }

  @Test func twoConnectionsOpeningANewFileMigrateItOnce() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.path()
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<4 {
          group.addTask { _ = try ListsDatabase(path: path) }
        }
        try await group.waitForAll()
      }
      let raw = try Connection(path: path, options: .init(create: false))
      #expect(try raw.scalarInt("SELECT count(*) FROM lists_migrations") == Int64(ListsDatabase.supportedSchemaVersion))
    }
  }
}
