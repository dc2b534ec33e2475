import CLISupport
import TextFormats

/// Lays rows of text out as an aligned table that fits a terminal width.
///
/// For example, at width 30:
/// ```
/// ID  TITLE                 NOTE
///  1  Blue mug              …
/// 12  A very long title th… gift
/// ```
/// Columns are separated by two spaces. When the natural widths do not fit, the widest columns
/// shrink first, down to each column's minimum, and values that no longer fit end in `…`;
/// when even the minimums do not fit, lines are wider than `width`. Cells are escaped with
/// ``TerminalEscaping`` (stored text cannot inject terminal sequences) and measured with
/// ``DisplayWidth`` (wide characters count twice). The header is bold when `style` is enabled.
/// Lines never end in spaces, so output with a plain style is stable for golden files.
package enum TableRenderer {
  /// The spaces between two columns.
  package static let separator = "  "

  /// The header line and one line per row (without line feeds).
  ///
  /// - Parameters:
  ///   - columns: The columns; each row has one value per column (missing values are empty).
  ///   - rows: The values, unescaped.
  ///   - width: The terminal width to fit.
  ///   - style: Styling for the header.
  package static func render(
    columns: [TableColumn], rows: [[String]], width: Int, style: TextStyle = .plain
  ) -> [String] {
    guard !columns.isEmpty else { return [] }
    var layout = Layout(columns)
    let cells = rows.map { layout.measure($0) }
    let widths = layout.widths(fitting: width)
    var lines = [layout.header(widths: widths, style: style)]
    for row in cells {
      lines.append(line(row, widths: widths, alignments: layout.alignments))
    }
    return lines
  }

  /// A table laid out row by row without keeping its rows: ``measure(_:)`` each row once to
  /// learn the columns' natural widths, then print each row with ``line(_:widths:)`` — a
  /// list of any length in two passes and constant memory (`show --all`).
  package struct Layout: Sendable {
    /// The headers, escaped.
    let headers: [String]
    let alignments: [ColumnAlignment]
    let minimums: [Int]
    /// The widest cell of each column so far, its header included.
    var natural: [Int]

    /// The layout of `columns` before any row.
    package init(_ columns: [TableColumn]) {
      headers = columns.map { TerminalEscaping.escape($0.header) }
      alignments = columns.map(\.alignment)
      minimums = columns.map(\.minimumWidth)
      natural = headers.map(DisplayWidth.of)
    }

    /// Widens the columns to hold `row` (values unescaped); returns its cells, escaped.
    @discardableResult
    package mutating func measure(_ row: [String]) -> [String] {
      let cells = cells(row)
      for (index, cell) in cells.enumerated() {
        natural[index] = max(natural[index], DisplayWidth.of(cell))
      }
      return cells
    }

    /// The column widths that fit `width` when possible.
    package func widths(fitting width: Int) -> [Int] {
      let available = width - separator.count * (headers.count - 1)
      return fit(natural: natural, minimums: minimums, available: available)
    }

    /// The header line, bold when `style` is enabled.
    package func header(widths: [Int], style: TextStyle) -> String {
      style.bold(TableRenderer.line(headers, widths: widths, alignments: alignments))
    }

    /// The line of `row` (values unescaped) at `widths`.
    package func line(_ row: [String], widths: [Int]) -> String {
      TableRenderer.line(cells(row), widths: widths, alignments: alignments)
    }

    /// One cell per column, escaped; missing values are empty.
    private func cells(_ row: [String]) -> [String] {
      headers.indices.map { $0 < row.count ? TerminalEscaping.escape(row[$0]) : "" }
    }
  }

  /// Column widths for `natural` widths that fit `available` columns when possible.
  ///
  /// Shrinking the widest column one step at a time ends with every shrunk column at a common
  /// cap `C` (or `C + 1`); this finds `C` by binary search, then gives the columns left over
  /// to the leftmost capped columns, so the cost does not depend on how long values are.
  static func fit(natural: [Int], minimums: [Int], available: Int) -> [Int] {
    let floors = zip(natural, minimums).map { min($0, $1) }
    func widths(cap: Int) -> [Int] {
      zip(natural, floors).map { max($1, min($0, cap)) }
    }
    if natural.reduce(0, +) <= available { return natural }
    var low = 0
    var high = natural.max() ?? 0
    while low < high {
      let middle = (low + high) / 2
      if widths(cap: middle).reduce(0, +) <= available {
        low = middle + 1
      } else {
        high = middle
      }
    }
    let cap = max(low - 1, 0)
    var result = widths(cap: cap)
    var leftover = available - result.reduce(0, +)
    for index in result.indices where leftover > 0 {
      if result[index] == cap && natural[index] > cap && cap >= floors[index] {
        result[index] += 1
        leftover -= 1
      }
    }
    return result
  }

  static func line(
    _ values: [String], widths: [Int], alignments: [ColumnAlignment]
  ) -> String {
    var parts: [String] = []
    for index in values.indices {
      let value = DisplayWidth.truncate(values[index], toWidth: widths[index])
      let isLast = index == values.count - 1
      if isLast && alignments[index] == .left {
        parts.append(value)
      } else {
        parts.append(DisplayWidth.pad(value, toWidth: widths[index], alignment: alignments[index]))
      }
    }
    var text = parts.joined(separator: separator)
    while text.last == " " { text.removeLast() }
    return text
  }
}
