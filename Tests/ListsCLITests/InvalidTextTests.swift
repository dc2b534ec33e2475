import Testing

@testable import ListsCLI

@Suite struct InvalidTextTests {
  @Test func validArgumentsDecodeUnchanged() throws {
    let words = ["add", "favorites", "--title", "Käse 🧀", "\u{FFFD} is fine", ""]
    let decoded = try InvalidText.decode(arguments: words.map { Array($0.utf8) }).get()
    #expect(decoded == words)
  }

  @Test(arguments: [
    ([0xFF] as [UInt8], "'\\xFF'"),
    ([0x63, 0x61, 0x66, 0xE9], "'caf\\xE9'"),
    ([0xC0, 0xAF], "'\\xC0\\xAF'"),
    ([0xED, 0xA0, 0x80], "'\\xED\\xA0\\x80'"),
    ([0x61, 0xC3], "'a\\xC3'"),
  ])
  func invalidArgumentIsNamedNotRepaired(_ bytes: [UInt8], _ shown: String) {
    let result = InvalidText.decode(arguments: [Array("add".utf8), bytes])
    guard case .failure(let invalid) = result else {
      Issue.record("decoded \(bytes) as \(result)")
      return
    }
    #expect(invalid == InvalidText(source: .argument(2), bytes: bytes))
    #expect(
      invalid.message == "Argument 2 (\(shown)) is not valid UTF-8; lists takes text as UTF-8.")
  }

  @Test func variableMessageNamesTheVariable() {
    let invalid = InvalidText(source: .variable("LISTS_ACCOUNT"), bytes: [0x61, 0xFF, 0x5C])
    #expect(
      invalid.message
        == "The environment variable LISTS_ACCOUNT ('a\\xFF\\x5C') is not valid UTF-8; set it to UTF-8 text or unset it."
    )
  }

  @Test func variablesReadFollowTheDefaults() {
    let empty = Environment([:])
    #expect(
      GlobalOptions().variablesRead(in: empty) == [
        "LISTS_ACCOUNT", "LISTS_DB", "XDG_DATA_HOME", "HOME",
      ])
    #expect(GlobalOptions(database: "x.db", accountName: "a").variablesRead(in: empty) == [])
    #expect(GlobalOptions(database: "x.db").variablesRead(in: empty) == ["LISTS_ACCOUNT"])
    #expect(
      GlobalOptions(accountName: "a").variablesRead(in: Environment(["LISTS_DB": "/x.db"])) == [
        "LISTS_DB"
      ])
    #expect(
      GlobalOptions(accountName: "a").variablesRead(in: Environment(["XDG_DATA_HOME": "/data"]))
        == ["LISTS_DB", "XDG_DATA_HOME"])
    // A strings-only environment cannot hold invalid UTF-8.
    #expect(Environment(["LISTS_DB": "x"]).invalidText(among: ["LISTS_DB"]) == nil)
  }
}
