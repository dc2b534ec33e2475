/// The active ISO 4217 currency codes (List One) with their minor-unit digits.
///
/// Codes whose minor unit is "N.A." in the standard — precious metals (XAU, XAG, XPD, XPT),
/// bond-market units (XBA…XBD), XDR, XSU, XUA, the testing code XTS and "no currency" XXX — are
/// not here: an amount in them has no exact minor unit, so the store cannot hold one. Withdrawn
/// codes (HRK, SLL, VEF, ZWL, MRO, STD, …) are not here either. Fund codes that do have a minor
/// unit (BOV, CHE, CHW, CLF, COU, MXV, USN, UYI, UYW) are.
///
/// A lookup indexes a table by the code's three letters, so finding a currency is one load: it
/// neither allocates, hashes nor searches.
@usableFromInline
enum ISO4217 {
  /// One entry per code, sorted: the code's bytes in bits 31…8, the minor-unit digits in 7…0.
  ///
  /// Sorting by the whole entry sorts by code, because the code occupies the high bits.
  static let entries: [UInt32] = parse(table)

  /// For each of the 26³ three-letter codes `AAA`…`ZZZ`, in order, its minor-unit digits plus
  /// one, or 0 when it is not an active code (17,576 bytes).
  private static let digitsByCode: [UInt8] = {
    var digitsByCode = [UInt8](repeating: 0, count: 26 * 26 * 26)
    for entry in entries {
      let code = entry >> 8
      let slot = index(
        UInt8(truncatingIfNeeded: code >> 16), UInt8(truncatingIfNeeded: code >> 8),
        UInt8(truncatingIfNeeded: code))
      digitsByCode[slot!] = UInt8(entry & 0xFF) + 1
    }
    return digitsByCode
  }()

  /// The table as people read it: `CODE DIGITS` pairs, in alphabetical order.
  ///
  /// Kept as text so that a reviewer can check it against the standard line by line; it is
  /// packed into ``entries`` once, on first use.
  private static let table: StaticString = """
    AED 2  AFN 2  ALL 2  AMD 2  ANG 2  AOA 2  ARS 2  AUD 2  AWG 2  AZN 2
    BAM 2  BBD 2  BDT 2  BGN 2  BHD 3  BIF 0  BMD 2  BND 2  BOB 2  BOV 2
    BRL 2  BSD 2  BTN 2  BWP 2  BYN 2  BZD 2
    CAD 2  CDF 2  CHE 2  CHF 2  CHW 2  CLF 4  CLP 0  CNY 2  COP 2  COU 2
    CRC 2  CUC 2  CUP 2  CVE 2  CZK 2
    DJF 0  DKK 2  DOP 2  DZD 2
    EGP 2  ERN 2  ETB 2  EUR 2
    FJD 2  FKP 2
    GBP 2  GEL 2  GHS 2  GIP 2  GMD 2  GNF 0  GTQ 2  GYD 2
    HKD 2  HNL 2  HTG 2  HUF 2
    IDR 2  ILS 2  INR 2  IQD 3  IRR 2  ISK 0
    JMD 2  JOD 3  JPY 0
    KES 2  KGS 2  KHR 2  KMF 0  KPW 2  KRW 0  KWD 3  KYD 2  KZT 2
    LAK 2  LBP 2  LKR 2  LRD 2  LSL 2  LYD 3
    MAD 2  MDL 2  MGA 2  MKD 2  MMK 2  MNT 2  MOP 2  MRU 2  MUR 2  MVR 2
    MWK 2  MXN 2  MXV 2  MYR 2  MZN 2
    NAD 2  NGN 2  NIO 2  NOK 2  NPR 2  NZD 2
    OMR 3
    PAB 2  PEN 2  PGK 2  PHP 2  PKR 2  PLN 2  PYG 0
    QAR 2
    RON 2  RSD 2  RUB 2  RWF 0
    SAR 2  SBD 2  SCR 2  SDG 2  SEK 2  SGD 2  SHP 2  SLE 2  SOS 2  SRD 2
    SSP 2  STN 2  SVC 2  SYP 2  SZL 2
    THB 2  TJS 2  TMT 2  TND 3  TOP 2  TRY 2  TTD 2  TWD 2  TZS 2
    UAH 2  UGX 0  USD 2  USN 2  UYI 0  UYU 2  UYW 4  UZS 2
    VED 2  VES 2  VND 0  VUV 0
    WST 2
    XAF 0  XCD 2  XCG 2  XOF 0  XPF 0
    YER 2
    ZAR 2  ZMW 2  ZWG 2
    """

  /// Packs three ASCII bytes big-endian into the low 24 bits: the code part of an entry.
  @inlinable @inline(__always)
  static func pack(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8) -> UInt32 {
    UInt32(b0) << 16 | UInt32(b1) << 8 | UInt32(b2)
  }

  /// The entry of the code made of the ASCII bytes `b0 b1 b2`, or `nil` when it is not an
  /// active code (lowercase letters and other bytes included).
  @inline(__always)
  static func entry(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8) -> UInt32? {
    guard let slot = index(b0, b1, b2) else { return nil }
    let digits = digitsByCode.withUnsafeBufferPointer { $0[slot] }
    guard digits != 0 else { return nil }
    return pack(b0, b1, b2) << 8 | UInt32(digits - 1)
  }

  /// The position of the code `b0 b1 b2` in ``digitsByCode``, or `nil` unless it is made of
  /// three uppercase ASCII letters.
  @inline(__always)
  private static func index(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8) -> Int? {
    let l0 = b0 &- 0x41
    let l1 = b1 &- 0x41
    let l2 = b2 &- 0x41
    guard l0 < 26, l1 < 26, l2 < 26 else { return nil }
    return (Int(l0) * 26 + Int(l1)) * 26 + Int(l2)
  }

  /// Turns ``table`` into sorted packed entries; a malformed or unsorted table is a bug.
  ///
  /// It reads the table's bytes in one pass without making a string per word: this runs at
  /// the start of every `lists show orders`, where a tenth of a millisecond counts.
  private static func parse(_ table: StaticString) -> [UInt32] {
    var result: [UInt32] = []
    result.reserveCapacity(180)
    let bytes = UnsafeBufferPointer(start: table.utf8Start, count: table.utf8CodeUnitCount)
    var index = 0
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A }
    while index < bytes.count {
      if isSpace(bytes[index]) {
        index += 1
        continue
      }
      // `CODE D`: three uppercase letters, one space, one digit.
      precondition(
        index + 5 <= bytes.count && (0x41...0x5A).contains(bytes[index])
          && (0x41...0x5A).contains(bytes[index + 1]) && (0x41...0x5A).contains(bytes[index + 2])
          && bytes[index + 3] == 0x20 && (0x30...0x34).contains(bytes[index + 4])
          && (index + 5 == bytes.count || isSpace(bytes[index + 5])),
        "ISO 4217 table: malformed entry at byte \(index)")
      let entry =
        pack(bytes[index], bytes[index + 1], bytes[index + 2]) << 8 | UInt32(bytes[index + 4] - 0x30)
      precondition(
        result.last.map { $0 >> 8 < entry >> 8 } ?? true,
        "ISO 4217 table: entry at byte \(index) is out of order or repeated")
      result.append(entry)
      index += 5
    }
    return result
  }
}
