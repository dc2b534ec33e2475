import Foundation
import ListStoreTesting
import SQLiteCore
import Testing
import TextFormats

@testable import ListStore

/// An app's own SQL migrations, recorded and checksummed beside the package's.
@Suite struct AppMigrationTests {
  static let app = "com.example.reader"
  static let log = AppMigration(
    1, "reading_log",
    sql: "CREATE TABLE reader_log (id INTEGER PRIMARY KEY, note TEXT NOT NULL) STRICT")
  static let logTime = AppMigration(
    2, "log_time", sql: "ALTER TABLE reader_log ADD COLUMN at INTEGER NOT NULL DEFAULT 0")

  static func rows(_ path: String, _ sql: String) throws -> [String] {
    try KindRegistryTests.rows(path, sql)
  }

  /// The SHA-256 of the file's bytes, and whether a `-wal` file is beside it.
  static func fingerprint(_ path: String) throws -> String {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    return sha256Hex(Array(bytes))
      + (FileManager.default.fileExists(atPath: path + "-wal") ? " wal" : "")
  }

  @Test func migrationsAreAppliedInOrderOnceAndRecordedWithTheirChecksums() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(
        path: folder.path(), configuration: .init(now: { Timestamp(millisecondsSince1970: 42) }))
      #expect(try database.migrate(app: Self.app, [Self.log]) == [Self.log])
      #expect(try database.migrate(app: Self.app, [Self.log, Self.logTime]) == [Self.logTime])
      #expect(try database.migrate(app: Self.app, [Self.log, Self.logTime]).isEmpty)
      #expect(
        try Self.rows(
          folder.path(),
          "SELECT number, name, checksum, applied_at FROM lists_migrations WHERE namespace = '\(Self.app)' ORDER BY number"
        )
          == ["1|reading_log|\(Self.log.checksum)|42", "2|log_time|\(Self.logTime.checksum)|42"])
      #expect(Self.log.checksum == sha256Hex(Array(Self.log.sql.utf8)))
      #expect(
        try Self.rows(
          folder.path(), "SELECT name FROM pragma_table_info('reader_log') ORDER BY cid") == [
            "id", "note", "at",
          ])
      // Another app's numbers and the package's own never collide.
      #expect(
        try database.migrate(
          app: "org.other",
          [AppMigration(1, "other", sql: "CREATE TABLE other_app (x INTEGER) STRICT")]
        ).count == 1)
      #expect(
        try Self.rows(
          folder.path(), "SELECT count(*) FROM lists_migrations WHERE namespace = 'lists'") == [
            "\(ListsDatabase.supportedSchemaVersion)"
          ])
      _ = try ListsDatabase(path: folder.path())
    }
  }

  @Test func aChangedMigrationIsRefusedAndNothingIsWritten() throws {
    try withTemporaryFolder { folder in
      try ListsDatabase(path: folder.path()).migrate(app: Self.app, [Self.log])
      let before = try Self.fingerprint(folder.path())
      var edited = Self.log
      edited.sql += " -- edited"
      #expect(
        throws: ListStoreError.migrationChanged(app: Self.app, number: 1, name: "reading_log")
      ) {
        try ListsDatabase(path: folder.path()).migrate(app: Self.app, [edited, Self.logTime])
      }
      #expect(try Self.fingerprint(folder.path()) == before)
      #expect(
        try Self.rows(folder.path(), "SELECT count(*) FROM pragma_table_info('reader_log')") == [
          "2"
        ])
    }
  }

  @Test func aFileNewerThanTheAppIsRefusedByteForByteUntouched() throws {
    try withTemporaryFolder { folder in
      try ListsDatabase(path: folder.path()).migrate(app: Self.app, [Self.log, Self.logTime])
      let before = try Self.fingerprint(folder.path())
      #expect(!before.hasSuffix("wal"))
      #expect(throws: ListStoreError.schemaTooNew(app: Self.app, found: 2, supported: 1)) {
        try ListsDatabase(path: folder.path()).migrate(app: Self.app, [Self.log])
      }
      #expect(try Self.fingerprint(folder.path()) == before)
      #expect(
        ListStoreError.schemaTooNew(app: Self.app, found: 2, supported: 1).message
          == "The database has 2 migrations of com.example.reader but this version of the app knows only 1; it was left untouched: update the app."
      )
    }
  }

  @Test func aFailingMigrationIsRolledBackAndTheOnesBeforeItStay() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let broken = AppMigration(
        2, "broken", sql: "CREATE TABLE half_done (x INTEGER); INSERT INTO no_such_table VALUES (1)"
      )
      #expect {
        try database.migrate(app: Self.app, [Self.log, broken])
      } throws: { error in
        guard case ListStoreError.migrationFailed(Self.app, 2, "broken", let detail) = error
        else { return false }
        return detail.contains("no_such_table")
      }
      #expect(
        try Self.rows(
          folder.path(), "SELECT number FROM lists_migrations WHERE namespace = '\(Self.app)'") == [
            "1"
          ])
      #expect(
        try Self.rows(folder.path(), "SELECT count(*) FROM sqlite_schema WHERE name = 'half_done'")
          == ["0"])
      #expect(try database.migrate(app: Self.app, [Self.log, Self.logTime]) == [Self.logTime])
    }
  }

  @Test func aMigrationInsideAWriteTransactionThrowsNestedWrite() throws {
    try withTemporaryDatabase { database in
      #expect(throws: ListStoreError.nestedWrite) {
        try database.write { _ in try database.migrate(app: Self.app, [Self.log]) }
      }
    }
  }
}
