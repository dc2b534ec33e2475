import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzMain.test(data, size, check: PageProperties.check)
}

/// Fuzzes the remote page decoder behind `lists sync` (ListSync's `PageDecoder`). See
/// ``PageProperties``.
@main enum FuzzPage {
  static func main() {
    FuzzMain.run(name: "fuzz-page", testOneInput: testOneInput, check: PageProperties.check)
  }
}
