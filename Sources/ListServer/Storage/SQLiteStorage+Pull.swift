import ListProtocol
import ListStore
import SQLiteCore
import TextFormats

extension SQLiteStorage {
  package func page(account: String, kind: KindDefinition, request: PageRequest)
    throws(StorageError) -> PageAnswer
  {
    try reader.run { connection in
      // One snapshot for the whole page: the sequence, the items and the deletions agree.
      try connection.transaction(.deferred) {
        try Self.page(account: account, kind: kind, request: request, connection)
      }
    }
  }

  /// Reads the token's account, the kind and the page in one snapshot on one connection.
  package func page(tokenHash: String, kindName: String, request: PageRequest)
    throws(StorageError) -> AuthorizedPage
  {
    let found: (account: String?, json: String?, answer: PageAnswer?) = try reader.run {
      connection in
      try connection.transaction(.deferred) {
        guard let account = try Self.account(forTokenHash: tokenHash, connection) else {
          return (nil, nil, nil)
        }
        guard let json = try Self.definitionJSON(named: kindName, connection) else {
          return (account, nil, nil)
        }
        let kind = try definitions.definition(named: kindName, json: json)
        return (
          account, json, try Self.page(account: account, kind: kind, request: request, connection)
        )
      }
    }
    guard let account = found.account else { return .unknownToken }
    guard let answer = found.answer else { return .unknownKind(account: account) }
    return .answer(account: account, answer)
  }

  /// The page, read on `connection` inside the caller's transaction.
  static func page(
    account: String, kind: KindDefinition, request: PageRequest, _ connection: Connection
  ) throws -> PageAnswer {
    let (current, pruned) = try Self.sequences(account: account, connection)
    guard let window = try PageWindow.of(request, current: current, pruned: pruned) else {
      return .checkpointExpired
    }
    let items = try connection.cachedStatement(
      """
      SELECT id, version, body FROM server_items
      WHERE account = ?1 AND kind = ?2 AND id > ?3 AND seq > ?4 ORDER BY id LIMIT ?5
      """)
    defer { items.reset() }
    try items.bind(account, at: 1)
    try items.bind(kind.name, at: 2)
    try items.bind(window.after, at: 3)
    try items.bind(window.since ?? -1, at: 4)
    try items.bind(Int64(request.limit + 1), at: 5)
    var json: [UInt8] = []
    json.reserveCapacity(request.limit * 160)
    var count = 0
    var lastID: Int64 = 0
    var more = false
    while try items.step() {
      if count == request.limit {
        more = true
        break
      }
      lastID = items.int64(at: 0)
      if count > 0 { json.append(UInt8(ascii: ",")) }
      let version = items.int64(at: 1)
      items.withUTF8(at: 2) { body in
        ItemBody.append(id: lastID, version: version, body: body, to: &json)
      }
      count += 1
    }
    var deleted: [WireID]?
    if let since = window.since, window.carriesDeletions {
      deleted = try Self.deletions(account: account, kind: kind.name, since: since, connection)
    }
    return window.page(
      itemsJSON: json, count: count, lastID: lastID, more: more, deleted: deleted)
  }

  /// The account's change sequence and the sequence of the newest deletion forgotten (0 and 0
  /// for an account that has written nothing).
  static func sequences(account: String, _ connection: Connection) throws -> (
    current: Int64, pruned: Int64
  ) {
    let statement = try connection.cachedStatement(
      "SELECT seq, pruned_seq FROM server_accounts WHERE account = ?1")
    defer { statement.reset() }
    try statement.bind(account, at: 1)
    guard try statement.step() else { return (0, 0) }
    return (statement.int64(at: 0), statement.int64(at: 1))
  }

  /// The ids of `kind`'s items of `account` removed after `since`, in the order removed.
  static func deletions(account: String, kind: String, since: Int64, _ connection: Connection)
    throws -> [WireID]
  {
    let statement = try connection.cachedStatement(
      "SELECT id FROM server_deletions WHERE account = ?1 AND kind = ?2 AND seq > ?3 ORDER BY seq")
    defer { statement.reset() }
    try statement.bind(account, at: 1)
    try statement.bind(kind, at: 2)
    try statement.bind(since, at: 3)
    var ids: [WireID] = []
    while try statement.step() { ids.append(.string(String(statement.int64(at: 0)))) }
    return ids
  }
}
