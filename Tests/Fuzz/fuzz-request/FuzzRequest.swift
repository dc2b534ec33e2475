import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzMain.test(data, size, check: RequestProperties.check)
}

/// Fuzzes what `lists-server` decodes of a request: a push's body, a page's cursor and
/// checkpoint, and an item checked against a kind. See ``RequestProperties``.
@main enum FuzzRequest {
  static func main() {
    FuzzMain.run(name: "fuzz-request", testOneInput: testOneInput, check: RequestProperties.check)
  }
}
