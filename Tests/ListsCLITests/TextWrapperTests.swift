import CLISupport
import Testing

@testable import ListsCLI

@Suite struct TextWrapperTests {
  @Test(
    arguments: [
      ("a b c", 3, ["a b", "c"]),
      ("one two three", 100, ["one two three"]),
      ("one  two   three", 7, ["one two", "three"]),
      ("abcdefgh", 3, ["abc", "def", "gh"]),
      ("x abcdefgh", 4, ["x", "abcd", "efgh"]),
      ("", 10, [""]),
      ("one\ntwo", 10, ["one", "two"]),
      ("one\n\ntwo", 10, ["one", "", "two"]),
      ("東京 東京", 4, ["東京", "東京"]),
      ("東京タワー", 5, ["東京", "タワ", "ー"]),
    ] as [(String, Int, [String])])
  func wrapsAtSpacesByDisplayWidth(text: String, width: Int, lines: [String]) {
    #expect(TextWrapper.wrap(text, width: width) == lines)
  }
}
