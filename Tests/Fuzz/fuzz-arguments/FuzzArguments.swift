import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzMain.test(data, size, check: ArgumentProperties.check)
}

/// Fuzzes the command-line tokenizer and parser of `lists`. See ``ArgumentProperties``.
@main enum FuzzArguments {
  static func main() {
    FuzzMain.run(
      name: "fuzz-arguments", testOneInput: testOneInput, check: ArgumentProperties.check)
  }
}
