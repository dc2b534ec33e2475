import Foundation
import Testing

/// What changes when a stream is a terminal (a pseudo-terminal here): color unless `NO_COLOR`
/// or `--no-color`, the spinner of a slow load, `clear` asking, `watch` redrawing in place.
@Suite struct TerminalTests {
  /// `text` without its ANSI escape sequences.
  static func plain(_ text: String) -> String {
    text.replacing(/\u{1B}\[[0-9;?]*[A-Za-z]/, with: "")
  }

  /// Runs `lists` with the streams in `terminal` on a terminal, to its end.
  static func runOnTerminal(
    _ sandbox: Sandbox, _ arguments: [String], terminal: Set<Int32>,
    environment: [String: String?] = [:]
  ) async throws -> Subprocess {
    let process = try sandbox.start(arguments, environment: environment, terminal: terminal)
    process.closeInput()
    let ended = await process.wait(until: .now + .seconds(20))
    #expect(ended != nil, "\(arguments) did not end: \(process.terminalText)")
    return process
  }

  struct ColorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var options: [String]
    var environment: [String: String?]
    var styled: Bool
    var testDescription: String { name }
  }

  static let colorCases: [ColorCase] = [
    ColorCase(name: "NO_COLOR unset", options: [], environment: ["NO_COLOR": nil], styled: true),
    ColorCase(name: "NO_COLOR=1", options: [], environment: ["NO_COLOR": "1"], styled: false),
    ColorCase(name: "NO_COLOR empty", options: [], environment: ["NO_COLOR": ""], styled: false),
    ColorCase(
      name: "--no-color", options: ["--no-color"], environment: ["NO_COLOR": nil], styled: false),
  ]

  @Test(arguments: colorCases)
  func tablesAreStyledOnATerminalOnlyWithoutNoColor(color: ColorCase) async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let show = try await Self.runOnTerminal(
      sandbox, color.options + ["show", "orders"], terminal: [1], environment: color.environment)
    #expect(show.termination == .exited(0))
    #expect(show.terminal.contains(0x1B) == color.styled, "\(show.terminalText)")
    #expect(Self.plain(show.terminalText) == Golden.text(of: "show-orders-table.txt"))
  }

  @Test(arguments: colorCases)
  func errorsAreStyledOnATerminalOnlyWithoutNoColor(color: ColorCase) async throws {
    let sandbox = try Sandbox()
    let show = try await Self.runOnTerminal(
      sandbox, color.options + ["show", "orderz"], terminal: [2], environment: color.environment)
    #expect(show.termination == .exited(64))
    #expect(show.terminal.contains(0x1B) == color.styled, "\(show.terminalText)")
    #expect(
      Self.plain(show.terminalText).hasPrefix(
        "Error: Unknown list 'orderz'. Did you mean 'orders'?\nUsage: lists show <list>"))
  }

  @Test func aSlowLoadShowsTheSpinnerOnStderrThenErasesIt() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let holder = try await BusyTests.LockHolder(sandbox)
    let show = try await Self.runOnTerminal(
      sandbox, ["--busy-timeout", "1000", "show", "orders"], terminal: [2])
    await holder.release()
    #expect(show.termination == .exited(75))
    let drawn = show.terminalText
    #expect(drawn.contains("Loading orders…"), "\(drawn)")
    // The spinner is erased (and the cursor shown) before the error line is written.
    #expect(
      drawn.contains("\r\u{1B}[2K\u{1B}[?25hError: The database is busy"),
      "the spinner is erased: \(drawn)")
    #expect(show.stdoutText.contains("Couldn't load orders"))
  }

  @Test(arguments: [("y\n", true), ("yes\n", true), ("n\n", false), ("\n", false)])
  func clearAsksOnATerminal(answer: String, removes: Bool) async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let clear = try sandbox.start(["clear", "orders"], terminal: [0, 2])
    let prompt = "Remove all 3 orders of account 'default'? [y/N] "
    let asked = await clear.pump(until: .now + .seconds(10)) { $0.terminalText.contains(prompt) }
    #expect(asked, "\(clear.terminalText)")
    clear.type(answer)
    let ended = await clear.wait(until: .now + .seconds(10))
    #expect(ended == .exited(0), "\(clear.terminalText)")
    if removes {
      #expect(clear.stdoutText == "Removed 3 orders.\n")
      #expect(await sandbox.sqlite("SELECT count(*) FROM orders") == "0\n")
    } else {
      #expect(clear.stdoutText == "")
      #expect(clear.terminalText.hasSuffix("Nothing was removed.\n"), "\(clear.terminalText)")
      #expect(await sandbox.sqlite("SELECT count(*) FROM orders") == "3\n")
    }
  }

  @Test func watchRedrawsInPlaceAndRestoresTheCursorOnInterrupt() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addFavorites(to: sandbox)
    let watch = try sandbox.start(["watch", "orders"], terminal: [1])
    let shown = await watch.pump(until: .now + .seconds(10)) {
      $0.terminalText.contains("No orders yet")
    }
    #expect(shown, "\(watch.terminalText)")
    let added = await sandbox.run(Fixtures.orders[0])
    #expect(added.exitCode == 0)
    let redrawn = await watch.pump(until: .now + WatchCommandTests.changeDeadline) {
      $0.terminalText.contains("Showing 1 of 1 order")
    }
    #expect(redrawn, "\(watch.terminalText)")
    watch.signal(SIGINT)
    let ended = await watch.wait(until: .now + .seconds(10))
    #expect(ended == .exited(0))
    let drawn = watch.terminalText
    #expect(drawn.hasPrefix("\u{1B}[?25l"), "the cursor is hidden first")
    #expect(drawn.hasSuffix("\u{1B}[?25h"), "and shown again at the end")
    #expect(drawn.components(separatedBy: "\u{1B}[H\u{1B}[2J").count == 3, "two full redraws")
  }
}
