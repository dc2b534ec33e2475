/// The rows of one bucket's accounts on a node, as `nodes add` replaces or removes them.
enum BucketRows {
  /// Each table of a bucket's rows: how a source node reads them (`$1` the bucket) and how
  /// the new node writes one row, accounts first.
  static let tables: [(read: StaticString, write: StaticString)] = [
    (
      "SELECT account, bucket, seq, last_id, pruned_seq FROM server_accounts WHERE bucket = $1",
      """
      INSERT INTO server_accounts (account, bucket, seq, last_id, pruned_seq)
      VALUES ($1, $2, $3, $4, $5)
      """
    ),
    (
      """
      SELECT i.account, i.kind, i.id, i.version, i.seq, i.body, i.unique_key
      FROM server_items i JOIN server_accounts a ON a.account = i.account WHERE a.bucket = $1
      """,
      """
      INSERT INTO server_items (account, kind, id, version, seq, body, unique_key)
      VALUES ($1, $2, $3, $4, $5, $6, $7)
      """
    ),
    (
      """
      SELECT d.account, d.kind, d.id, d.seq, d.deleted_at
      FROM server_deletions d JOIN server_accounts a ON a.account = d.account WHERE a.bucket = $1
      """,
      """
      INSERT INTO server_deletions (account, kind, id, seq, deleted_at)
      VALUES ($1, $2, $3, $4, $5)
      """
    ),
    (
      """
      SELECT s.account, s.change_id, s.answer, s.answered_at
      FROM server_answers s JOIN server_accounts a ON a.account = s.account WHERE a.bucket = $1
      """,
      """
      INSERT INTO server_answers (account, change_id, answer, answered_at)
      VALUES ($1, $2, $3, $4)
      """
    ),
  ]

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
