/// One keyset page of a list: its items and the cursor of the page after it.
public struct ListPage<Item: Sendable>: Sendable {
  /// The items, in the list's order.
  public var items: [Item]
  /// Where the next page starts; `nil` when this page is the last.
  public var nextCursor: ListCursor?

  /// A page of `items` followed by the page at `nextCursor`.
  public init(items: [Item], nextCursor: ListCursor?) {
    self.items = items
    self.nextCursor = nextCursor
  }

  /// Whether more items follow this page.
  public var hasMore: Bool { nextCursor != nil }

  /// The page sizes a repository accepts.
  public static var allowedLimits: ClosedRange<Int> { 1...1000 }
}
