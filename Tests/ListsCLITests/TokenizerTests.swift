import CLISupport
import Testing

@testable import ListsCLI

@Suite struct TokenizerTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let words: [String]
    let tokens: [Token]
    var testDescription: String { words.isEmpty ? "(nothing)" : words.joined(separator: " ") }
  }

  @Test(arguments: [
    Case(words: [], tokens: []),
    Case(words: ["show", "orders"], tokens: [.positional("show"), .positional("orders")]),
    Case(
      words: ["--limit", "5"], tokens: [.option(name: "--limit", value: nil), .positional("5")]),
    Case(words: ["--limit=5"], tokens: [.option(name: "--limit", value: "5")]),
    Case(words: ["--note="], tokens: [.option(name: "--note", value: "")]),
    Case(words: ["--note=a=b"], tokens: [.option(name: "--note", value: "a=b")]),
    Case(words: ["--all"], tokens: [.option(name: "--all", value: nil)]),
    Case(words: ["-h"], tokens: [.option(name: "-h", value: nil)]),
    Case(words: ["-abc"], tokens: [.option(name: "-abc", value: nil)]),
    Case(words: ["-"], tokens: [.positional("-")]),
    Case(words: ["-5"], tokens: [.positional("-5")]),
    Case(words: ["-1.5"], tokens: [.positional("-1.5")]),
    Case(words: ["-1x"], tokens: [.option(name: "-1x", value: nil)]),
    Case(
      words: ["--", "--all", "--"],
      tokens: [.terminator, .positional("--all"), .positional("--")]),
    Case(
      words: ["a", "--", "-h", "--x=1"],
      tokens: [.positional("a"), .terminator, .positional("-h"), .positional("--x=1")]),
    Case(words: [""], tokens: [.positional("")]),
    Case(words: ["--=x"], tokens: [.option(name: "--", value: "x")]),
    Case(words: ["ordérs", "東京"], tokens: [.positional("ordérs"), .positional("東京")]),
    // A combining mark joins the `-` or `=` before it into one Character; words are read by
    // scalar, so it changes nothing (found by fuzz-arguments).
    Case(words: ["-\u{6DB}x"], tokens: [.option(name: "-\u{6DB}x", value: nil)]),
    Case(words: ["--\u{301}"], tokens: [.option(name: "--\u{301}", value: nil)]),
    Case(
      words: ["--note=\u{301}x=y"], tokens: [.option(name: "--note", value: "\u{301}x=y")]),
    Case(words: ["--note\u{301}=x"], tokens: [.option(name: "--note\u{301}", value: "x")]),
  ])
  func classifiesWords(_ testCase: Case) {
    #expect(Tokenizer.tokenize(testCase.words) == testCase.tokens)
  }
}
