import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzMain.test(data, size, check: AmountProperties.check)
}

/// Fuzzes the value parsers of the store: `Money(parsing:currency:)`, `Currency(code:)` and
/// `Timestamp(iso8601:)`. See ``AmountProperties``.
@main enum FuzzAmount {
  static func main() {
    FuzzMain.run(name: "fuzz-amount", testOneInput: testOneInput, check: AmountProperties.check)
  }
}
