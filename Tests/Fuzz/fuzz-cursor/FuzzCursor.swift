import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzMain.test(data, size, check: CursorProperties.check)
}

/// Fuzzes the cursor decoder behind `ListCursor.validate(for:account:)`. See
/// ``CursorProperties``.
@main enum FuzzCursor {
  static func main() {
    FuzzMain.run(name: "fuzz-cursor", testOneInput: testOneInput, check: CursorProperties.check)
  }
}
