import CLISupport
import ListServer
import ListStore

/// `lists-server nodes add CONNINFO`: joins a PostgreSQL node and moves its share of the
/// buckets to it, printing each bucket moved and, at the end, the count and the longest pause.
enum NodesCommand {
  /// Runs `nodes add` on `storage`, which must be PostgreSQL.
  static func run(_ command: ParsedCommand, storage: any ListStorage) throws(ServerError) {
    guard let nodes = storage as? PostgresStorage else {
      throw ServerError("nodes add works on PostgreSQL nodes: give --postgres CONNINFO.", .usage)
    }
    let conninfo = command.value(ServerCommandLine.conninfo)
    let join = try Commands.checked { () throws(StorageError) in
      try nodes.addNode(
        conninfo: conninfo, now: Timestamp.now().millisecondsSince1970,
        progress: { System.write($0, to: 1) })
    }
    let pause = join.longestPause.components
    let milliseconds = pause.seconds * 1000 + pause.attoseconds / 1_000_000_000_000_000
    System.write(
      "Node \(join.position + 1) joined; \(join.moved) buckets moved, the longest pause \(milliseconds) ms.\n",
      to: 1)
  }
}
