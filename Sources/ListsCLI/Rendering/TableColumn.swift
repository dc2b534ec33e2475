import CLISupport

/// One column of a ``TableRenderer`` table: its header, alignment and how narrow it may get.
package struct TableColumn: Sendable, Equatable {
  /// The header text, e.g. `TITLE`.
  package var header: String
  /// Which side values are flush against.
  package var alignment: ColumnAlignment
  /// The width the column keeps when the table must shrink (less if its content is narrower).
  package var minimumWidth: Int

  /// Creates a column; `minimumWidth` is in terminal columns.
  package init(_ header: String, alignment: ColumnAlignment = .left, minimumWidth: Int = 6) {
    self.header = header
    self.alignment = alignment
    self.minimumWidth = max(minimumWidth, 1)
  }
}
