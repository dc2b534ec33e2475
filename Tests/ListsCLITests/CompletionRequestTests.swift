import CLISupport
import Testing

@testable import ListsCLI

/// What completion offers, worked out from the command specs.
@Suite struct CompletionRequestTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let words: [String]
    let completion: ValueCompletion
    var testDescription: String {
      "lists " + words.map { $0.isEmpty ? "<TAB>" : $0 }.joined(separator: " ")
    }
  }

  static let visibleCommands = [
    "show", "add", "edit", "remove", "clear", "import", "export", "seed", "watch", "sync", "browse", "doctor",
    "kinds", "completion",
    "man", "help",
  ]

  @Test(arguments: [
    Case(words: [""], completion: .words(visibleCommands)),
    Case(words: ["--db", "x.db", ""], completion: .words(visibleCommands)),
    Case(words: ["show", ""], completion: .lists),
    Case(words: ["show", "--limit", "5", ""], completion: .lists),
    Case(words: ["show", "orders", ""], completion: .none),
    Case(words: ["add", ""], completion: .words(["favorites", "addresses", "orders"])),
    Case(words: ["add", "orders", "--status", ""], completion: .words(["pending", "paid", "shipped", "delivered", "cancelled", "refunded"])),
    Case(words: ["export", "orders", "--format", ""], completion: .words(["ndjson", "csv"])),
    Case(words: ["import", "orders", ""], completion: .files),
    Case(words: ["--db", ""], completion: .files),
    Case(words: ["completion", ""], completion: .words(["bash", "zsh", "fish"])),
    Case(words: ["remove", "orders", "1", ""], completion: .none),
  ])
  func completesFromTheSpecs(_ test: Case) {
    #expect(CompletionRequest(words: test.words).completion == test.completion)
  }

  @Test func optionsOfTheCommandAndGlobalOnesCompleteAfterADash() {
    let request = CompletionRequest(words: ["show", "--"])
    guard case .words(let names) = request.completion else {
      Issue.record("\(request.completion)")
      return
    }
    #expect(
      names == [
        "--limit", "--after", "--before", "--all", "--json", "--events", "--search", "--where", "--max-age", "--offline",
        "--db", "--account",
        "--busy-timeout", "--no-color", "--help",
      ])
    #expect(CompletionRequest(words: ["show", "--l"]).matching(names) == ["--limit"])
  }

  @Test func theDatabaseAndAccountGivenAmongTheWordsAreKept() {
    let request = CompletionRequest(words: ["--db", "other.db", "show", "--account", "work", "o"])
    #expect(request.completion == .lists)
    #expect(request.prefix == "o")
    #expect(request.globals.database == "other.db")
    #expect(request.globals.accountName == "work")
  }

  @Test func hiddenCommandsAreNotOffered() {
    #expect(CompletionRequest(words: ["__"]).matching(Self.visibleCommands) == [])
    guard case .words(let commands) = CompletionRequest(words: [""]).completion else {
      Issue.record("no commands")
      return
    }
    #expect(!commands.contains("__complete"))
  }
}
