import Testing

/// `lists browse` is for a terminal: without one on stdin and stdout it is a usage error, and
/// it draws nothing (the full-screen behaviour is tested in tmux by Tests/Scripts/browse-tmux.sh).
@Suite struct BrowseCommandTests {
  static let message =
    "Error: lists browse needs a terminal on stdin and stdout; use 'lists show' or 'lists export' "
    + "in scripts and pipes."

  @Test func withoutATerminalItIsAUsageError() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addFavorites(to: sandbox)
    let result = await sandbox.run("browse", "favorites")
    expectUsageError(result, line: Self.message, command: "lists browse")
  }

  @Test func aTerminalOnStdoutAloneIsNotEnough() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addFavorites(to: sandbox)
    let browse = try sandbox.start(["browse", "favorites"], terminal: [1])
    let ended = await browse.wait(until: .now + .seconds(10))
    #expect(ended == .exited(64))
    #expect(
      !browse.terminalText.contains("\u{1B}[?1049h"), "the alternate screen was never entered")
  }

  @Test func anUnknownKindIsAUsageError() async throws {
    let sandbox = try Sandbox()
    let result = await sandbox.run("browse", "bookz")
    #expect(result.exitCode == 64, "\(result)")
  }
}
