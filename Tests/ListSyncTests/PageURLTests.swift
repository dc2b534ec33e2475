import Testing

@testable import ListSync

@Suite struct PageURLTests {
  @Test(
    arguments: [
      ("http://h/items", nil, "http://h/items?limit=20"),
      ("http://h/items?a=1", "x y", "http://h/items?a=1&limit=20&cursor=x%20y"),
      (
        "https://h:8443/items?", "a+b&c=d/é",
        "https://h:8443/items?limit=20&cursor=a%2Bb%26c%3Dd%2F%C3%A9"
      ),
      ("http://h/items#frag", "-._~", "http://h/items?limit=20&cursor=-._~"),
    ] as [(String, String?, String)])
  func appendsLimitAndEncodedCursor(_ base: String, _ cursor: String?, _ expected: String) throws {
    #expect(try PageURL(base).page(limit: 20, cursor: cursor) == expected)
  }

  @Test(arguments: [
    "ftp://h/x", "h/items", "http://", "http://:80/x", "http://h/a b", "file:///etc",
  ])
  func refusesWhatIsNotAnAbsoluteHTTPURL(_ url: String) {
    #expect(throws: RemoteError.self) { try PageURL(url) }
  }
}
