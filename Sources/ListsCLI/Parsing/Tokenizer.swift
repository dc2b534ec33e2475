/// Splits command-line words into ``Token``s, before any command is known.
///
/// | word | token |
/// | --- | --- |
/// | `--limit=5` | `.option("--limit", "5")` |
/// | `--all`, `-h` | `.option("--all", nil)`, `.option("-h", nil)` |
/// | `--` (first time) | `.terminator`; every later word is `.positional` |
/// | `-`, `-5`, `-1.5` | `.positional` (stdin, negative numbers) |
/// | anything else | `.positional` |
///
/// Short options are not bundled: `-abc` is one option token (unknown, unless the parser takes
/// it as the value of the option before it).
package enum Tokenizer {
  /// The tokens of `words` (without the program name).
  package static func tokenize(_ words: [String]) -> [Token] {
    var tokens: [Token] = []
    tokens.reserveCapacity(words.count)
    var afterTerminator = false
    for word in words {
      if afterTerminator {
        tokens.append(.positional(word))
      } else if word == "--" {
        tokens.append(.terminator)
        afterTerminator = true
      } else if word.hasPrefix("--") {
        if let equals = word.firstIndex(of: "=") {
          let name = String(word[..<equals])
          tokens.append(.option(name: name, value: String(word[word.index(after: equals)...])))
        } else {
          tokens.append(.option(name: word, value: nil))
        }
      } else if word.hasPrefix("-") && word != "-" && !isNegativeNumber(word) {
        tokens.append(.option(name: word, value: nil))
      } else {
        tokens.append(.positional(word))
      }
    }
    return tokens
  }

  /// Whether `word` reads as a negative number: `-`, a digit, then digits and dots.
  private static func isNegativeNumber(_ word: String) -> Bool {
    let rest = word.utf8.dropFirst()
    guard let first = rest.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
      return false
    }
    return rest.allSatisfy { ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == 0x2E }
  }
}
