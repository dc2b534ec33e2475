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
///
/// Words are read as Unicode scalars, never as `Character`s: a value may start with a combining
/// mark, which joins the `-` or `=` before it into one grapheme cluster (`--note=\u{301}x`
/// is `--note` with the value `\u{301}x`, `-\u{301}` an option).
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
      } else if startsWithDoubleDash(word) {
        let scalars = word.unicodeScalars
        if let equals = scalars.firstIndex(of: "=") {
          let value = String(scalars[scalars.index(after: equals)...])
          tokens.append(.option(name: String(scalars[..<equals]), value: value))
        } else {
          tokens.append(.option(name: word, value: nil))
        }
      } else if word.unicodeScalars.first == "-" && word != "-" && !isNegativeNumber(word) {
        tokens.append(.option(name: word, value: nil))
      } else {
        tokens.append(.positional(word))
      }
    }
    return tokens
  }

  /// Whether `word` starts with `--`, scalar by scalar (`--\u{301}` does, though its second
  /// `Character` is not `-`).
  package static func startsWithDoubleDash(_ word: String) -> Bool {
    word.unicodeScalars.starts(with: "--".unicodeScalars)
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
