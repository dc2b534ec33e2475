extension Currency {
  /// A currency read back from the `orders` table.
  ///
  /// The table only holds three uppercase letters, but another program may have written a code
  /// this build does not know (a withdrawn or newer one). Such a row is still shown, with two
  /// minor-unit digits, rather than making the whole list fail to load.
  init(storedCode code: String) {
    var code = code
    self = code.withUTF8 { Currency(storedUTF8: $0) }
  }

  /// ``init(storedCode:)`` from the column's bytes, without making a `String`: it runs once per
  /// row of every page.
  @inlinable
  init(storedUTF8 bytes: UnsafeBufferPointer<UInt8>) {
    // Kept as stored, known or not; the digits are looked up when asked for.
    guard bytes.count == 3 else {
      self.init(packedCode: ISO4217.pack(0x3F, 0x3F, 0x3F))
      return
    }
    self.init(packedCode: ISO4217.pack(bytes[0], bytes[1], bytes[2]))
  }
}
