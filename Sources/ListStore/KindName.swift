/// A kind's name with the name of one of its items: which list of a database a page, an error
/// or an observer is about. One of the built-in three or any kind registered in the file
/// (``KindDefinition``).
///
/// Two values are equal when they name the same kind. The built-in lists are
/// ``favorites``, ``addresses`` and ``orders``; any other kind is made from its name or its
/// definition:
///
/// ```swift
/// let books = KindName(KindDefinition.books)  // or KindName(rawValue: "books")
/// ```
public struct KindName: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
  /// The kind's name as used in tables, commands and JSON: `favorites`, `books`.
  public let rawValue: String
  /// The name of one item of the list, for messages: `favorite`, `book`.
  public let itemName: String

  /// The list of the kind named `rawValue`, or nil when that is not a kind's name
  /// (`[a-z][a-z0-9_]*`, at most 40 characters). The item name is the built-in one, or the
  /// name made singular (`books` → `book`); ``init(_:)`` takes the definition's.
  public init?(rawValue: String) {
    guard KindDefinition.isKindName(rawValue) else { return nil }
    self.rawValue = rawValue
    self.itemName =
      KindDefinition.builtIns.first { $0.name == rawValue }?.item ?? KindDefinition.singular(of: rawValue)
  }

  init(name: String, itemName: String) {
    rawValue = name
    self.itemName = itemName
  }

  /// The list of the kind `definition` describes.
  public init(_ definition: KindDefinition) {
    rawValue = definition.name
    itemName = definition.item
  }

  /// Things a person marked as favorite.
  public static let favorites = KindName(KindDefinition.favorites)
  /// Shipping addresses, the default one first.
  public static let addresses = KindName(KindDefinition.addresses)
  /// Placed orders, newest first.
  public static let orders = KindName(KindDefinition.orders)

  /// The lists every database has, in the order the overview shows them.
  public static let builtIns: [KindName] = KindDefinition.builtIns.map(KindName.init)

  /// The list's name: `favorites`, `addresses`, `orders`, `books`.
  public var description: String { rawValue }

  /// Whether two values name the same kind.
  public static func == (left: KindName, right: KindName) -> Bool { left.rawValue == right.rawValue }

  /// Hashes the kind's name.
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

/// The name ``KindName`` had: it is a kind's name, not a kind.
@available(*, deprecated, renamed: "KindName")
public typealias ListKind = KindName
