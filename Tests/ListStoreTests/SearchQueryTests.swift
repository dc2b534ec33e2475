import Testing

@testable import ListStore

/// What a person types, made into an FTS5 query: every word quoted, the last a prefix, and no
/// input an FTS5 syntax error, run against a real index.
@Suite struct SearchQueryTests {
  struct Typed: CustomTestStringConvertible, Sendable {
    var id: String
    var text: String
    /// The expression bound to MATCH; nil when the text is no search.
    var expression: String?
    var testDescription: String { id }
  }

  static let typed: [Typed] = [
    Typed(id: "one word", text: "dune", expression: #""dune"*"#),
    Typed(id: "two words", text: "Sao Paulo", expression: #""Sao" "Paulo"*"#),
    Typed(id: "empty", text: "", expression: nil),
    Typed(id: "spaces and tabs", text: " \t \n ", expression: nil),
    Typed(id: "minus", text: "-", expression: nil),
    Typed(id: "colon", text: ":", expression: nil),
    Typed(id: "star", text: "*", expression: nil),
    Typed(id: "quote", text: "\"", expression: nil),
    Typed(id: "open parenthesis", text: "(", expression: nil),
    Typed(id: "caret", text: "^", expression: nil),
    Typed(id: "only punctuation", text: "!?.,;:-_()[]{}<>@#$%^&*+=|~`'\"\\/", expression: nil),
    Typed(id: "AND", text: "AND", expression: #""AND"*"#),
    Typed(id: "NEAR", text: "NEAR", expression: #""NEAR"*"#),
    Typed(id: "NEAR group", text: "NEAR(a b, 2)", expression: #""NEAR" "a" "b" "2"*"#),
    Typed(
      id: "OR and NOT", text: "dune OR NOT herbert", expression: #""dune" "OR" "NOT" "herbert"*"#),
    Typed(id: "column filter", text: "title:dune", expression: #""title" "dune"*"#),
    Typed(id: "column set", text: "{title author}: dune", expression: #""title" "author" "dune"*"#),
    Typed(id: "negation", text: "-dune", expression: #""dune"*"#),
    Typed(id: "initial token", text: "^dune", expression: #""dune"*"#),
    Typed(id: "prefix star", text: "du*", expression: #""du"*"#),
    Typed(id: "unbalanced quote", text: "\"dune", expression: #""dune"*"#),
    Typed(
      id: "quoted phrase", text: "\"children of\" dune", expression: #""children" "of" "dune"*"#),
    Typed(id: "parentheses", text: "(dune) AND (", expression: #""dune" "AND"*"#),
    Typed(id: "plus", text: "c++ primer", expression: #""c" "primer"*"#),
    Typed(id: "backslashes", text: #"a\b \\ \"#, expression: #""a" "b"*"#),
    Typed(id: "apostrophe", text: "l'été", expression: #""l" "été"*"#),
    Typed(id: "emoji alone", text: "😀🎉", expression: nil),
    Typed(id: "emoji between", text: "dune😀herbert", expression: #""dune" "herbert"*"#),
    Typed(id: "right to left", text: "שלום עולם", expression: #""שלום" "עולם"*"#),
    Typed(id: "arabic digits", text: "٣٤", expression: #""٣٤"*"#),
    Typed(id: "combining marks", text: "Sa\u{303}o", expression: "\"Sa\u{303}o\"*"),
    Typed(id: "marks alone", text: "\u{301}\u{300}", expression: nil),
    Typed(id: "zero width joiner", text: "a\u{200D}b", expression: #""a" "b"*"#),
    Typed(id: "control characters", text: "\u{1}\u{7F}\u{1B}[31m", expression: #""31m"*"#),
    Typed(id: "newer than unicode 6.1", text: "x🥺y", expression: "\"x🥺y\"*"),
  ]

  @Test(arguments: typed)
  func typedTextBecomesItsQuery(_ typed: Typed) throws {
    #expect(try SearchQuery(typed.text)?.matchExpression == typed.expression)
  }

  /// A small shelf of rows, with the texts the hostile inputs come near.
  static func shelf() throws -> SearchIndex {
    let index = try SearchIndex(KindSearchTests.books)
    try index.connection.execute(
      """
      INSERT INTO books (title, author) VALUES
        ('Dune', 'Frank Herbert'), ('NEAR and AND', 'OR NOT'), ('C++ Primer', NULL),
        ('שלום עולם', NULL), ('title: dune', NULL), ('l''été', NULL), ('x🥺y', NULL)
      """)
    return index
  }

  @Test(arguments: typed)
  func noTypedTextIsAnFTSError(_ typed: Typed) throws {
    // `ids` throws on any SQLite error, a syntax error of MATCH included.
    _ = try Self.shelf().ids(matching: typed.text)
  }

  static let findings: [(String, [Int64])] = [
    ("dun", [1, 5]), ("AND", [2]), ("near", [2]), ("or not", [2]), ("c++", [3]),
    ("primer", [3]), ("עולם", [4]), ("title:dune", [5]), ("ete", [6]), ("L'ÉTÉ", [6]),
    ("x🥺", [7]), ("herbert -frank", [1]),
  ]

  @Test(arguments: findings)
  func hostileTextStillFindsWhatItNames(_ text: String, _ ids: [Int64]) throws {
    #expect(try Self.shelf().ids(matching: text) == ids)
  }

  @Test func tenKilobytesOfTextSearchWithoutError() throws {
    let index = try Self.shelf()
    let words = String(repeating: "dune ", count: 2_048)
    #expect(try index.ids(matching: words) == [1, 5])
    let word = String(repeating: "a", count: 10_240)
    #expect(try index.ids(matching: word) == [])
    let hostile = String(repeating: "\"(-*:^ AND NEAR ", count: 640)
    #expect(hostile.utf8.count >= 10_240)
    #expect(try index.ids(matching: hostile) == [2])
    try index.connection.execute("INSERT INTO books (title, author) VALUES ('Long', '\(word)')")
    #expect(try index.ids(matching: word) == [8])
  }

  @Test func aNULCharacterIsRefusedWithOneSentence() {
    #expect(throws: SearchError.nulCharacter) { try SearchQuery("du\0ne") }
    #expect(
      SearchError.nulCharacter.message
        == "The search text contains a NUL character; remove it and search again.")
  }

  @Test func quotingDoublesEveryQuote() {
    #expect(SearchQuery.quoted(#"a"b""#) == #""a""b""""#)
    #expect(SearchQuery.quoted("") == #""""#)
  }
}
