import CLISupport
import Testing

@testable import ListsCLI

@Suite struct PlaceholderBoxTests {
  static let title = "No orders yet"
  static let detail = "Orders you place will show up here."
  static let action = "lists add orders --number NUMBER --total AMOUNT --currency CODE"

  @Test(
    arguments: [
      (
        80,
        """
        ╭───────────────────────────────────────────────────────────────────╮
        │ No orders yet                                                     │
        │ Orders you place will show up here.                               │
        │                                                                   │
        │ → lists add orders --number NUMBER --total AMOUNT --currency CODE │
        ╰───────────────────────────────────────────────────────────────────╯
        """
      ),
      (
        44,
        """
        ╭─────────────────────────────────────╮
        │ No orders yet                       │
        │ Orders you place will show up here. │
        │                                     │
        │ → lists add orders --number NUMBER  │
        │   --total AMOUNT --currency CODE    │
        ╰─────────────────────────────────────╯
        """
      ),
      (
        30,
        """
        ╭────────────────────────────╮
        │ No orders yet              │
        │ Orders you place will show │
        │ up here.                   │
        │                            │
        │ → lists add orders         │
        │   --number NUMBER --total  │
        │   AMOUNT --currency CODE   │
        ╰────────────────────────────╯
        """
      ),
    ] as [(Int, String)])
  func fitsTheWidthWrappingDetailAndAction(width: Int, expected: String) {
    let lines = PlaceholderBox.render(
      title: Self.title, detail: Self.detail, action: Self.action, width: width)
    #expect(lines.joined(separator: "\n") == expected)
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= width })
  }

  @Test func titleOnlyForLoading() {
    let lines = PlaceholderBox.render(title: "Loading orders…", detail: nil, action: nil, width: 80)
    #expect(lines == ["╭─────────────────╮", "│ Loading orders… │", "╰─────────────────╯"])
  }

  @Test func titleIsBoldWhenStyledAndTheBoxStaysAligned() {
    let lines = PlaceholderBox.render(
      title: "Couldn't load orders", detail: "database is locked",
      action: "Retry: lists show orders",
      width: 80, style: .ansi)
    #expect(lines[1] == "│ \u{1B}[1mCouldn't load orders\u{1B}[0m       │")
    #expect(lines[2] == "│ database is locked         │")
    #expect(lines[4] == "│ → Retry: lists show orders │")
  }

  @Test func wideTextAndControlCharactersKeepTheFrameAligned() {
    let lines = PlaceholderBox.render(
      title: "お気に入りはまだありません", detail: "bad\u{1B}[2Jnews", action: nil, width: 80)
    #expect(
      lines == [
        "╭────────────────────────────╮",
        "│ お気に入りはまだありません │",
        "│ bad\\u{1B}[2Jnews           │",
        "╰────────────────────────────╯",
      ])
  }
}
