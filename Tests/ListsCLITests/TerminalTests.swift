import CLISupport
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Testing

@testable import ListsCLI

@Suite struct TerminalTests {
  /// A pipe's write end: never a terminal, has no window size.
  func withPipe(_ body: (Int32) -> Void) {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    body(descriptors[1])
    close(descriptors[0])
    close(descriptors[1])
  }

  @Test(
    arguments: [
      (["COLUMNS": "120"], 120),
      (["COLUMNS": "1"], 1),
      (["COLUMNS": "0"], 80),
      (["COLUMNS": "-5"], 80),
      (["COLUMNS": "wide"], 80),
      (["COLUMNS": ""], 80),
      ([:], 80),
    ] as [([String: String], Int)])
  func widthComesFromColumnsThenTheTerminalThen80(values: [String: String], width: Int) {
    withPipe { fd in
      #expect(Terminal.width(of: fd, environment: Environment(values)) == width)
    }
  }

  @Test func aPipeIsNotATerminal() {
    withPipe { fd in
      #expect(!Terminal.isTerminal(fd))
      #expect(
        !Terminal.colorEnabled(
          fileDescriptor: fd, environment: Environment([:]),
          noColorFlag: false))
      #expect(Terminal.style(for: fd, environment: Environment([:]), noColorFlag: false) == .plain)
    }
  }

  @Test(
    arguments: [
      (true, [:], false, true),
      (false, [:], false, false),
      (true, [:], true, false),
      (true, ["NO_COLOR": "1"], false, false),
      (true, ["NO_COLOR": ""], false, false),
      (true, ["TERM": "dumb"], false, false),
      (true, ["TERM": "xterm-256color"], false, true),
    ] as [(Bool, [String: String], Bool, Bool)])
  func colorNeedsATerminalAndNoOptOut(
    isTerminal: Bool, values: [String: String], noColorFlag: Bool, enabled: Bool
  ) {
    let result = Terminal.colorEnabled(
      isTerminal: isTerminal, environment: Environment(values), noColorFlag: noColorFlag)
    #expect(result == enabled)
  }

  @Test func stylesOnlyWhenEnabled() {
    #expect(TextStyle.plain.bold("x") == "x")
    #expect(TextStyle.ansi.bold("x") == "\u{1B}[1mx\u{1B}[0m")
    #expect(TextStyle.ansi.red("") == "")
  }
}
