import Testing

@testable import ListsCLI
@testable import TextFormats

@Suite struct NearMissTests {
  static let commands = [
    "show", "add", "remove", "clear", "import", "export", "seed", "watch", "doctor", "help",
  ]
  static let lists = ["favorites", "addresses", "orders"]

  struct Case: Sendable, CustomTestStringConvertible {
    let input: String
    let candidates: [String]
    let expected: String?
    var testDescription: String { "\(input) → \(expected ?? "nothing")" }
  }

  @Test(arguments: [
    Case(input: "orderz", candidates: lists, expected: "orders"),
    Case(input: "order", candidates: lists, expected: "orders"),
    Case(input: "ORDERS", candidates: lists, expected: "orders"),
    Case(input: "favourites", candidates: lists, expected: "favorites"),
    Case(input: "adresses", candidates: lists, expected: "addresses"),
    Case(input: "shw", candidates: commands, expected: "show"),
    Case(input: "sohw", candidates: commands, expected: "show"),
    Case(input: "exprot", candidates: commands, expected: "export"),
    Case(input: "ad", candidates: commands, expected: "add"),
    Case(input: "--limt", candidates: ["--limit", "--after", "--all"], expected: "--limit"),
    Case(input: "-limit", candidates: ["--limit", "--after", "--all"], expected: "--limit"),
    Case(input: "payed", candidates: ["pending", "paid", "shipped"], expected: "paid"),
    // Abbreviations: the first letter, then the rest in order, of one candidate only.
    Case(input: "favs", candidates: lists, expected: "favorites"),
    Case(input: "addr", candidates: lists, expected: "addresses"),
    Case(input: "docr", candidates: commands, expected: "doctor"),
    Case(input: "fvs", candidates: lists, expected: "favorites"),
    Case(input: "ors", candidates: lists, expected: "orders"),
    Case(input: "ex", candidates: commands, expected: nil),
    Case(input: "sdrs", candidates: lists, expected: nil),
    // Equally close to import and export: no guess.
    Case(input: "port", candidates: commands, expected: nil),
    // Too far from everything.
    Case(input: "frobnicate", candidates: commands, expected: nil),
    Case(input: "rm", candidates: commands, expected: nil),
    Case(input: "a", candidates: ["add"], expected: nil),
    Case(input: "books", candidates: lists, expected: nil),
    Case(input: "", candidates: lists, expected: nil),
  ])
  func suggestsOnlyAnUnambiguousNearMiss(_ testCase: Case) {
    #expect(
      NearMiss.suggestion(for: testCase.input, among: testCase.candidates) == testCase.expected)
  }

  @Test(
    arguments: [
      ("", "abc", 3), ("abc", "abc", 0), ("kitten", "sitting", 3), ("ca", "ac", 1),
      ("abcd", "acbd", 1), ("ca", "abc", 3),
    ] as [(String, String, Int)])
  func editDistanceCountsSwapsAsOne(a: String, b: String, distance: Int) {
    #expect(NearMiss.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars)) == distance)
  }
}
