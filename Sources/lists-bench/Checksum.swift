import ListStore

/// The checksum `cbench_checksum` computes, over Swift `Order`s: FNV-1a over each order's id,
/// amount, time, status and number length, so that a walk on either side can be shown to have
/// read the same rows in the same order.
enum Checksum {
  /// The value a walk starts from (FNV-1a's offset basis).
  static let seed: UInt64 = 0xCBF2_9CE4_8422_2325

  /// Folds `orders` into `hash`.
  @inline(__always)
  static func fold(_ hash: UInt64, _ orders: some Sequence<Order>) -> UInt64 {
    var hash = hash
    for order in orders {
      hash = mix(hash, UInt64(bitPattern: order.id))
      hash = mix(hash, UInt64(bitPattern: order.total.minorUnits))
      hash = mix(hash, UInt64(bitPattern: order.placedAt.millisecondsSince1970))
      hash = mix(hash, statusIndex(order.status))
      hash = mix(hash, UInt64(order.number.utf8.count))
    }
    return hash
  }

  /// ``fold(_:_:)`` over an array, reading each order's fields in place: iterating would copy
  /// every `Order` out (a retain and a release of its number), work the C side does not do.
  @inline(__always)
  static func fold(_ hash: UInt64, _ orders: [Order]) -> UInt64 {
    orders.withUnsafeBufferPointer { orders in
      var hash = hash
      for index in orders.indices {
        hash = mix(hash, UInt64(bitPattern: orders[index].id))
        hash = mix(hash, UInt64(bitPattern: orders[index].total.minorUnits))
        hash = mix(hash, UInt64(bitPattern: orders[index].placedAt.millisecondsSince1970))
        hash = mix(hash, statusIndex(orders[index].status))
        hash = mix(hash, UInt64(orders[index].number.utf8.count))
      }
      return hash
    }
  }

  /// Folds `books` into `hash` as `cbench_walk_books` folds them: id, price, time, pages,
  /// status and title length.
  @inline(__always)
  static func fold(_ hash: UInt64, books: some Sequence<some ChecksummedBook>) -> UInt64 {
    var hash = hash
    for book in books {
      hash = mix(hash, UInt64(bitPattern: book.id))
      hash = mix(hash, UInt64(bitPattern: book.price?.minorUnits ?? 0))
      hash = mix(hash, UInt64(bitPattern: book.addedAt.millisecondsSince1970))
      hash = mix(hash, UInt64(bitPattern: book.pages ?? 0))
      hash = mix(hash, UInt64(book.statusIndex))
      hash = mix(hash, UInt64(book.title.utf8.count))
    }
    return hash
  }

  @inline(__always)
  private static func mix(_ hash: UInt64, _ value: UInt64) -> UInt64 {
    (hash ^ value) &* 0x100_0000_01B3
  }

  /// The status's position in `OrderStatus.allCases`, as `cbench_status` numbers them.
  @inline(__always)
  private static func statusIndex(_ status: OrderStatus) -> UInt64 {
    switch status {
    case .pending: 0
    case .paid: 1
    case .shipped: 2
    case .delivered: 3
    case .cancelled: 4
    case .refunded: 5
    }
  }
}
