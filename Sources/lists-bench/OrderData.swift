/// Orders as raw values, the way an import reads them: text numbers, status names and currency
/// codes, integer amounts and times.
///
/// Generated once per run from a fixed seed, outside every timed region, so both sides insert
/// exactly the same rows in the same order.
struct OrderData {
  /// Order numbers, unique and in placing order: `A-000001`, ..., `B-000000` after a million.
  var numbers: [String]
  /// Status names as stored: `pending`, `paid`, ...
  var statuses: [String]
  /// Amounts in the currency's minor units.
  var totals: [Int64]
  /// ISO 4217 codes: mostly EUR, some USD, a few JPY.
  var currencies: [String]
  /// Distinct Unix milliseconds, increasing, spread over `spanYears` years.
  var placedAt: [Int64]

  /// How many orders.
  var count: Int { numbers.count }

  /// The statuses an order can have, in `OrderStatus.allCases` order.
  static let statusNames = ["pending", "paid", "shipped", "delivered", "cancelled", "refunded"]
  /// The currencies the data uses.
  static let currencyCodes = ["EUR", "USD", "JPY"]
  /// When the first order is placed: 2020-01-01T00:00:00Z.
  static let firstPlacedAt: Int64 = 1_577_836_800_000
  /// Over how many years the orders are spread.
  static let spanYears: Int64 = 6

  /// `count` orders drawn from a SplitMix generator seeded with `seed`.
  ///
  /// Times are increasing — an imported history is roughly in placing order, so the row ids
  /// follow the times as they would in a real file — and distinct: each order gets its own slot
  /// of the span with a random offset inside it.
  static func generate(count: Int, seed: UInt64) -> OrderData {
    var random = SplitMix(seed: seed)
    var data = OrderData(numbers: [], statuses: [], totals: [], currencies: [], placedAt: [])
    data.numbers.reserveCapacity(count)
    data.statuses.reserveCapacity(count)
    data.totals.reserveCapacity(count)
    data.currencies.reserveCapacity(count)
    data.placedAt.reserveCapacity(count)
    let span = spanYears * 365 * 86_400_000
    let slot = max(1, span / Int64(max(count, 1)))
    for index in 0..<count {
      data.numbers.append(orderNumber(index + 1))
      data.statuses.append(statusNames[Int(random.next() % UInt64(statusNames.count))])
      let draw = random.next() % 10
      let currency = draw < 6 ? 0 : draw < 9 ? 1 : 2
      data.currencies.append(currencyCodes[currency])
      // 100 to 99,999 minor units: 1.00 to 999.99 EUR or USD, 100 to 99,999 JPY.
      data.totals.append(Int64(100 + random.next() % 99_900))
      data.placedAt.append(
        firstPlacedAt + Int64(index) * slot + Int64(random.next() % UInt64(slot)))
    }
    return data
  }

  /// `A-000123` for 123; the letter moves on every million (`B-000000` is 1,000,000).
  static func orderNumber(_ value: Int) -> String {
    let letter = UInt8(ascii: "A") + UInt8((value / 1_000_000) % 26)
    var digits = value % 1_000_000
    return String(unsafeUninitializedCapacity: 8) { buffer in
      buffer[0] = letter
      buffer[1] = UInt8(ascii: "-")
      for position in stride(from: 7, through: 2, by: -1) {
        buffer[position] = UInt8(ascii: "0") + UInt8(digits % 10)
        digits /= 10
      }
      return 8
    }
  }
}
