import ListProtocol
import ListStore
import SQLiteCore

extension SQLiteStorage {
  package func push(account: String, kind: KindDefinition, changes: [PushChange], now: Int64)
    throws(StorageError)
    -> [PushResult]
  {
    let validator = ItemValidator(kind)
    return try writer.run { connection in
      try connection.transaction {
        try Self.ensureAccount(account, connection)
        let rows = SQLiteItemRows(account: account, kind: kind.name, connection: connection)
        return try ChangeApplier(rows: rows, validator: validator).apply(changes, now: now)
      }
    }
  }
}
