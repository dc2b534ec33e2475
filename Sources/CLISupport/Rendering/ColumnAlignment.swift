/// Which side of a column its text is flush against.
package enum ColumnAlignment: Sendable, Equatable {
  /// Text starts at the column's left edge (names, titles).
  case left
  /// Text ends at the column's right edge (ids, amounts, counts).
  case right
}
