import SQLiteCore

/// The favorites of one account, newest first (`added_at` descending, then `id` descending).
///
/// Favoriting the same `ref` again changes nothing and succeeds.
public struct FavoritesRepository: ListRepository {
  /// ``ListKind/favorites``.
  public var list: ListKind { .favorites }
  /// The database the list lives in.
  public let database: ListsDatabase
  /// The account whose favorites this repository sees.
  public let account: String

  init(database: ListsDatabase, account: String) {
    self.database = database
    self.account = account
  }

  /// Adds a favorite, or returns the one the account already has for `draft.ref` unchanged.
  /// - Throws: ``ListStoreError/invalidValue(field:reason:)`` for an empty ref or title.
  @discardableResult
  public func add(_ draft: FavoriteDraft) throws(ListStoreError) -> Favorite {
    try addIfMissing(draft).favorite
  }

  /// Adds a favorite unless the account already has one for `draft.ref`; tells which happened.
  ///
  /// Favoriting the same ref again changes nothing: the existing favorite is returned as it is,
  /// with `added == false`.
  /// - Throws: ``ListStoreError/invalidValue(field:reason:)`` for an empty ref or title.
  public func addIfMissing(_ draft: FavoriteDraft) throws(ListStoreError) -> (favorite: Favorite, added: Bool) {
    let now = database.configuration.now().millisecondsSince1970
    let account = try Validation.account(account)
    return try database.write(.favorites, account: account) { connection in
      let addedAt = draft.addedAt?.millisecondsSince1970 ?? now
      if let id = try Self.insert(draft, account: account, addedAt: addedAt, connection) {
        let favorite = Favorite(
          id: id, ref: draft.ref, title: draft.title, note: draft.note,
          addedAt: Timestamp(millisecondsSince1970: addedAt))
        return (favorite, true)
      }
      let statement = try connection.cachedStatement(
        "SELECT id, ref, title, note, added_at FROM favorites WHERE account = ? AND ref = ?")
      try statement.bind(account, at: 1)
      try statement.bind(draft.ref, at: 2)
      guard try statement.step() else {
        throw ListStoreError.internalError(detail: "a favorite vanished inside its transaction")
      }
      return (Self.decode(statement), false)
    }
  }

  /// Inserts one validated favorite; returns its id, or nil when the ref was already there.
  private static func insert(
    _ draft: FavoriteDraft, account: String, addedAt: Int64, _ connection: Connection
  ) throws -> Int64? {
    let ref = try Validation.required(draft.ref, field: "ref")
    let title = try Validation.required(draft.title, field: "title")
    let note = try Validation.optional(draft.note, field: "note")
    let statement = try connection.cachedStatement(
      """
      INSERT INTO favorites (account, ref, title, note, added_at) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (account, ref) DO NOTHING
      """)
    try statement.bind(account, at: 1)
    try statement.bind(ref, at: 2)
    try statement.bind(title, at: 3)
    try statement.bind(note, at: 4)
    try statement.bind(addedAt, at: 5)
    try statement.run()
    return connection.changes == 0 ? nil : connection.lastInsertRowID
  }

  /// The favorite with `id`, or nil.
  public func item(id: Int64) throws(ListStoreError) -> Favorite? {
    let account = account
    return try database.read { connection in
      let statement = try connection.cachedStatement(
        "SELECT id, ref, title, note, added_at FROM favorites WHERE account = ? AND id = ?")
      try statement.bind(account, at: 1)
      try statement.bind(id, at: 2)
      return try statement.step() ? Self.decode(statement) : nil
    }
  }

  /// The page of up to `limit` favorites after `cursor`, newest first.
  ///
  /// Pages are keyset pages: the cost of a page does not depend on how deep it is.
  /// - Throws: ``ListStoreError/invalidCursor(list:)`` when `cursor` was not made by this list
  ///   and account.
  public func page(after cursor: ListCursor?, limit: Int) throws(ListStoreError) -> ListPage<Favorite> {
    try Validation.limit(limit)
    let account = account
    let key: CursorKey? = try cursor.map { cursor throws(ListStoreError) in
      try CursorCodec.decode(cursor, list: .favorites, account: account)
    }
    return try database.read { connection in
      let statement: Statement
      if case .time(let addedAt, let id) = key {
        statement = try connection.cachedStatement(
          """
          SELECT id, ref, title, note, added_at FROM favorites
          WHERE account = ?1 AND (added_at, id) < (?3, ?4)
          ORDER BY added_at DESC, id DESC LIMIT ?2
          """)
        try statement.bind(addedAt, at: 3)
        try statement.bind(id, at: 4)
      } else {
        statement = try connection.cachedStatement(
          """
          SELECT id, ref, title, note, added_at FROM favorites
          WHERE account = ?1 ORDER BY added_at DESC, id DESC LIMIT ?2
          """)
      }
      try statement.bind(account, at: 1)
      try statement.bind(limit + 1, at: 2)
      return try collectPage(statement, limit: limit, decode: Self.decode) {
        .time($0.addedAt.millisecondsSince1970, id: $0.id)
      }
    }
  }

  /// Adds every favorite `next` returns, in one transaction: all or nothing. A ref the account
  /// already has (or that appears twice) is skipped, not an error.
  @discardableResult
  public func importItems(from next: () throws -> FavoriteDraft?) throws -> Int {
    let account = try Validation.account(account)
    return try runImport(next) { draft, connection, now in
      try Self.insert(draft, account: account, addedAt: draft.addedAt?.millisecondsSince1970 ?? now, connection) != nil
    }
  }

  /// Calls `body` with every favorite, newest first, from one consistent snapshot.
  public func export(_ body: (Favorite) throws -> Void) throws {
    try runExport(
      """
      SELECT id, ref, title, note, added_at FROM favorites
      WHERE account = ? ORDER BY added_at DESC, id DESC
      """, decode: Self.decode, body)
  }

  /// Reads the current row of a statement selecting `id, ref, title, note, added_at`.
  static func decode(_ statement: Statement) -> Favorite {
    Favorite(
      id: statement.int64(at: 0), ref: statement.text(at: 1), title: statement.text(at: 2),
      note: statement.optionalText(at: 3),
      addedAt: Timestamp(millisecondsSince1970: statement.int64(at: 4)))
  }
}

extension ListsDatabase {
  /// The favorites of `account`.
  public func favorites(account: String = "default") -> FavoritesRepository {
    FavoritesRepository(database: self, account: account)
  }
}
