/// The rows a PostgreSQL statement returned, as text (libpq's text format), read out of the
/// result before it is freed.
struct PGRows {
  /// Each row's values, NULL as nil.
  let rows: [[String?]]

  /// The text at `row`, `column` ("" for NULL or a row that is not there).
  func text(_ row: Int, _ column: Int) -> String {
    row < rows.count && column < rows[row].count ? rows[row][column] ?? "" : ""
  }

  /// The integer at `row`, `column`.
  /// - Throws: ``StorageError/unavailable(_:)`` when it is not one.
  func int64(_ row: Int, _ column: Int) throws(StorageError) -> Int64 {
    guard let value = Int64(text(row, column)) else {
      throw .unavailable("the node answered '\(text(row, column))' where an integer was expected")
    }
    return value
  }

  /// How many rows.
  var count: Int { rows.count }
}
