import ListStore
import SQLiteCore

/// Makes a migrated database at `path` with the store, then fills it with plain SQL, the way
/// another program may (the triggers keep the counts): `orders` orders numbered `C-1`... and
/// `favorites` favorites in account `default`, and `otherOrders` orders in account `other`.
func makeDatabase(_ path: String, orders: Int, favorites: Int = 0, otherOrders: Int = 0) throws {
  do { _ = try ListsDatabase(path: path) }
  let connection = try Connection(path: path, options: .init(create: false))
  try connection.transaction {
    try connection.executeScript(
      """
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(orders))
      INSERT INTO orders (account, number, status, total_minor, currency, placed_at)
      SELECT 'default', 'C-' || i, 'paid', i * 7, 'EUR', 1767225600000 + i * 60000 FROM n
      WHERE \(orders) > 0
      """)
    try connection.executeScript(
      """
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(favorites))
      INSERT INTO favorites (account, ref, title, added_at)
      SELECT 'default', 'ref-' || i, 'Favorite ' || i, 1767225600000 + i FROM n
      WHERE \(favorites) > 0
      """)
    try connection.executeScript(
      """
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(otherOrders))
      INSERT INTO orders (account, number, total_minor, currency, placed_at)
      SELECT 'other', 'O-' || i, 100, 'USD', 1767225600000 + i FROM n
      WHERE \(otherOrders) > 0
      """)
  }
}
