import SQLiteCore

extension KindItems {
  /// The same items as a copy of their remote list: the outbox of the person's changes, the
  /// remote's pages, the answers and the conflicts (``KindReplica``).
  public var replica: KindReplica { KindReplica(items: self) }
}

/// A kind's items of one account as the copy of a remote list: what sync reads and writes
/// beside the items themselves.
///
/// The person's writes are recorded as changes by the kind's triggers, in the write's own
/// transaction; ``syncChanges()`` lists the ones the remote has not answered and those kept for
/// the person (conflicted, refused), and ``syncChangeCounts()`` counts them. A pull writes the
/// remote's pages (``writeRemotePage(_:)``), each in one transaction with the cursor that
/// follows it, and keeps a failure in the sync state (``recordSyncFailure(remoteURL:_:page:)``);
/// a push takes the next changes to send and applies the remote's answers. `ListSync`'s
/// `KindSync` drives both; an app reads the state and the conflicts here.
///
/// For example:
///
/// ```swift
/// let replica = try database.items(of: "books").replica
/// print(try replica.syncChangeCounts().pending)
/// for change in try replica.syncChanges() where change.state == .conflict { … }
/// ```
public struct KindReplica: Sendable {
  /// The items, fields by name, this is the remote copy of.
  public let items: KindItems

  /// The database the kind lives in.
  var database: ListsDatabase { items.database }
  /// The account whose items these are.
  var account: String { items.account }
  /// The kind's definition.
  var definition: KindDefinition { items.definition }
  /// The kind's statements.
  var statements: KindStatements { items.statements }

  /// Reads the row a statement of ``KindStatements`` stands on.
  func decode(_ statement: Statement) -> DynamicItem {
    items.decode(statement)
  }

  /// Inserts an item of `values`: see ``KindItems/insertItem(values:addedAt:_:now:)``.
  func insertItem(
    values: [FieldValue], addedAt: Timestamp?, _ connection: Connection, now: Int64
  ) throws -> (id: Int64, added: Bool) {
    try items.insertItem(values: values, addedAt: addedAt, connection, now: now)
  }

  /// Runs `body` as a write of the account's list: see ``KindItems/write(isAtomic:_:)``.
  func write<T>(isAtomic: Bool = false, _ body: (Connection) throws -> T) throws(ListStoreError) -> T {
    try items.write(isAtomic: isAtomic, body)
  }
}
