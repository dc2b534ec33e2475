import CBench

/// ``OrderData`` as the C baseline takes it: arrays of C strings and integers, built once,
/// outside the timed regions, and freed with this value.
///
/// Numbers are copied one by one; statuses and currencies point at one shared copy of each
/// distinct value, as the Swift side's strings share their literals.
final class COrders {
  let count: Int
  private let numbers: UnsafeMutablePointer<UnsafePointer<CChar>?>
  private let statuses: UnsafeMutablePointer<UnsafePointer<CChar>?>
  private let currencies: UnsafeMutablePointer<UnsafePointer<CChar>?>
  private let totals: UnsafeMutablePointer<Int64>
  private let placedAt: UnsafeMutablePointer<Int64>
  private var shared: [String: UnsafeMutablePointer<CChar>] = [:]

  init(_ data: OrderData) {
    count = data.count
    numbers = .allocate(capacity: count)
    statuses = .allocate(capacity: count)
    currencies = .allocate(capacity: count)
    totals = .allocate(capacity: count)
    placedAt = .allocate(capacity: count)
    for index in 0..<count {
      numbers[index] = UnsafePointer(CStrings.copy(data.numbers[index]))
      statuses[index] = UnsafePointer(interned(data.statuses[index]))
      currencies[index] = UnsafePointer(interned(data.currencies[index]))
      totals[index] = data.totals[index]
      placedAt[index] = data.placedAt[index]
    }
  }

  deinit {
    for index in 0..<count { CStrings.release(UnsafeMutablePointer(mutating: numbers[index])) }
    for pointer in shared.values { CStrings.release(pointer) }
    numbers.deallocate()
    statuses.deallocate()
    currencies.deallocate()
    totals.deallocate()
    placedAt.deallocate()
  }

  private func interned(_ text: String) -> UnsafeMutablePointer<CChar> {
    if let pointer = shared[text] { return pointer }
    let pointer = CStrings.copy(text)!
    shared[text] = pointer
    return pointer
  }

  /// The input of `cbench_insert_orders` for these orders in `account` (a C string the caller
  /// keeps alive).
  func input(account: UnsafePointer<CChar>) -> cbench_orders_input {
    cbench_orders_input(
      account: account, numbers: UnsafePointer(numbers), statuses: UnsafePointer(statuses),
      total_minor: UnsafePointer(totals), currencies: UnsafePointer(currencies),
      placed_at: UnsafePointer(placedAt), count: count)
  }
}
