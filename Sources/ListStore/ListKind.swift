/// The lists a database keeps.
public enum ListKind: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
  /// Things a person marked as favorite.
  case favorites
  /// Shipping addresses, the default one first.
  case addresses
  /// Placed orders, newest first.
  case orders

  /// The list's name as used in tables, commands and JSON: `favorites`, `addresses`, `orders`.
  public var description: String { rawValue }

  /// The name of one item of the list, for messages: `favorite`, `address`, `order`.
  public var itemName: String {
    switch self {
    case .favorites: "favorite"
    case .addresses: "address"
    case .orders: "order"
    }
  }
}
