import CLISupport
import ListServer
import ListStore

/// Which storage a command opens: the PostgreSQL nodes of `--postgres`, else the SQLite file of
/// `--db` (or its default); never both.
enum StorageChoice {
  /// Opens the storage `command` names, with `connections` connections (per node).
  static func open(_ command: ParsedCommand, connections: Int) throws(ServerError)
    -> any ListStorage
  {
    let now = Timestamp.now().millisecondsSince1970
    let nodes = command.globalValues["--postgres"] ?? []
    if !nodes.isEmpty {
      guard command.globalValues["--db"] == nil else {
        throw ServerError("Give --db or --postgres, not both.", .usage)
      }
      return try Commands.checked { () throws(StorageError) in
        try PostgresStorage(conninfos: nodes, connections: connections, now: now)
      }
    }
    let path = try DatabasePath.resolve(command.globalValues["--db"]?.last)
    return try Commands.checked { () throws(StorageError) in
      try SQLiteStorage(path: path, readers: connections, now: now)
    }
  }
}
