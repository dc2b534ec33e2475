import SQLiteCore
import Testing

@testable import ListStore
import ListStoreTesting

extension MigratorTests {
  /// The mark, the version and the presence of a schema come from one statement, so one
  /// snapshot: read apart, they could straddle another process's first migration and make a
  /// file being created look like another program's database.
  @Test func markIsReadInOneSnapshot() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      let raw = try Connection(path: path)
      #expect(
        try Migrator.readMark(raw) == Migrator.Mark(applicationID: 0, version: 0, hasSchema: false))
      try raw.execute("CREATE TABLE notes (body TEXT)")
      #expect(
        try Migrator.readMark(raw) == Migrator.Mark(applicationID: 0, version: 0, hasSchema: true))

      // A reader whose snapshot predates the migration sees none of it.
      let reader = try Connection(path: path)
      try raw.execute("PRAGMA journal_mode = WAL")
      try raw.execute("DROP TABLE notes")
      try reader.execute("BEGIN")
      #expect(try Migrator.readMark(reader).hasSchema == false)
      try Migrator.migrate(raw, path: path, now: { 0 })
      #expect(
        try Migrator.readMark(reader)
          == Migrator.Mark(applicationID: 0, version: 0, hasSchema: false))
      try reader.execute("COMMIT")
      #expect(
        try Migrator.readMark(reader)
          == Migrator.Mark(
            applicationID: Migrator.applicationID, version: Migrator.latestVersion, hasSchema: true)
      )
    }
  }

  @Test(
    arguments: [
      (Migrator.Mark(applicationID: 0, version: 0, hasSchema: false), nil),
      (
        Migrator.Mark(applicationID: 0, version: 0, hasSchema: true),
        ListStoreError.foreignDatabase(path: "x.db")
      ),
      (
        Migrator.Mark(applicationID: 0, version: 3, hasSchema: false),
        .foreignDatabase(path: "x.db")
      ),
      (
        Migrator.Mark(applicationID: 7, version: 0, hasSchema: false),
        .foreignDatabase(path: "x.db")
      ),
      (Migrator.Mark(applicationID: Migrator.applicationID, version: 0, hasSchema: false), nil),
      (Migrator.Mark(applicationID: Migrator.applicationID, version: 1, hasSchema: true), nil),
      (
        Migrator.Mark(applicationID: Migrator.applicationID, version: 2, hasSchema: true),
        .schemaTooNew(app: nil, found: 2, supported: 1)
      ),
      (
        Migrator.Mark(applicationID: Migrator.applicationID, version: Int(Int32.max), hasSchema: true),
        .schemaTooNew(app: nil, found: Int(Int32.max), supported: 1)
      ),
      (
        Migrator.Mark(applicationID: Migrator.applicationID, version: -1, hasSchema: true),
        .corrupt(path: "x.db", detail: "its schema version is -1; no build of lists writes a negative one")
      ),
    ] as [(Migrator.Mark, ListStoreError?)])
  func markIsCheckedWithoutReadingAgain(_ mark: Migrator.Mark, _ expected: ListStoreError?) {
    do {
      try Migrator.checkMark(mark, path: "x.db", latest: 1)
      #expect(expected == nil)
    } catch {
      #expect(error == expected)
    }
  }
}
