/// What a person typed into a search, made into a safe FTS5 query.
///
/// The text is split into words the way the index's `unicode61` tokenizer splits text; each
/// word becomes an FTS5 string (in double quotes, any `"` doubled), and the last one a prefix
/// query, so that typing `dun` finds `Dune`. Words are joined by spaces, FTS5's implicit AND:
/// an item matches when it has every word. Nothing a person types is FTS5 syntax: `-`, `:`,
/// `*`, `^`, `(`, quotes, `AND`, `OR`, `NOT` and `NEAR` are searched for as text or, being
/// separators, not at all.
///
/// For example:
///
/// ```swift
/// try SearchQuery("Sao Paulo")?.matchExpression   // "sao" "paulo"*   (finds São Paulo)
/// try SearchQuery("AND (dune")?.matchExpression   // "and" "dune"*
/// try SearchQuery(" -:* ")                        // nil: no words, so no search
/// ```
///
/// Text with no words at all (empty, spaces, only punctuation or emoji) is no search: the
/// initializer returns nil and the list is shown unfiltered, as an empty search box does.
public struct SearchQuery: Sendable, Hashable {
  /// The words searched for, in the order typed, as the text holds them.
  public let words: [String]

  /// Makes the query for `text`, or nil when `text` has no words to search for.
  ///
  /// - Throws: ``SearchError/nulCharacter`` when `text` holds a NUL character.
  public init?(_ text: String) throws(SearchError) {
    if text.unicodeScalars.contains("\0") { throw .nulCharacter }
    let words = Self.words(in: text)
    guard !words.isEmpty else { return nil }
    self.words = words
  }

  /// The expression to bind to `MATCH`: every word quoted, the last one with `*`.
  public var matchExpression: String {
    words.map(Self.quoted).joined(separator: " ") + "*"
  }

  /// `word` as an FTS5 string: in double quotes, with every `"` in it doubled.
  public static func quoted(_ word: String) -> String {
    "\"" + word.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"")
      + "\""
  }

  /// The words of `text`: the runs of characters that `unicode61` keeps in a token, each with
  /// at least one letter, number or other character that makes a token on its own.
  ///
  /// `unicode61` works from the Unicode 6.1 tables: it keeps letters, numbers and private-use
  /// characters (categories L*, N*, Co), every character that Unicode 6.1 had not assigned yet
  /// (so a newer emoji is part of a token), and the diacritics it removes; everything else
  /// separates tokens. The runs here also keep every combining mark, so they never split a
  /// word that the tokenizer keeps whole: a run that it does split is, in quotes, a phrase of
  /// adjacent tokens, which still matches the text it came from. A run of marks alone is
  /// dropped, since the tokenizer removes such marks or separates at them.
  public static func words(in text: String) -> [String] {
    var words: [String] = []
    var word = String.UnicodeScalarView()
    var makesToken = false
    for scalar in text.unicodeScalars {
      switch role(of: scalar) {
      case .token:
        word.append(scalar)
        makesToken = true
      case .joining:
        word.append(scalar)
      case .separator:
        if makesToken { words.append(String(word)) }
        word = String.UnicodeScalarView()
        makesToken = false
      }
    }
    if makesToken { words.append(String(word)) }
    return words
  }

  private enum Role {
    /// Makes a token on its own.
    case token
    /// Kept inside a word (a combining mark) but makes no token alone.
    case joining
    /// Ends a word.
    case separator
  }

  private static func role(of scalar: Unicode.Scalar) -> Role {
    let properties = scalar.properties
    // Unassigned in Unicode 6.1, whose tables unicode61 uses: a token character there.
    guard let age = properties.age, age.major < 6 || (age.major == 6 && age.minor <= 1) else {
      return .token
    }
    switch properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber, .privateUse:
      return .token
    case .nonspacingMark, .spacingMark, .enclosingMark:
      return .joining
    case .unassigned:
      // Noncharacters, unassigned for good; unicode61 has U+FFFE and U+FFFF as separators.
      return scalar.value == 0xFFFE || scalar.value == 0xFFFF ? .separator : .token
    default:
      return .separator
    }
  }
}
