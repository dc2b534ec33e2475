/// One page returned by a ``PageSource``: its items and where the next page starts.
public struct SourcePage<Item: Sendable, Cursor: Sendable>: Sendable {
  /// The items of the page, in list order.
  public var items: [Item]
  /// Where the next page starts, or nil when this page is the last one.
  public var nextCursor: Cursor?

  /// Creates a page.
  ///
  /// - Parameters:
  ///   - items: The items of the page, in list order.
  ///   - nextCursor: Where the next page starts; nil when the end of the list was reached.
  @inlinable
  public init(items: [Item], nextCursor: Cursor?) {
    self.items = items
    self.nextCursor = nextCursor
  }

  /// Whether the source says another page follows this one.
  @inlinable public var hasMore: Bool { nextCursor != nil }
}

extension SourcePage: Equatable where Item: Equatable, Cursor: Equatable {}
