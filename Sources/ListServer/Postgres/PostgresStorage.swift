import Synchronization

/// The server's storage on PostgreSQL nodes (`--postgres CONNINFO`, repeatable).
///
/// Each account lives on exactly one node: a stable hash of the account picks one of 1,024
/// buckets (``AccountBucket``), and the bucket map, kept on every node, names the node of each
/// bucket. The map is read at start and read again when a node says a bucket is no longer its
/// own. The kinds and tokens live on the first node. A push is one transaction on its
/// account's node that locks the account's row, so change sequences commit in order; a page
/// is one repeatable-read snapshot there. While a node is down, what touches it fails with
/// ``StorageError/unavailable(_:)`` (answered `503`), and its connections are made again with
/// a backoff once it is back.
package final class PostgresStorage: ListStorage {
  /// The nodes by position: those given, then those `nodes add` joined (read from the
  /// first node's `server_nodes`).
  let nodeList: Mutex<[PostgresNode]>
  /// Connections per node.
  let connections: Int
  /// The node of each bucket.
  let map: Mutex<[Int]>
  /// The definitions read so far.
  let definitions = DefinitionCache()

  /// How many times a request follows a bucket that moved before it is answered `503` (about
  /// a second, with the waits between).
  static let moveRetries = 20

  /// Connects to the nodes at `conninfos` (the first holds kinds and tokens), brings each
  /// node's schema to this build's, and reads the bucket map — making it, buckets spread
  /// evenly over the nodes in order, when the nodes have none yet. `connections` is the
  /// number of connections per node (one per serving thread).
  /// - Throws: ``StorageError``: ``StorageError/schemaTooNew(found:supported:)`` for a newer
  ///   node, ``StorageError/badRequest(_:)`` when the map names a node not given,
  ///   ``StorageError/unavailable(_:)`` when a node cannot be reached.
  package init(conninfos: [String], connections: Int = 2, now: Int64) throws(StorageError) {
    guard !conninfos.isEmpty else { throw .badRequest("Give at least one --postgres node.") }
    let nodes = conninfos.enumerated().map {
      PostgresNode(position: $0.offset, conninfo: $0.element, connections: connections)
    }
    for node in nodes {
      try node.run { connection in try PostgresMigrations.migrate(connection, now: now) }
    }
    self.connections = connections
    nodeList = Mutex(nodes)
    map = Mutex(try Self.loadMap(nodes, conninfos: conninfos))
    try refreshNodes()
    if let far = map.withLock({ $0.first { $0 >= self.nodes.count } }) {
      throw .badRequest(
        "The bucket map names node \(far + 1), but only \(self.nodes.count) nodes are known; give every node, in the same order."
      )
    }
  }

  /// The nodes, by position.
  var nodes: [PostgresNode] { nodeList.withLock { $0 } }

  /// Adds the nodes the first node lists beyond those known (joined by `nodes add`).
  func refreshNodes() throws(StorageError) {
    let known = nodes
    let rows = try known[0].run { connection in
      try connection.query(
        "SELECT position, conninfo FROM server_nodes WHERE position >= $1 ORDER BY position",
        [String(known.count)])
    }
    var added: [PostgresNode] = []
    for row in 0..<rows.count where try rows.int64(row, 0) == Int64(known.count + added.count) {
      added.append(
        PostgresNode(
          position: known.count + added.count, conninfo: rows.text(row, 1),
          connections: connections))
    }
    if !added.isEmpty {
      nodeList.withLock { list in if list.count == known.count { list += added } }
    }
  }

  /// The bucket map, made on every node when the first has none; checked against the nodes.
  private static func loadMap(_ nodes: [PostgresNode], conninfos: [String]) throws(StorageError)
    -> [Int]
  {
    let first = nodes[0]
    let buckets: [Int] = try first.run { connection in
      try connection.transaction {
        try connection.query(
          "SELECT pg_advisory_xact_lock($1::bigint)", [PostgresMigrations.lockKey])
        var buckets = try readMap(connection)
        if buckets == nil {
          let made = (0..<AccountBucket.count).map { $0 % nodes.count }
          for node in nodes.dropFirst() {
            try node.run { other in
              try other.transaction {
                if try readMap(other) == nil { try writeMap(made, conninfos, other) }
              }
            }
          }
          try writeMap(made, conninfos, connection)
          buckets = made
        }
        return buckets ?? []
      }
    }
    return buckets
  }

  /// The map stored on a node, or nil when it has none.
  static func readMap(_ connection: PGConnection) throws -> [Int]? {
    let rows = try connection.query("SELECT bucket, node FROM server_buckets ORDER BY bucket")
    guard rows.count > 0 else { return nil }
    guard rows.count == AccountBucket.count else {
      throw StorageError.unavailable("a node's bucket map has \(rows.count) buckets, not 1,024")
    }
    return try (0..<rows.count).map { row throws(StorageError) in Int(try rows.int64(row, 1)) }
  }

  /// Stores `buckets` as the map of a node that has none, and the nodes' connection strings.
  static func writeMap(_ buckets: [Int], _ conninfos: [String], _ connection: PGConnection)
    throws
  {
    for (bucket, node) in buckets.enumerated() {
      try connection.query(
        "INSERT INTO server_buckets (bucket, node) VALUES ($1, $2)", [String(bucket), String(node)])
    }
    for (position, conninfo) in conninfos.enumerated() {
      try connection.query(
        "INSERT INTO server_nodes (position, conninfo) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        [String(position), conninfo])
    }
  }

  /// Runs `body` on the node of `account`'s bucket; `body` checks with ``checkBucket`` that the
  /// node still holds it. When it does not, the map is read again from that node and the call
  /// follows the bucket.
  func onAccount<T>(_ account: String, _ body: (PGConnection, _ bucket: Int, _ node: Int) throws -> T)
    throws(StorageError) -> T
  {
    let bucket = AccountBucket.of(account)
    var attempt = 0
    while true {
      let position = map.withLock { $0[bucket] }
      if position >= nodes.count { try refreshNodes() }
      let known = nodes
      guard position < known.count else {
        throw .unavailable("the bucket map names node \(position + 1), which is not known")
      }
      let node = known[position]
      do {
        return try node.run { connection in try body(connection, bucket, node.position) }
      } catch .bucketMoved where attempt < Self.moveRetries {
        // The map changes on one node after another while a bucket moves: the next read
        // comes after a short wait.
        attempt += 1
        if attempt > 1 { ThreadPause.sleep(milliseconds: 50) }
        if let fresh = try node.run({ connection in try Self.readMap(connection) }) {
          map.withLock { $0 = fresh }
        }
      }
    }
  }

  /// Throws ``StorageError/bucketMoved(bucket:)`` when the map on `connection`'s node no longer
  /// gives `bucket` to `node`; `lock` holds the map's row until the transaction ends, so a
  /// move waits for the writes in flight.
  static func checkBucket(_ bucket: Int, node: Int, lock: Bool, _ connection: PGConnection)
    throws
  {
    let rows =
      lock
      ? try connection.query(
        "SELECT node FROM server_buckets WHERE bucket = $1 FOR SHARE", [String(bucket)])
      : try connection.query("SELECT node FROM server_buckets WHERE bucket = $1", [String(bucket)])
    guard rows.count == 1, try rows.int64(0, 0) == Int64(node) else {
      throw StorageError.bucketMoved(bucket: bucket)
    }
  }

  package var bucketsPerNode: [Int] {
    let owners = map.withLock { $0 }
    var counts = [Int](repeating: 0, count: nodes.count)
    for node in owners where counts.indices.contains(node) { counts[node] += 1 }
    return counts
  }

  package func healthProblem() -> String? {
    for node in nodes {
      let answered = try? node.run { connection in try connection.query("SELECT 1") }
      if answered == nil { return "node \(node.position + 1) unavailable" }
    }
    return nil
  }
}
