/// One keyset page of a list: its items and the cursor of the page after it.
public struct ListPage<Item: Sendable>: Sendable {
  /// The items, in the list's order.
  public var items: [Item]
  /// Where the next page starts; `nil` when this page is the last.
  public var nextCursor: ListCursor?
  /// Whether the list itself has items though this page of a search or filters has none: the
  /// "no results" outcome, told apart from an empty list. Set on an empty first page of a query
  /// only (from the kept count, in O(1)); false otherwise.
  public var listHasItems: Bool

  /// A page of `items` followed by the page at `nextCursor`.
  ///
  /// - Parameters:
  ///   - items: The items, in the list's order.
  ///   - nextCursor: Where the next page starts; nil when this page is the last.
  ///   - listHasItems: Whether the list has items that the page's query did not match.
  public init(items: [Item], nextCursor: ListCursor?, listHasItems: Bool = false) {
    self.items = items
    self.nextCursor = nextCursor
    self.listHasItems = listHasItems
  }

  /// Whether more items follow this page.
  public var hasMore: Bool { nextCursor != nil }

  /// The page sizes a repository accepts.
  public static var allowedLimits: ClosedRange<Int> { 1...1000 }
}
