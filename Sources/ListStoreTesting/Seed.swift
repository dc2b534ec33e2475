import ListStore

/// A builder of valid, distinct drafts for seeding a list in tests: draft `i` of `count`.
///
/// The built-in lists have one each (``orders``, ``favorites``, ``addresses``); any other list
/// (a kind) gets one from a closure, so seeding works the same for every list. For example:
/// ```swift
/// try database.orders().importItems(Seed.orders.drafts(3))   // A-1001 ... A-1003
/// let labels = Seed { i in "item \(i)" }.drafts(2)                  // any draft type
/// ```
public struct Seed<Draft: Sendable>: Sendable {
  private let make: @Sendable (Int) throws -> Draft

  /// A seed whose draft number `i` (from 0) is `make(i)`.
  public init(_ make: @escaping @Sendable (Int) throws -> Draft) {
    self.make = make
  }

  /// The first `count` drafts, in order.
  /// - Throws: what the builder throws.
  public func drafts(_ count: Int) throws -> [Draft] {
    try (0..<max(count, 0)).map(make)
  }
}

extension Seed where Draft == OrderDraft {
  /// Orders `A-1001`, `A-1002`, ..., each placed a minute after the one before from
  /// 2026-01-01T00:00:00Z (so the last is the newest), in EUR, cycling through the statuses.
  public static var orders: Seed {
    Seed { i in
      OrderDraft(
        number: "A-\(1001 + i)",
        total: try Money(minorUnits: Int64(1000 + 100 * i), currency: .eur),
        status: OrderStatus.allCases[i % OrderStatus.allCases.count],
        placedAt: Timestamp(millisecondsSince1970: 1_767_225_600_000 + Int64(i) * 60_000))
    }
  }
}

extension Seed where Draft == FavoriteDraft {
  /// Favorites `product-1`, `product-2`, ... titled `Product 1`, `Product 2`, ...
  public static var favorites: Seed {
    Seed { i in FavoriteDraft(ref: "product-\(i + 1)", title: "Product \(i + 1)") }
  }
}

extension Seed where Draft == AddressDraft {
  /// Addresses `Address 1`, `Address 2`, ... in Berlin; none is the default.
  public static var addresses: Seed {
    Seed { i in
      AddressDraft(
        label: "Address \(i + 1)", recipient: "Recipient \(i + 1)", line1: "Street \(i + 1)",
        city: "Berlin", postalCode: "10115", country: "DE")
    }
  }
}
