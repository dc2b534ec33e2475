import ListStore
import SQLiteCore

/// The server's storage on one SQLite file: WAL, `synchronous=FULL`, made private to its owner.
///
/// One connection writes (every push, every command), behind a lock; reads (pages) take a free
/// one of several reader connections, which WAL lets run beside the writer, each reading one
/// snapshot per page.
package final class SQLiteStorage: ListStorage {
  /// The file.
  package let path: String
  let writer: LockedConnection
  /// The reader connections.
  let reader: ReaderPool
  /// The definitions read so far.
  let definitions = DefinitionCache()

  /// How long a connection waits for another's lock before failing, in milliseconds.
  static let busyTimeout: Int32 = 5000

  /// Opens (creating it when missing, private to its owner) the file at `path`, brings its
  /// schema to this build's, and opens `readers` reader connections.
  /// - Throws: ``StorageError``: ``StorageError/schemaTooNew(found:supported:)`` for a newer
  ///   file, ``StorageError/unavailable(_:)`` when it cannot be opened.
  package init(path: String, readers: Int = 2, now: Int64) throws(StorageError) {
    self.path = path
    let created = PrivateFile.createEmptyFile(at: path)
    if created != 0 {
      throw .unavailable("cannot create \(path): \(SystemError.describe(created))")
    }
    do {
      let connection = try Connection(path: path)
      connection.setBusyTimeout(milliseconds: Self.busyTimeout)
      try connection.execute("PRAGMA journal_mode = WAL")
      try connection.execute("PRAGMA synchronous = FULL")
      try ServerMigrations.migrate(connection, now: now)
      writer = LockedConnection(connection)
      var pool: [LockedConnection] = []
      for _ in 0..<max(1, readers) {
        let reader = try Connection(path: path, options: Connection.OpenOptions(create: false))
        reader.setBusyTimeout(milliseconds: Self.busyTimeout)
        try reader.execute("PRAGMA query_only = ON")
        pool.append(LockedConnection(reader))
      }
      reader = ReaderPool(pool)
    } catch let error as StorageError {
      throw error
    } catch let error as SQLiteError {
      throw StorageError(error)
    } catch {
      throw .unavailable("\(error)")
    }
  }

  package func healthProblem() -> String? {
    (try? reader.run { connection in try connection.scalarInt("SELECT count(*) FROM server_kinds") })
      == nil ? "storage unavailable" : nil
  }
}
