import ListSync
import Testing

@Suite struct RemoteHeaderTests {
  @Test func parsesNameAndTrimmedValue() throws {
    let header = try RemoteHeader(parsing: "X-Api-Key:  abc: def \t")
    #expect(header.name == "X-Api-Key")
    #expect(header.value == "abc: def")
  }

  @Test func describesWithoutTheValue() throws {
    let header = try RemoteHeader(parsing: "Authorization: Bearer hidden")
    var dumped = ""
    dump(header, to: &dumped)
    for text in ["\(header)", String(reflecting: header), "\([header])", dumped] {
      #expect(text.contains("Authorization"))
      #expect(!text.contains("hidden"))
    }
    #expect("\(header)" == "Authorization: ***")
  }

  @Test(arguments: [
    (
      "no colon", "Authorization Bearer x",
      "A header must look like \"Name: value\"; this one has no colon."
    ),
    ("empty name", ": x", "The header name '' is not valid; use \"Name: value\"."),
    (
      "space in name", "Auth orization: x",
      "The header name 'Auth orization' is not valid; use \"Name: value\"."
    ),
    (
      "line break in value", "X-Key: a\r\nInjected: b",
      "The value of the header X-Key holds a control character."
    ),
  ])
  func rejectsMalformedHeadersWithoutQuotingTheValue(
    _ name: String, _ text: String, _ message: String
  ) {
    #expect(throws: RemoteError.self) { try RemoteHeader(parsing: text) }
    do {
      _ = try RemoteHeader(parsing: text)
    } catch {
      #expect(error.message == message)
      #expect(error.kind == .invalidRequest)
      #expect(error.exitCode == 64)
      #expect(!error.message.contains("Injected"))
    }
  }
}
