import SQLiteCore
import TestSupport
import Testing

@testable import ListStore

/// The generic statements of a kind: keyset pages in any order (mixed directions, ties,
/// case-insensitive text) without gap or repeat, and cursors whose layout is the first
/// release's for the built-in lists.
@Suite struct KindStatementsTests {
  /// A kind ordered by a bool (descending), a case-insensitive text and an integer (both
  /// ascending), with many ties.
  static let shelves = KindDefinition(
    name: "shelves", item: "shelf",
    fields: [
      FieldDefinition("pinned", .bool, default: .bool(false)),
      FieldDefinition("label", .text(), required: true, caseInsensitive: true),
      FieldDefinition("rank", .integer(), default: .integer(0)),
      FieldDefinition("note", .text()),
    ],
    order: [OrderTerm("pinned", descending: true), OrderTerm("label"), OrderTerm("rank", descending: true)])

  static func connection(with definition: KindDefinition) throws -> Connection {
    let connection = try KindDefinitionTests.scratchConnection()
    for statement in definition.schemaSQL { try connection.execute(statement) }
    return connection
  }

  /// Every id of `account` in the order, read by walking pages of `limit`.
  static func walk(_ statements: KindStatements, _ connection: Connection, account: String, limit: Int) throws -> [Int64] {
    var ids: [Int64] = []
    var after: [CursorValue]?
    for _ in 0..<10_000 {
      let page = try statements.page(
        account: account, after: after, limit: limit, prepare: { try connection.prepare($0) },
        read: { $0.int64(at: 0) })
      ids += page.items
      guard let next = page.next else { return ids }
      // Through a token and back, as a command line hands it on.
      let token = KindCursorCodec.token(next, kind: statements.definition.name, account: account)
      let decoded = KindCursorCodec.values(
        of: token, kinds: statements.cursorKinds, kind: statements.definition.name, account: account)
      #expect(decoded == next)
      after = decoded
    }
    Issue.record("the walk did not end")
    return ids
  }

  static func all(_ statements: KindStatements, _ connection: Connection, account: String) throws -> [Int64] {
    let statement = try connection.prepare(statements.exportSQL)
    try statement.bind(account, at: 1)
    var ids: [Int64] = []
    while try statement.step() { ids.append(statement.int64(at: 0)) }
    return ids
  }

  @Test(arguments: [1, 2, 3, 7, 50])
  func pagesOfAMixedOrderWithTiesHaveNoGapOrRepeat(limit: Int) throws {
    let connection = try Self.connection(with: Self.shelves)
    var random = SplitMix(seed: 42)
    let insert = try connection.prepare(
      "INSERT INTO shelves (account, pinned, label, rank, note) VALUES (?, ?, ?, ?, ?)")
    let labels = ["a", "A", "b", "B", "é", "c", "aa", "Ab", "", "z"].filter { !$0.isEmpty }
    for _ in 0..<240 {
      insert.reset()
      try insert.bind(random.below(3) == 0 ? "other" : "me", at: 1)
      try insert.bind(random.below(4) == 0, at: 2)
      try insert.bind(labels[random.below(labels.count)], at: 3)
      try insert.bind(Int64(random.below(3)), at: 4)
      try insert.bindNull(at: 5)
      try insert.run()
    }
    let statements = KindStatements(Self.shelves)
    for account in ["me", "other", "nobody"] {
      let expected = try Self.all(statements, connection, account: account)
      #expect(try Self.walk(statements, connection, account: account, limit: limit) == expected)
    }
    // The order really is pinned first, then label without case, then rank high to low.
    let check = try connection.prepare(
      "SELECT count(*) FROM (SELECT id FROM shelves WHERE account = 'me' ORDER BY pinned DESC, lower(label), rank DESC, id DESC)")
    _ = try check.step()
    #expect(check.int64(at: 0) == Int64(try Self.all(statements, connection, account: "me").count))
  }

  /// Every id of `account` in the order, read backwards from the last item with pages of
  /// `limit` before a place (each in the kind's order) and put back together.
  static func walkBackwards(_ statements: KindStatements, _ connection: Connection, account: String, limit: Int) throws
    -> [Int64]
  {
    let statement = try connection.prepare(statements.exportSQL)
    try statement.bind(account, at: 1)
    var last: [CursorValue]?
    while try statement.step() { last = statements.cursorValues(of: statement) }
    var ids: [Int64] = []
    var place = last
    for _ in 0..<10_000 {
      guard let key = place else { return ids }
      let page = try statements.page(
        account: account, from: key, levels: statements.directionSQL.atOrBefore, limit: limit, backward: true,
        query: nil, prepare: { try connection.prepare($0) }, read: { $0.int64(at: 0) })
      #expect(page.items.count == limit || page.next == nil)
      ids = page.items + ids
      place = page.next
    }
    Issue.record("the walk did not end")
    return ids
  }

  @Test(arguments: [1, 2, 3, 7, 50])
  func pagesBeforeAPlaceInAMixedOrderHaveNoGapOrRepeat(limit: Int) throws {
    let connection = try Self.connection(with: Self.shelves)
    var random = SplitMix(seed: 7)
    let insert = try connection.prepare("INSERT INTO shelves (account, pinned, label, rank) VALUES ('me', ?, ?, ?)")
    for _ in 0..<120 {
      insert.reset()
      try insert.bind(random.below(4) == 0, at: 1)
      try insert.bind(["a", "B", "c", "aa"][random.below(4)], at: 2)
      try insert.bind(Int64(random.below(3)), at: 3)
      try insert.run()
    }
    let statements = KindStatements(Self.shelves)
    // Backward levels read each page nearest first, across the order's three levels, and
    // store it in the kind's order; the short page at the start moves to the front.
    let expected = try Self.all(statements, connection, account: "me")
    #expect(try Self.walkBackwards(statements, connection, account: "me", limit: limit) == expected)
    #expect(try Self.walkBackwards(statements, connection, account: "nobody", limit: limit) == [])
  }

  @Test(arguments: KindDefinition.builtIns)
  func builtInKindsWalkWithoutGapOrRepeat(definition: KindDefinition) throws {
    let connection = try Self.connection(with: definition)
    let statements = KindStatements(definition)
    var random = SplitMix(seed: 7)
    let placeholders = statements.insertColumns.map { _ in "?" }.joined(separator: ", ")
    let insert = try connection.prepare(
      "INSERT INTO \(definition.name) (\(statements.insertColumns.joined(separator: ", "))) VALUES (\(placeholders))")
    for row in 0..<120 {
      insert.reset()
      for (index, column) in statements.insertColumns.enumerated() {
        let at = Int32(index + 1)
        switch column {
        case "account": try insert.bind("default", at: at)
        case "added_at", "placed_at", "created_at": try insert.bind(Int64(1_700_000_000_000 + random.below(5) * 1000), at: at)
        case "is_default": try insert.bind(row == 17, at: at)
        case "status": try insert.bind("paid", at: at)
        case "total_minor": try insert.bind(Int64(100), at: at)
        case "currency": try insert.bind("EUR", at: at)
        case "country": try insert.bind("DE", at: at)
        case "ref", "number": try insert.bind("r\(row)", at: at)
        case "label": try insert.bind(["Home", "home", "Work"][random.below(3)], at: at)
        default: try insert.bind("x", at: at)
        }
      }
      try insert.run()
    }
    let expected = try Self.all(statements, connection, account: "default")
    #expect(expected.count == 120)
    for limit in [1, 5, 20] {
      #expect(try Self.walk(statements, connection, account: "default", limit: limit) == expected)
    }
  }

  /// Tokens the first release's cursor codec made, kept as text: the built-in lists' cursors
  /// are spelled and read exactly as then.
  @Test func builtInCursorsKeepTheFirstReleasesTokens() throws {
    let cases: [(token: String, values: [CursorValue], kind: String, account: String)] = [
      ("AW8AAAGiLK8PgAAAAAAAAAADHbn7mg", [.integer(1_796_046_000_000), .integer(3)], "orders", "default"),
      ("AWYAAAAAAAAABQAAAAAAAAAJOd8xUg", [.integer(5), .integer(9)], "favorites", "me"),
      ("AWEBAAAAAAAAAARIb21lLCDmnbHkuqyAxHrg", [.bool(true), .text("Home, 東京"), .integer(4)], "addresses", "a"),
    ]
    for (token, values, kind, account) in cases {
      #expect(KindCursorCodec.token(values, kind: kind, account: account) == token)
      let definition = try #require(KindDefinition.builtIns.first { $0.name == kind })
      #expect(
        KindCursorCodec.values(of: token, kinds: definition.cursorValueKinds, kind: kind, account: account)
          == values)
    }
  }

  @Test func aCursorIsBoundToItsKindAndAccountAndRefusesEdits() throws {
    let kinds: [CursorValue.Kind] = [.bool, .text, .integer, .integer]
    let values: [CursorValue] = [.bool(false), .text("Shelf \"1\""), .integer(-4), .integer(12)]
    let token = KindCursorCodec.token(values, kind: "shelves", account: "me")
    #expect(KindCursorCodec.values(of: token, kinds: kinds, kind: "shelves", account: "me") == values)
    #expect(KindCursorCodec.values(of: token, kinds: kinds, kind: "shelves", account: "you") == nil)
    #expect(KindCursorCodec.values(of: token, kinds: kinds, kind: "books", account: "me") == nil)
    #expect(KindCursorCodec.values(of: token, kinds: kinds, kind: "orders", account: "me") == nil)
    var edited = Array(token)
    edited[5] = edited[5] == "A" ? "B" : "A"
    #expect(KindCursorCodec.values(of: String(edited), kinds: kinds, kind: "shelves", account: "me") == nil)
    for junk in ["", "A", "!!!!", String(repeating: "A", count: 40), token + "A"] {
      #expect(KindCursorCodec.values(of: junk, kinds: kinds, kind: "shelves", account: "me") == nil, "\(junk)")
    }
    // Two texts: the first is length-prefixed.
    let two: [CursorValue] = [.text("a"), .text("bc"), .integer(1)]
    let twoToken = KindCursorCodec.token(two, kind: "pairs", account: "x")
    #expect(KindCursorCodec.values(of: twoToken, kinds: [.text, .text, .integer], kind: "pairs", account: "x") == two)
  }
}

extension SplitMix {
  /// A number in `0..<bound`.
  fileprivate mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
