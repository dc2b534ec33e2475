import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzMain.test(data, size, check: KindProperties.check)
}

/// Fuzzes the kind definition parser `KindDefinition(json:)`, its validation and the schema a
/// valid definition makes. See ``KindProperties``.
@main enum FuzzKinds {
  static func main() {
    FuzzMain.run(name: "fuzz-kinds", testOneInput: testOneInput, check: KindProperties.check)
  }
}
