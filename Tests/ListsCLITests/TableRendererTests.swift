import CLISupport
import Testing

@testable import ListsCLI

@Suite struct TableRendererTests {
  static let columns = [
    TableColumn("ID", alignment: .right, minimumWidth: 2),
    TableColumn("NUMBER", minimumWidth: 6),
    TableColumn("STATUS", minimumWidth: 6),
    TableColumn("TOTAL", alignment: .right, minimumWidth: 8),
    TableColumn("NOTE", minimumWidth: 6),
  ]
  static let rows = [
    ["1", "A-1001", "paid", "25.90 EUR", "Leave at the door, ring twice"],
    ["12", "B-20", "shipped", "1200 JPY", "東京タワーの近く"],
    ["345", "C-3", "pending", "0.99 USD", "tab\there \u{1B}[31mred"],
  ]

  @Test(
    arguments: [
      (
        120,
        """
         ID  NUMBER  STATUS       TOTAL  NOTE
          1  A-1001  paid     25.90 EUR  Leave at the door, ring twice
         12  B-20    shipped   1200 JPY  東京タワーの近く
        345  C-3     pending   0.99 USD  tab\\there \\u{1B}[31mred
        """
      ),
      (
        80,
        """
         ID  NUMBER  STATUS       TOTAL  NOTE
          1  A-1001  paid     25.90 EUR  Leave at the door, ring twice
         12  B-20    shipped   1200 JPY  東京タワーの近く
        345  C-3     pending   0.99 USD  tab\\there \\u{1B}[31mred
        """
      ),
      (
        50,
        """
         ID  NUMBER  STATUS       TOTAL  NOTE
          1  A-1001  paid     25.90 EUR  Leave at the doo…
         12  B-20    shipped   1200 JPY  東京タワーの近く
        345  C-3     pending   0.99 USD  tab\\there \\u{1B}…
        """
      ),
      (
        40,
        """
         ID  NUMBER  STATUS      TOTAL  NOTE
          1  A-1001  paid     25.90 E…  Leave a…
         12  B-20    shipped  1200 JPY  東京タ…
        345  C-3     pending  0.99 USD  tab\\the…
        """
      ),
    ] as [(Int, String)])
  func fitsTheWidthWidestColumnFirst(width: Int, expected: String) {
    let lines = TableRenderer.render(columns: Self.columns, rows: Self.rows, width: width)
    #expect(lines.joined(separator: "\n") == expected)
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= width })
  }

  @Test func overflowsOnlyWhenTheMinimumsDoNotFit() {
    let lines = TableRenderer.render(columns: Self.columns, rows: Self.rows, width: 20)
    #expect(lines[0] == "ID  NUMBER  STATUS     TOTAL  NOTE")
    #expect(lines[3] == "3…  C-3     pendi…  0.99 USD  tab\\t…")
  }

  @Test func headerIsBoldWhenStyled() {
    let lines = TableRenderer.render(
      columns: [TableColumn("ID", alignment: .right), TableColumn("TITLE")],
      rows: [["1", "Mug"]], width: 80, style: .ansi)
    #expect(lines == ["\u{1B}[1mID  TITLE\u{1B}[0m", " 1  Mug"])
  }

  @Test func missingCellsAreEmptyAndNoLineEndsInSpaces() {
    let lines = TableRenderer.render(
      columns: [TableColumn("A"), TableColumn("B"), TableColumn("C")],
      rows: [["x"], ["y", "", ""]], width: 80)
    #expect(lines == ["A  B  C", "x", "y"])
  }

  @Test(
    arguments: [
      ([10, 50], [6, 6], 30, [10, 20]),
      ([10, 50], [6, 6], 14, [7, 7]),
      ([10, 50, 50], [6, 6, 6], 61, [10, 26, 25]),
      ([10, 20], [6, 6], 40, [10, 20]),
      ([10, 20], [8, 8], 10, [8, 8]),
      ([3, 20], [6, 6], 9, [3, 6]),
    ] as [([Int], [Int], Int, [Int])])
  func fitShrinksTheWidestColumnsToACommonCap(
    natural: [Int], minimums: [Int], available: Int, expected: [Int]
  ) {
    #expect(
      TableRenderer.fit(natural: natural, minimums: minimums, available: available) == expected)
  }
}
