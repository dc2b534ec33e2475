import ListProtocol
import ListStore

extension PostgresStorage {
  package func page(account: String, kind: KindDefinition, request: PageRequest)
    throws(StorageError) -> PageAnswer
  {
    try onAccount(account) { connection, bucket, node in
      // One snapshot for the whole page: the sequence, the items and the deletions agree.
      try connection.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") {
        try Self.checkBucket(bucket, node: node, lock: false, connection)
        let sequences = try connection.query(
          "SELECT seq, pruned_seq FROM server_accounts WHERE account = $1", [account])
        let current = sequences.count == 1 ? try sequences.int64(0, 0) : 0
        let pruned = sequences.count == 1 ? try sequences.int64(0, 1) : 0
        guard let window = try PageWindow.of(request, current: current, pruned: pruned) else {
          return .checkpointExpired
        }
        let items = try connection.query(
          """
          SELECT id, version, body FROM server_items
          WHERE account = $1 AND kind = $2 AND id > $3 AND seq > $4 ORDER BY id LIMIT $5
          """,
          [
            account, kind.name, String(window.after), String(window.since ?? -1),
            String(request.limit + 1),
          ])
        var json: [UInt8] = []
        json.reserveCapacity(request.limit * 160)
        let count = min(items.count, request.limit)
        var lastID: Int64 = 0
        for row in 0..<count {
          lastID = try items.int64(row, 0)
          if row > 0 { json.append(UInt8(ascii: ",")) }
          let id = lastID
          let version = try items.int64(row, 1)
          var body = items.text(row, 2)
          body.withUTF8 { bytes in
            ItemBody.append(id: id, version: version, body: bytes, to: &json)
          }
        }
        let more = items.count > request.limit
        var deleted: [WireID]?
        if let since = window.since, window.carriesDeletions {
          let rows = try connection.query(
            """
            SELECT id FROM server_deletions WHERE account = $1 AND kind = $2 AND seq > $3
            ORDER BY seq
            """, [account, kind.name, String(since)])
          deleted = (0..<rows.count).map { .string(rows.text($0, 0)) }
        }
        return window.page(
          itemsJSON: json, count: count, lastID: lastID, more: more, deleted: deleted)
      }
    }
  }
}
