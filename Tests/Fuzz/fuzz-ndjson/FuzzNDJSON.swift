import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzMain.test(data, size, check: NDJSONProperties.check)
}

/// Fuzzes the NDJSON import path: line reader, strict JSON parser, item decoders. See
/// ``NDJSONProperties``.
@main enum FuzzNDJSON {
  static func main() {
    FuzzMain.run(name: "fuzz-ndjson", testOneInput: testOneInput, check: NDJSONProperties.check)
  }
}
