import ListProtocol
import ListStore

extension PostgresStorage {
  package func push(account: String, kind: KindDefinition, changes: [PushChange], now: Int64)
    throws(StorageError)
    -> [PushResult]
  {
    let validator = ItemValidator(kind)
    return try onAccount(account) { connection, bucket, node in
      try connection.transaction {
        // The map's row of the bucket is held (shared) until commit: a move waits for this push.
        try Self.checkBucket(bucket, node: node, lock: true, connection)
        try connection.query(
          """
          INSERT INTO server_accounts (account, bucket) VALUES ($1, $2)
          ON CONFLICT (account) DO NOTHING
          """, [account, String(bucket)])
        // The account's row is locked until commit: pushes of one account take their sequence
        // numbers and commit one after another, so a pull since a checkpoint never skips one.
        try connection.query(
          "SELECT seq FROM server_accounts WHERE account = $1 FOR UPDATE", [account])
        let rows = PostgresItemRows(account: account, kind: kind.name, connection: connection)
        return try ChangeApplier(rows: rows, validator: validator).apply(changes, now: now)
      }
    }
  }
}
