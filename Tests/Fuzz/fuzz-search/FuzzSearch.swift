import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzMain.test(data, size, check: SearchProperties.check)
}

/// Fuzzes `SearchQuery`, the text a person types made into an FTS5 query, against a real
/// search index. See ``SearchProperties``.
@main enum FuzzSearch {
  static func main() {
    FuzzMain.run(name: "fuzz-search", testOneInput: testOneInput, check: SearchProperties.check)
  }
}
