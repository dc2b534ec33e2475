/// One keyset page of a list: its items and the cursor of the page after it.
public struct ListPage<Item: Sendable>: Sendable {
  /// The items, in the list's order.
  public var items: [Item]
  /// Where the next page starts; `nil` when this page is the last.
  public var nextCursor: ListCursor?
  /// Where the page before this one ends (`lists show --before`); `nil` when this page holds
  /// the first item, and on pages that follow a cursor (the page before those ends at it).
  public var previousCursor: ListCursor?
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
  ///   - previousCursor: Where the page before this one ends; nil when this page is the first.
  public init(
    items: [Item], nextCursor: ListCursor?, listHasItems: Bool = false, previousCursor: ListCursor? = nil
  ) {
    self.items = items
    self.nextCursor = nextCursor
    self.listHasItems = listHasItems
    self.previousCursor = previousCursor
  }

  /// Whether more items follow this page.
  public var hasMore: Bool { nextCursor != nil }

  /// The page sizes a repository accepts.
  public static var allowedLimits: ClosedRange<Int> { 1...1000 }
}
