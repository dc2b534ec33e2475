/// The rows of one bucket's accounts on a node, as `nodes add` copies, replaces or removes
/// them: the whole bucket, or some of its accounts.
enum BucketRows {
  /// One table of an account's rows: how a source node reads a bucket's rows (`$1` the
  /// bucket) or some accounts' (`$1` an array of accounts), how the new node writes a batch
  /// of them — one array a column (`$1` …, each PostgreSQL's text form of an array, see
  /// ``arrays(_:from:)``) unnested into rows, so that a bucket's thousands of rows take a few
  /// statements, not one round trip each — and how it removes some accounts' rows.
  struct Table {
    let read: StaticString
    let readAccounts: StaticString
    let write: StaticString
    let removeAccounts: StaticString
  }

  /// The tables, accounts first: the rows of ``read`` and ``readAccounts`` in the order of the
  /// columns of ``write``.
  static let tables: [Table] = [
    Table(
      read: "SELECT account, bucket, seq, last_id, pruned_seq FROM server_accounts WHERE bucket = $1",
      readAccounts: """
        SELECT account, bucket, seq, last_id, pruned_seq FROM server_accounts
        WHERE account = ANY($1::text[])
        """,
      write: """
        INSERT INTO server_accounts (account, bucket, seq, last_id, pruned_seq)
        SELECT * FROM unnest($1::text[], $2::integer[], $3::bigint[], $4::bigint[], $5::bigint[])
        """,
      removeAccounts: "DELETE FROM server_accounts WHERE account = ANY($1::text[])"),
    Table(
      read: """
        SELECT i.account, i.kind, i.id, i.version, i.seq, i.body, i.unique_key
        FROM server_items i JOIN server_accounts a ON a.account = i.account WHERE a.bucket = $1
        """,
      readAccounts: """
        SELECT account, kind, id, version, seq, body, unique_key FROM server_items
        WHERE account = ANY($1::text[])
        """,
      write: """
        INSERT INTO server_items (account, kind, id, version, seq, body, unique_key)
        SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[], $6::text[],
          $7::text[])
        """,
      removeAccounts: "DELETE FROM server_items WHERE account = ANY($1::text[])"),
    Table(
      read: """
        SELECT d.account, d.kind, d.id, d.seq, d.deleted_at
        FROM server_deletions d JOIN server_accounts a ON a.account = d.account WHERE a.bucket = $1
        """,
      readAccounts: """
        SELECT account, kind, id, seq, deleted_at FROM server_deletions
        WHERE account = ANY($1::text[])
        """,
      write: """
        INSERT INTO server_deletions (account, kind, id, seq, deleted_at)
        SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[])
        """,
      removeAccounts: "DELETE FROM server_deletions WHERE account = ANY($1::text[])"),
    Table(
      read: """
        SELECT s.account, s.change_id, s.answer, s.answered_at
        FROM server_answers s JOIN server_accounts a ON a.account = s.account WHERE a.bucket = $1
        """,
      readAccounts: """
        SELECT account, change_id, answer, answered_at FROM server_answers
        WHERE account = ANY($1::text[])
        """,
      write: """
        INSERT INTO server_answers (account, change_id, answer, answered_at)
        SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[])
        """,
      removeAccounts: "DELETE FROM server_answers WHERE account = ANY($1::text[])"),
  ]

  /// The most rows one batch writes.
  static let batch = 2_000

  /// Each table's rows of `bucket` on the node of `connection`, in the order of ``tables``.
  static func read(_ bucket: Int, _ connection: PGConnection) throws -> [PGRows] {
    try tables.map { table in try connection.query(table.read, [String(bucket)]) }
  }

  /// Each table's rows of `accounts` on the node of `connection`.
  static func read(accounts: [String], _ connection: PGConnection) throws -> [PGRows] {
    let list = arrays(accounts.map { [$0] }[...], from: 1)
    return try tables.map { table in try connection.query(table.readAccounts, list) }
  }

  /// Writes `copied` (read by ``read(_:_:)`` or ``read(accounts:_:)``) on the node of
  /// `connection`, in batches.
  static func write(_ copied: [PGRows], _ connection: PGConnection) throws {
    for (table, rows) in zip(tables, copied) {
      var start = 0
      while start < rows.count {
        let end = min(rows.count, start + batch)
        try connection.query(table.write, arrays(rows.rows[start..<end], from: rows.rows[start].count))
        start = end
      }
    }
  }

  /// The accounts of `bucket` on the node of `connection` whose rows may differ from
  /// `copied`, read from the same node before: an account that is new, or whose sequence, last
  /// id or pruned sequence moved (every change to an item or deletion moves the sequence), or
  /// that has an answer `copied` lacks (a rejected change is answered without one). A
  /// deletion or answer pruned since is left in the copy, for the new node's pruning.
  static func changed(_ bucket: Int, since copied: [PGRows], _ connection: PGConnection) throws
    -> [String]
  {
    var before: [String: [String?]] = [:]
    for row in copied[0].rows { before[row[0] ?? ""] = row }
    var dirty: Set<String> = []
    for row in try connection.query(tables[0].read, [String(bucket)]).rows
    where before[row[0] ?? ""] != row {
      dirty.insert(row[0] ?? "")
    }
    let answered = Set(copied[3].rows.map { [$0[0], $0[1]] })
    let answers = try connection.query(
      """
      SELECT s.account, s.change_id
      FROM server_answers s JOIN server_accounts a ON a.account = s.account WHERE a.bucket = $1
      """, [String(bucket)])
    for row in answers.rows where !answered.contains([row[0], row[1]]) { dirty.insert(row[0] ?? "") }
    return dirty.sorted()
  }

  /// Each of the `columns` columns of `rows` as one value: PostgreSQL's text form of an array
  /// (`{"a","b\"c",NULL}`), every element quoted — a backslash or a double quote in it
  /// escaped with a backslash — and NULL bare, so any text reads back as it was.
  static func arrays(_ rows: ArraySlice<[String?]>, from columns: Int) -> [String?] {
    (0..<columns).map { column in
      var text: [UInt8] = [UInt8(ascii: "{")]
      for row in rows {
        if text.count > 1 { text.append(UInt8(ascii: ",")) }
        guard column < row.count, var value = row[column] else {
          text += "NULL".utf8
          continue
        }
        text.append(UInt8(ascii: "\""))
        value.withUTF8 { bytes in
          for byte in bytes {
            if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") { text.append(UInt8(ascii: "\\")) }
            text.append(byte)
          }
        }
        text.append(UInt8(ascii: "\""))
      }
      text.append(UInt8(ascii: "}"))
      return String(decoding: text, as: UTF8.self)
    }
  }

  /// Removes the rows of `accounts` from the node of `connection`, accounts last.
  static func remove(accounts: [String], _ connection: PGConnection) throws {
    let list = arrays(accounts.map { [$0] }[...], from: 1)
    for table in tables.reversed() { try connection.query(table.removeAccounts, list) }
  }

  /// Removes the accounts of `bucket` from the node of `connection`, with their items,
  /// deletions and answers.
  static func remove(_ bucket: Int, _ connection: PGConnection) throws {
    let key = [String(bucket)]
    try connection.query(
      """
      DELETE FROM server_items WHERE account IN
        (SELECT account FROM server_accounts WHERE bucket = $1)
      """, key)
    try connection.query(
      """
      DELETE FROM server_deletions WHERE account IN
        (SELECT account FROM server_accounts WHERE bucket = $1)
      """, key)
    try connection.query(
      """
      DELETE FROM server_answers WHERE account IN
        (SELECT account FROM server_accounts WHERE bucket = $1)
      """, key)
    try connection.query("DELETE FROM server_accounts WHERE bucket = $1", key)
  }
}
