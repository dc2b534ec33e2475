import Testing
import TestSupport

@testable import ListStore

/// The seed corpora of the `fuzz-amount`, `fuzz-cursor` and `fuzz-search` targets (Tests/Fuzz), replayed through
/// the properties those targets check, so `swift test` keeps them without libFuzzer; and the
/// targets' own replayers, which add the comparison with their reference implementations
/// (`fuzz-kinds`, the definition parser, has its replayer only).
@Suite struct FuzzCorpusTests {
  @Test(arguments: ["fuzz-amount", "fuzz-cursor", "fuzz-search", "fuzz-kinds"])
  func corpusIsThere(target: String) {
    #expect(FuzzSeed.corpus(target).count >= 12, "\(FuzzSeed.folder(of: target).path)")
  }

  @Test(arguments: ["fuzz-amount", "fuzz-cursor", "fuzz-search", "fuzz-kinds"])
  func replayerFindsEveryPropertyHolding(target: String) async throws {
    let run = try await runFuzzReplayer(target)
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("every property holds"), "\(run.output)")
  }

  // MARK: fuzz-amount

  /// Byte 0 picks the currency, the rest is the text (fuzz-amount/AmountProperties.swift).
  @Test(arguments: FuzzSeed.corpus("fuzz-amount"))
  func amountSeed(_ seed: FuzzSeed) throws {
    let currency = Currency.all[Int(seed.bytes.first ?? 0) % Currency.all.count]
    let text = String(decoding: seed.bytes.dropFirst(), as: UTF8.self)

    do {
      let money = try Money(parsing: text, currency: currency)
      #expect(text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E })
      #expect(text.utf8.filter { $0 == 0x2E }.count <= 1)
      #expect(try Money(parsing: money.decimalString, currency: currency) == money)
    } catch {
      guard case .invalidAmount(let echoed, _) = error else {
        Issue.record("Money(parsing:) threw \(error)")
        return
      }
      #expect(echoed == text)
    }

    let listed = Currency.all.first { $0.code.utf8.elementsEqual(text.utf8) }
    #expect((try? Currency(code: text)) == listed)

    if let timestamp = try? Timestamp(iso8601: text) {
      #expect(Timestamp.supportedRange.contains(timestamp))
      #expect(try Timestamp(iso8601: timestamp.iso8601) == timestamp)
    }

    let bits = seed.bytes.dropFirst().prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    let number = Int64(bitPattern: bits)
    if number >= 0 {
      let money = try Money(minorUnits: number, currency: currency)
      #expect(try Money(parsing: money.decimalString, currency: currency) == money)
    }
    let instant = Timestamp(millisecondsSince1970: number)
    #expect(
      (try? Timestamp(iso8601: instant.iso8601))
        == (Timestamp.supportedRange.contains(instant) ? instant : nil))
  }

  // MARK: fuzz-cursor

  /// The seeds that are cursors of their list and account; every other one is refused.
  static let acceptedCursorSeeds: Set = [
    "raw-addresses-default", "raw-addresses-unicode-label", "raw-favorites-extremes",
    "raw-orders", "sealed-addresses-empty-label", "sealed-orders",
  ]

  /// Byte 0 is the list (`% 3`) and, in bit 7, the mode; then the account up to a zero byte;
  /// then the token, or in sealed mode a body to checksum and encode
  /// (fuzz-cursor/CursorProperties.swift).
  @Test(arguments: FuzzSeed.corpus("fuzz-cursor"))
  func cursorSeed(_ seed: FuzzSeed) throws {
    let lists: [KindName] = [.favorites, .addresses, .orders]
    let selector = try #require(seed.bytes.first)
    let list = lists[Int(selector & 0x7F) % 3]
    let rest = seed.bytes.dropFirst()
    let accountEnd = rest.firstIndex(of: 0) ?? rest.endIndex
    let account = String(decoding: rest[..<accountEnd], as: UTF8.self)
    let payload = Array(rest[accountEnd...].dropFirst())
    let isSealed = selector & 0x80 != 0
    let token =
      isSealed ? seal(payload, account: account) : String(decoding: payload, as: UTF8.self)

    let kinds = try #require(KindDefinition.builtIns.first { $0.name == list.rawValue }).cursorValueKinds
    let key = KindCursorCodec.values(of: token, kinds: kinds, kind: list.rawValue, account: account)
    #expect((key != nil) == Self.acceptedCursorSeeds.contains(seed.name))
    #expect(((try? ListCursor(token).validate(for: list, account: account)) != nil) == (key != nil))
    if let key {
      // One spelling: the accepted token is exactly what the encoder makes of its key.
      #expect(KindCursorCodec.token(key, kind: list.rawValue, account: account) == token)
      for other in lists where other != list {
        #expect(throws: ListStoreError.invalidCursor(kind: other)) {
          try ListCursor(token).validate(for: other, account: account)
        }
      }
      #expect(throws: ListStoreError.invalidCursor(kind: list)) {
        try ListCursor(token).validate(for: list, account: account + "x")
      }
      for variant in otherSpellings(of: token) {
        #expect(throws: ListStoreError.invalidCursor(kind: list), "\(variant)") {
          try ListCursor(variant).validate(for: list, account: account)
        }
      }
    }
  }

  // MARK: fuzz-search

  /// The whole seed is the text typed and stored (fuzz-search/SearchProperties.swift).
  @Test(arguments: FuzzSeed.corpus("fuzz-search"))
  func searchSeed(_ seed: FuzzSeed) throws {
    let text = String(decoding: seed.bytes, as: UTF8.self)
    guard !text.unicodeScalars.contains("\0") else {
      #expect(throws: SearchError.nulCharacter) { try SearchQuery(text) }
      return
    }
    let index = try SearchIndex(KindSearchTests.books)
    try index.connection.execute("INSERT INTO books (title) VALUES ('-')")  // no words
    let insert = try index.connection.prepare("INSERT INTO books (title, author) VALUES ('-', ?1)")
    try insert.bind(text, at: 1)
    try insert.run()
    let words = SearchQuery.words(in: text)
    // No error from MATCH; the row is found by its whole text and by each of its words.
    #expect(try index.ids(matching: text) == (words.isEmpty ? nil : [2]))
    for word in words.prefix(16) {
      #expect(try index.ids(matching: word) == [2], "\(word.debugDescription)")
    }
    try index.connection.execute("DELETE FROM books WHERE id = 2")
    try index.checkIntegrity()
  }

  /// `body` with its checksum for `account`, in base64url: the token the store would make.
  private func seal(_ body: [UInt8], account: String) -> String {
    var hash: UInt32 = 0x811c_9dc5
    for byte in Array(account.utf8) + [0] + body { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
    return Base64URL.encode(body + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: hash >> $0) })
  }

  /// The same bytes spelled otherwise: leftover bits set in the last character, `=` padding.
  private func otherSpellings(of token: String) -> [String] {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    guard let last = token.last, let value = alphabet.firstIndex(of: last) else { return [] }
    let leftoverBits = [0, 0, 4, 2][token.utf8.count % 4]
    let respelled = (1..<(1 << leftoverBits)).map {
      String(token.dropLast()) + String(alphabet[value | $0])
    }
    return leftoverBits == 0
      ? [] : respelled + [token + String(repeating: "=", count: 4 - token.utf8.count % 4)]
  }
}
