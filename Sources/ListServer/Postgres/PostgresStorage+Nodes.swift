extension PostgresStorage {
  /// Joins the node at `conninfo` (its schema made, the map and the nodes copied to it, listed
  /// on every node) and moves to it every bucket whose number modulo the new node count is the
  /// new node's position, one at a time while servers serve. Run again after a kill, it finds
  /// the node already joined and finishes what is left: a bucket whose copy was not switched
  /// is copied again (the partial copy replaced), one switched on some nodes only is switched
  /// on the others.
  package func addNode(conninfo: String, now: Int64, progress: (String) -> Void)
    throws(StorageError) -> NodeJoin
  {
    let first = nodes[0]
    let listed = try first.run { connection in
      try connection.query("SELECT position, conninfo FROM server_nodes ORDER BY position")
    }
    var position = listed.count
    for row in 0..<listed.count where listed.text(row, 1) == conninfo {
      position = Int(try listed.int64(row, 0))
    }
    let target = PostgresNode(position: position, conninfo: conninfo, connections: 1)
    try target.run { connection in try PostgresMigrations.migrate(connection, now: now) }
    let current = map.withLock { $0 }
    let conninfos = (0..<listed.count).map { listed.text($0, 1) }
    try target.run { connection in
      try connection.transaction {
        if try Self.readMap(connection) == nil { try Self.writeMap(current, conninfos, connection) }
      }
    }
    for node in nodes + [target] {
      _ = try node.run { connection in
        try connection.query(
          "INSERT INTO server_nodes (position, conninfo) VALUES ($1, $2) ON CONFLICT DO NOTHING",
          [String(position), conninfo])
      }
    }
    try refreshNodes()
    let all = nodes
    guard position < all.count else { throw .unavailable("the new node was not listed") }
    var join = NodeJoin(position: position, moved: 0, longestPause: .zero)
    for bucket in 0..<AccountBucket.count where bucket % all.count == position {
      let owner = try first.run { connection in try Self.readMap(connection) }?[bucket] ?? position
      let source = all[owner]
      let sourceSays = try source.run { connection in try Self.readMap(connection) }?[bucket]
      if owner != position && sourceSays == owner {
        let pause = try move(bucket, from: source, to: all[position])
        join.longestPause = max(join.longestPause, pause)
        join.moved += 1
        progress("Moved bucket \(bucket) from node \(owner + 1) to node \(position + 1).\n")
        // The new node's statistics were of empty tables: on them the planner reads an item by
        // id through the wrong index until autovacuum's analyze comes round, minutes later.
        if join.moved == 1 { try Self.analyze(all[position]) }
      }
      // The new node first: a request sent there by a map read meanwhile is taken at once.
      for node in [all[position]] + all.filter({ $0.position != position }) {
        _ = try node.run { connection in
          try connection.query(
            "UPDATE server_buckets SET node = $2 WHERE bucket = $1 AND node <> $2",
            [String(bucket), String(position)])
        }
      }
      map.withLock { $0[bucket] = position }
    }
    // Every node's row counts changed: a share of them moved.
    for node in all { try Self.analyze(node) }
    return join
  }

  /// Brings the planner's statistics of `node`'s tables up to date (`ANALYZE`).
  private static func analyze(_ node: PostgresNode) throws(StorageError) {
    _ = try node.run { connection in try connection.query("ANALYZE") }
  }

  /// Moves one bucket's accounts, items, deletions and answers from `source` to `target`.
  /// First, while its writes go on, the bucket's rows as one snapshot of the source are
  /// copied into the target in one transaction (replacing any partial copy of an earlier run).
  /// Then the bucket's row of the source's map is locked `FOR UPDATE` (the bucket's writes
  /// wait, and the pushes in flight finish first), the accounts that changed since the copy
  /// (``BucketRows/changed(_:since:_:)``) are copied again in one transaction, the source's
  /// map names the target and its rows are removed in the locked transaction. Returns how long
  /// the writes waited: what changed meanwhile, not the whole bucket.
  private func move(_ bucket: Int, from source: PostgresNode, to target: PostgresNode)
    throws(StorageError) -> Duration
  {
    let copied = try source.run { connection in
      try connection.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
        try BucketRows.read(bucket, connection)
      }
    }
    try target.run { copy in
      try copy.transaction {
        try BucketRows.remove(bucket, copy)
        try BucketRows.write(copied, copy)
      }
    }
    return try source.run { connection in
      try connection.transaction {
        let key = [String(bucket)]
        try connection.query("SELECT node FROM server_buckets WHERE bucket = $1 FOR UPDATE", key)
        let paused = ContinuousClock.now
        let changed = try BucketRows.changed(bucket, since: copied, connection)
        if !changed.isEmpty {
          let rows = try BucketRows.read(accounts: changed, connection)
          try target.run { copy in
            try copy.transaction {
              try BucketRows.remove(accounts: changed, copy)
              try BucketRows.write(rows, copy)
            }
          }
        }
        try connection.query(
          "UPDATE server_buckets SET node = $2 WHERE bucket = $1", key + [String(target.position)])
        try BucketRows.remove(bucket, connection)
        return ContinuousClock.now - paused
      }
    }
  }
}
