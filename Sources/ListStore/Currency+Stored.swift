extension Currency {
  /// A currency read back from the `orders` table.
  ///
  /// The table only holds three uppercase letters, but another program may have written a code
  /// this build does not know (a withdrawn or newer one). Such a row is still shown, with two
  /// minor-unit digits, rather than making the whole list fail to load.
  init(storedCode code: String) {
    if let known = try? Currency(code: code) {
      self = known
      return
    }
    var bytes = code.utf8.makeIterator()
    let b0 = bytes.next() ?? 0x3F
    let b1 = bytes.next() ?? 0x3F
    let b2 = bytes.next() ?? 0x3F
    self.init(packedCode: ISO4217.pack(b0, b1, b2), minorUnitDigits: 2)
  }
}
