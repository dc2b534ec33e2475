import SQLiteCore

/// The addresses of one account: the default first, then by label ignoring case, then by id.
///
/// At most one address per account is the default; adding one with `isDefault` (or calling
/// ``setDefault(id:)``) moves the mark in one transaction.
public struct AddressesRepository: ListRepository {
  /// ``ListKind/addresses``.
  public var list: ListKind { .addresses }
  /// The database the list lives in.
  public let database: ListsDatabase
  /// The account whose addresses this repository sees.
  public let account: String

  init(database: ListsDatabase, account: String) {
    self.database = database
    self.account = account
  }

  /// Adds an address; with `isDefault` it becomes the default and the previous default loses
  /// the mark, in the same transaction.
  /// - Throws: ``ListStoreError/invalidValue(field:reason:)`` naming the first invalid field.
  @discardableResult
  public func add(_ draft: AddressDraft) throws(ListStoreError) -> Address {
    let now = database.configuration.now().millisecondsSince1970
    let account = try Validation.account(account)
    let valid = try Self.validate(draft)
    return try database.write(.addresses, account: account) { connection in
      let createdAt = draft.createdAt?.millisecondsSince1970 ?? now
      let id = try Self.insert(valid, account: account, createdAt: createdAt, connection)
      return Address(
        id: id, label: valid.label, recipient: valid.recipient, line1: valid.line1,
        line2: valid.line2, city: valid.city, region: valid.region, postalCode: valid.postalCode,
        country: valid.country, phone: valid.phone, isDefault: valid.isDefault,
        createdAt: Timestamp(millisecondsSince1970: createdAt))
    }
  }

  /// Makes the address with `id` the account's default, taking the mark from the previous one.
  /// - Throws: ``ListStoreError/itemsNotFound(list:ids:)`` when the account has no such address.
  public func setDefault(id: Int64) throws(ListStoreError) {
    let account = account
    try database.write(.addresses, account: account) { connection in
      try Self.clearDefault(account: account, except: id, connection)
      let statement = try connection.cachedStatement(
        "UPDATE addresses SET is_default = 1 WHERE account = ? AND id = ? AND is_default = 0")
      try statement.bind(account, at: 1)
      try statement.bind(id, at: 2)
      try statement.run()
      if connection.changes == 0 {
        let check = try connection.cachedStatement("SELECT 1 FROM addresses WHERE account = ? AND id = ?")
        try check.bind(account, at: 1)
        try check.bind(id, at: 2)
        if !(try check.step()) { throw ListStoreError.itemsNotFound(list: .addresses, ids: [id]) }
      }
    }
  }

  private static func clearDefault(account: String, except id: Int64, _ connection: Connection) throws {
    let statement = try connection.cachedStatement(
      "UPDATE addresses SET is_default = 0 WHERE account = ? AND is_default = 1 AND id <> ?")
    try statement.bind(account, at: 1)
    try statement.bind(id, at: 2)
    try statement.run()
  }

  /// The draft with every field checked and the country uppercased.
  private static func validate(_ draft: AddressDraft) throws(ListStoreError) -> AddressDraft {
    var valid = draft
    valid.label = try Validation.required(draft.label, field: "label")
    valid.recipient = try Validation.required(draft.recipient, field: "recipient")
    valid.line1 = try Validation.required(draft.line1, field: "line1")
    try Validation.optional(draft.line2, field: "line2")
    valid.city = try Validation.required(draft.city, field: "city")
    try Validation.optional(draft.region, field: "region")
    valid.postalCode = try Validation.required(draft.postalCode, field: "postal code")
    valid.country = try Validation.country(draft.country)
    try Validation.optional(draft.phone, field: "phone")
    return valid
  }

  /// Inserts one validated address and returns its id.
  private static func insert(
    _ draft: AddressDraft, account: String, createdAt: Int64, _ connection: Connection
  ) throws -> Int64 {
    if draft.isDefault { try clearDefault(account: account, except: 0, connection) }
    let statement = try connection.cachedStatement(
      """
      INSERT INTO addresses (account, label, recipient, line1, line2, city, region, postal_code,
        country, phone, is_default, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """)
    try statement.bind(account, at: 1)
    try statement.bind(draft.label, at: 2)
    try statement.bind(draft.recipient, at: 3)
    try statement.bind(draft.line1, at: 4)
    try statement.bind(draft.line2, at: 5)
    try statement.bind(draft.city, at: 6)
    try statement.bind(draft.region, at: 7)
    try statement.bind(draft.postalCode, at: 8)
    try statement.bind(draft.country, at: 9)
    try statement.bind(draft.phone, at: 10)
    try statement.bind(draft.isDefault, at: 11)
    try statement.bind(createdAt, at: 12)
    try statement.run()
    return connection.lastInsertRowID
  }

  /// The address with `id`, or nil.
  public func item(id: Int64) throws(ListStoreError) -> Address? {
    let account = account
    return try database.read { connection in
      let statement = try connection.cachedStatement(
        """
        SELECT id, label, recipient, line1, line2, city, region, postal_code, country, phone,
          is_default, created_at
        FROM addresses WHERE account = ? AND id = ?
        """)
      try statement.bind(account, at: 1)
      try statement.bind(id, at: 2)
      return try statement.step() ? Self.decode(statement) : nil
    }
  }

  /// The page of up to `limit` addresses after `cursor`: the default first, then by label
  /// (ignoring case), then by id.
  ///
  /// A page is read in at most two index seeks — the default part, then the rest — so its cost
  /// does not depend on how deep it is.
  /// - Throws: ``ListStoreError/invalidCursor(list:)`` when `cursor` was not made by this list
  ///   and account.
  public func page(after cursor: ListCursor?, limit: Int) throws(ListStoreError) -> ListPage<Address> {
    try Validation.limit(limit)
    let account = account
    // Start of the list: before every default row.
    var start: (isDefault: Bool, label: String, id: Int64) = (true, "", Int64.min)
    if let cursor {
      guard case .address(let isDefault, let label, let id) = try CursorCodec.decode(cursor, list: .addresses, account: account)
      else { throw .invalidCursor(list: .addresses) }
      start = (isDefault, label, id)
    }
    let from = start
    return try database.read { connection in
      var items: [Address] = []
      items.reserveCapacity(limit)
      var more = false
      // The default part (is_default = 1), then the rest (is_default = 0), each in (label, id)
      // order, seeking past the cursor in the part it points into.
      for part in from.isDefault ? [true, false] : [false] {
        let statement = try connection.cachedStatement(
          """
          SELECT id, label, recipient, line1, line2, city, region, postal_code, country, phone,
            is_default, created_at
          FROM addresses WHERE account = ?1 AND is_default = ?2 AND (label, id) > (?3, ?4)
          ORDER BY label, id LIMIT ?5
          """)
        let continuing = part == from.isDefault
        try statement.bind(account, at: 1)
        try statement.bind(part, at: 2)
        try statement.bind(continuing ? from.label : "", at: 3)
        try statement.bind(continuing ? from.id : Int64.min, at: 4)
        try statement.bind(limit + 1 - items.count, at: 5)
        while try statement.step() {
          if items.count == limit {
            more = true
            break
          }
          items.append(Self.decode(statement))
        }
        statement.reset()
        if more { break }
      }
      guard more, let last = items.last else { return ListPage(items: items, nextCursor: nil) }
      let next = CursorCodec.encode(
        .address(isDefault: last.isDefault, label: last.label, id: last.id), list: .addresses,
        account: account)
      return ListPage(items: items, nextCursor: next)
    }
  }

  /// Adds every address `next` returns, in one transaction: all or nothing. A later address
  /// marked default takes the mark from an earlier one.
  @discardableResult
  public func importItems(from next: () throws -> AddressDraft?) throws -> Int {
    let account = try Validation.account(account)
    return try runImport(next) { draft, connection, now in
      let valid = try Self.validate(draft)
      _ = try Self.insert(valid, account: account, createdAt: draft.createdAt?.millisecondsSince1970 ?? now, connection)
      return true
    }
  }

  /// Calls `body` with every address, in the list's order, from one consistent snapshot.
  public func export(_ body: (Address) throws -> Void) throws {
    try runExport(
      """
      SELECT id, label, recipient, line1, line2, city, region, postal_code, country, phone,
        is_default, created_at
      FROM addresses WHERE account = ? ORDER BY is_default DESC, label, id
      """, decode: Self.decode, body)
  }

  /// Reads the current row of a statement selecting the address columns in table order.
  static func decode(_ statement: Statement) -> Address {
    Address(
      id: statement.int64(at: 0), label: statement.text(at: 1), recipient: statement.text(at: 2),
      line1: statement.text(at: 3), line2: statement.optionalText(at: 4),
      city: statement.text(at: 5), region: statement.optionalText(at: 6),
      postalCode: statement.text(at: 7), country: statement.text(at: 8),
      phone: statement.optionalText(at: 9), isDefault: statement.int64(at: 10) != 0,
      createdAt: Timestamp(millisecondsSince1970: statement.int64(at: 11)))
  }
}

extension ListsDatabase {
  /// The addresses of `account`.
  public func addresses(account: String = "default") -> AddressesRepository {
    AddressesRepository(database: self, account: account)
  }
}
